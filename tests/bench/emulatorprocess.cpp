#include "emulatorprocess.h"

#include <QRegularExpression>

#include <csignal>
#include <cstdio>

#include <sys/prctl.h>

using namespace Qt::StringLiterals;

bool EmulatorProcess::start(const QString &program, const QStringList &args)
{
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    // A benchmark killed by a timeout (ctest's or `timeout`'s) never reaches its destructor: the emulator
    // would live on with its port, its CPU and every descriptor it inherited, a build lock among them.
    m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
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
