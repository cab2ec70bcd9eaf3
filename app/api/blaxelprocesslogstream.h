#pragma once

#include "api/blaxellinestream.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

class BlaxelSandboxFiles;

// One line of a process's log, from the stream it was written to.
struct BlaxelLogLine
{
    QString text;       // without its newline
    bool error = false; // written to stderr

    bool operator==(const BlaxelLogLine &other) const = default;
};

// A Blaxel process's log followed through GET /process/{id}/logs/stream (@blaxel/core's streamLogs): what it
// wrote so far, then each line as it comes, "stdout:" or "stderr:" before it, until the process ends and
// the body with it. A broken stream is asked for again (BlaxelLineStream); it then comes again from its
// start, which startedOver() says. Lines come in batches, one per event-loop pass, not one signal a line.
class BlaxelProcessLogStream final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelProcessLogStream)

public:
    explicit BlaxelProcessLogStream(BlaxelSandboxFiles *files, QObject *parent = nullptr);
    ~BlaxelProcessLogStream() override = default;

    void setTiming(const BlaxelLineStream::Timing &timing) { m_stream.setTiming(timing); }
    // (Re)starts following `process` (a name or a pid); an earlier one is dropped.
    void start(const QString &process);
    // Nothing more is emitted after this returns.
    void stop();
    bool isFollowing() const { return m_stream.isRunning() || !m_batch.isEmpty(); }
    QString process() const { return m_process; }

Q_SIGNALS:
    // What was received from this stream so far comes again: the lines shown are to be replaced.
    void startedOver();
    void linesReceived(const QList<BlaxelLogLine> &lines);
    void interrupted(const QString &problem);
    // The process ended, and its log with it: every line has come.
    void finished();

private:
    void take(const QByteArray &line, bool cut);
    void emitBatch();

    QPointer<BlaxelSandboxFiles> m_files;
    BlaxelLineStream m_stream;
    QString m_process;
    QList<BlaxelLogLine> m_batch;
    bool m_ended = false; // finished() waits for the last batch
    QTimer m_emit;
};
