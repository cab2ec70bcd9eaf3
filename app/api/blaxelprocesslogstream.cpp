#include "api/blaxelprocesslogstream.h"

#include "api/blaxelsandboxfiles.h"
#include "api/blaxelsandboxprocesses.h"

#include <utility>

using namespace Qt::StringLiterals;

BlaxelProcessLogStream::BlaxelProcessLogStream(BlaxelSandboxFiles *files, QObject *parent)
    : QObject(parent), m_files(files), m_stream(files)
{
    m_emit.setSingleShot(true);
    m_emit.setInterval(0);
    connect(&m_emit, &QTimer::timeout, this, &BlaxelProcessLogStream::emitBatch);
    connect(&m_stream, &BlaxelLineStream::lineReceived, this, &BlaxelProcessLogStream::take);
    connect(&m_stream, &BlaxelLineStream::interrupted, this, &BlaxelProcessLogStream::interrupted);
    connect(&m_stream, &BlaxelLineStream::opened, this, [this](bool again) {
        if (!again)
            return;
        m_batch.clear();
        Q_EMIT startedOver();
    });
    connect(&m_stream, &BlaxelLineStream::finished, this, [this] {
        m_ended = true;
        m_emit.start();
    });
}

void BlaxelProcessLogStream::start(const QString &process)
{
    stop();
    m_process = process;
    QString refusal = m_files ? m_files->refusal({}) : QString();
    if (refusal.isEmpty())
        refusal = BlaxelSandboxProcesses::refusal(process);
    m_stream.start(BlaxelSandboxProcesses::path(process) + u"/logs/stream"_s, process,
                   BlaxelLineStream::Ending::Final, refusal);
}

void BlaxelProcessLogStream::stop()
{
    m_stream.stop();
    m_emit.stop();
    m_batch.clear();
    m_ended = false;
}

void BlaxelProcessLogStream::take(const QByteArray &line, bool cut)
{
    BlaxelLogLine taken;
    QByteArray text = line;
    // As @blaxel/core reads them: a line without either prefix is the log's all the same.
    if (text.startsWith("stdout:")) {
        text.remove(0, 7);
    } else if (text.startsWith("stderr:")) {
        text.remove(0, 7);
        taken.error = true;
    }
    taken.text = QString::fromUtf8(text);
    if (cut)
        taken.text += u'…';
    m_batch.append(std::move(taken));
    if (!m_emit.isActive())
        m_emit.start();
}

void BlaxelProcessLogStream::emitBatch()
{
    if (!m_batch.isEmpty())
        Q_EMIT linesReceived(std::exchange(m_batch, {}));
    if (std::exchange(m_ended, false))
        Q_EMIT finished();
}
