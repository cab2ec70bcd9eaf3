#pragma once

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <QStringList>

// One workspace transfer (an upload or a dump): progress in bytes, a cancel, and exactly one end in
// Done, Failed or Cancelled. The Transfers view is the tracker of these jobs.
class TransferJob : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransferJob)

public:
    enum class Direction
    {
        Upload,
        Download
    };
    enum class State
    {
        Queued,
        Packing,
        Uploading,
        Initializing,
        Requesting,
        Downloading,
        Extracting,
        Done,
        Failed,
        Cancelled
    };
    Q_ENUM(State)

    TransferJob(Direction direction, const QString &sandboxId, const QString &name,
                QObject *parent = nullptr);

    Direction direction() const { return m_direction; }
    QString sandboxId() const { return m_sandboxId; }
    QString name() const { return m_name; }
    State state() const { return m_state; }
    bool isFinished() const
    {
        return m_state == State::Done || m_state == State::Failed || m_state == State::Cancelled;
    }
    bool isActive() const { return m_state != State::Queued && !isFinished(); }
    qint64 bytesDone() const { return m_bytesDone; }
    qint64 bytesTotal() const { return m_bytesTotal; }
    // Bytes per second over the last few seconds; 0 when nothing moved.
    double bytesPerSecond() const;
    // Seconds left at the current speed; -1 when unknown.
    qint64 secondsLeft() const;
    QString errorText() const { return m_errorText; }
    // Where the result is: the saved archive or the extraction folder (downloads only).
    QString resultPath() const { return m_resultPath; }
    // "path: why" for each archive entry a finished extraction deliberately left out (links out of the
    // tree, devices, ...): a success that must not look complete.
    QStringList leftOut() const { return m_leftOut; }
    QString stateText() const;

    // A job refused before any work (a dropped file that is no .tar.gz, a folder that is not empty) fails
    // inside start(): connect to finished() before calling it.
    virtual void start() = 0;
    virtual void cancel() = 0;
    // A fresh job with the same parameters, for "Retry".
    virtual TransferJob *clone(QObject *parent) const = 0;

signals:
    void stateChanged(TransferJob::State state);
    void progressChanged(qint64 done, qint64 total);
    void finished();

protected:
    void setState(State state);
    void setProgress(qint64 done, qint64 total);
    void setResultPath(const QString &path) { m_resultPath = path; }
    void setLeftOut(const QStringList &entries) { m_leftOut = entries; }
    void fail(const QString &errorText);
    void succeed();
    void markCancelled();

private:
    Direction m_direction;
    QString m_sandboxId;
    QString m_name;
    State m_state = State::Queued;
    qint64 m_bytesDone = 0;
    qint64 m_bytesTotal = 0;
    QString m_errorText;
    QString m_resultPath;
    QStringList m_leftOut;
    QElapsedTimer m_clock;
    QList<QPair<qint64, qint64>> m_samples; // (milliseconds, bytes) over a short window, for the speed
};
