#include "emulatorprocess.h"

#include <QRegularExpression>

#include <cstdio>

using namespace Qt::StringLiterals;

bool EmulatorProcess::start(const QString &program, const QStringList &args)
{
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start(program, args);
    static const QRegularExpression listening(u"listening on (http://127\\.0\\.0\\.1:\\d+)"_s);
    QString out;
    while (m_process.waitForReadyRead(60000)) {
        out += QString::fromUtf8(m_process.readAllStandardOutput());
        if (const auto match = listening.match(out); match.hasMatch()) {
            m_api = match.captured(1);
            return true;
        }
    }
    std::fprintf(stderr, "the emulator did not start: %s\n", qPrintable(out));
    return false;
}

EmulatorProcess::~EmulatorProcess()
{
    m_process.kill();
    m_process.waitForFinished();
}
