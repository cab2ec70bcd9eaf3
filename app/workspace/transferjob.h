#pragma once

#include "workspace/archivefacts.h"
#include "workspace/rateestimator.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>

// One workspace transfer (an upload or a dump): progress in bytes, a cancel, and exactly one end in
// Done, Failed or Cancelled. The Transfers view is the tracker of these jobs.
class ApiError;
class BlaxelSandboxCall;
class QTemporaryDir;

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
    // Why a job failed, which decides whether "Retry" can help (isRetryable): one home for that decision.
    enum class FailureKind
    {
        Transient,   // network drop, timeout, 5xx: the same request may well succeed later
        UrlExpired,  // the signed URL was refused even after a fresh one: a new job asks again
        Rejected,    // a 4xx of the API or the store, a refused archive: the same input fails again
        Policy,      // refused here by rule (a URL scheme, a stated size limit, a folder not empty)
        HostileData, // what came back cannot be trusted (damaged gzip, an archive the extractor refused)
        DiskFull,    // only freeing space helps; a retry now would fail the same way
        Local        // this machine: an unreadable file, a temporary folder that cannot be made
    };
    Q_ENUM(FailureKind)

    TransferJob(Direction direction, const QString &sandboxId, const QString &name,
                QObject *parent = nullptr);
    // A subclass stops whatever works in the temporary folder (a packer, an extractor) before this removes
    // it.
    ~TransferJob() override;

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
    // Bytes per second of the current phase, smoothed; 0 until enough has moved to say (RateEstimator).
    double bytesPerSecond() const;
    // Seconds left for the whole job, all phases; -1 while unknown, never 0 while work remains.
    qint64 secondsLeft() const;
    // How far the whole job is, 0..1 over its weighted phases (pack, upload, initialize; download, extract);
    // -1 before anything can be said. A failed job keeps where it stopped.
    double overallFraction() const;
    QString errorText() const { return m_errorText; }
    FailureKind failureKind() const { return m_failureKind; }
    // Failed for a reason a retry can help with, or cancelled.
    bool canRetry() const;
    // The kind of an API call's failure: network, timeout and the statuses RetryPolicy retries are
    // transient, any other status is not.
    static FailureKind failureKindOf(const ApiError &error);
    // When the job started work (invalid while queued) and ended (invalid while running).
    QDateTime startedAt() const { return m_startedAt; }
    QDateTime finishedAt() const { return m_finishedAt; }
    // Whole seconds from start to end (to now while running); 0 for a job that never started.
    qint64 durationSeconds() const;
    // The outcome is decided and only a temporary folder's removal is left: a cancel now comes too late.
    bool isFinishing() const { return m_finishing; }
    // Cancelled after the sandbox was asked to unpack the upload: that request cannot be taken back, so the
    // files may be in the workspace all the same.
    bool mayHaveLanded() const { return m_state == State::Cancelled && m_unpackRequested; }
    // Bytes that went over the network (the upload or the download itself) and the time spent moving them.
    qint64 networkBytes() const { return m_networkBytes; }
    qint64 networkMilliseconds() const;
    // Where the result is: the saved archive or the extraction folder (downloads only).
    QString resultPath() const { return m_resultPath; }
    // "path: why" for each archive entry a finished extraction deliberately left out (links out of the
    // tree, devices, ...): a success that must not look complete.
    QStringList leftOut() const { return m_leftOut; }
    QString stateText() const;
    // Why the job is held up right now, when it is (a sandbox still starting, asked again); empty otherwise.
    QString waitingNote() const { return m_waitingNote; }
    // What was moved, for the ledger: the archive's SHA-256 (lowercase hex, empty while unknown), its size
    // in bytes and the regular files in it (-1 while unknown). Complete once the job is Done: a success
    // waits for a measure still running.
    QString sha256() const { return m_facts.sha256; }
    qint64 archiveBytes() const { return m_facts.bytes; }
    qint64 fileCount() const { return m_facts.fileCount; }
    const ArchiveFacts &archiveFacts() const { return m_facts; }

    // A job refused before any work (a dropped file that is no .tar.gz, a folder that is not empty) fails
    // inside start(): connect to finished() before calling it.
    virtual void start() = 0;
    virtual void cancel() = 0;
    // A fresh job with the same parameters, for "Retry".
    virtual TransferJob *clone(QObject *parent) const = 0;

signals:
    void stateChanged(TransferJob::State state);
    void progressChanged(qint64 done, qint64 total);
    void waitingNoteChanged(const QString &note);
    void finished();

protected:
    void setState(State state);
    void setProgress(qint64 done, qint64 total);
    void setResultPath(const QString &path) { m_resultPath = path; }
    void setWaitingNote(const QString &note);
    // `call`'s waits for its sandbox to come up are this job's waiting note until the call ends.
    void reportWaitsOf(BlaxelSandboxCall *call);
    void setLeftOut(const QStringList &entries) { m_leftOut = entries; }
    // What the job computed itself, as the bytes passed (the packer's hash, a download's).
    void setArchiveFacts(const ArchiveFacts &facts) { m_facts = facts; }
    void setFileCount(qint64 files) { m_facts.fileCount = files; }
    // Measures the archive at `path` on a worker (ArchiveFacts::measure, a hash and, with `countFiles`, a
    // header walk), filling in what the job does not know yet; `then` runs after it, on this thread. The job
    // may go on meanwhile, but its success waits for the measure. The file must stay at `path` until then.
    void measureArchive(const QString &path, bool countFiles, std::function<void()> then = {});
    bool isMeasuring() const { return m_measuring; }
    // The weight of each phase in the overall progress, in the order they run; phases not listed (queued,
    // requesting a URL) hold the bar where it is.
    void setPhaseWeights(const QList<QPair<State, double>> &weights);
    void fail(const QString &errorText, FailureKind kind);
    void succeed();
    void markCancelled();
    // The cancel guard of every job: true for the one call that starts cancelling a job still running, false
    // once it ended, its outcome is decided (isFinishing) or a cancel came before.
    bool beginCancel();
    // From a cancel on, answers still arriving (an aborted call's, a finished worker's) are no news. A job
    // that ends itself while aborting a reply sets it too: the abort's answer is its own.
    bool isCancelling() const { return m_cancelling; }
    // The request that makes the upload land (unpack it into the workspace) is on its way: a cancel from
    // now on cannot take it back.
    void markUnpackRequested() { m_unpackRequested = true; }
    void setCancelling() { m_cancelling = true; }
    // The job's temporary folder for a packed or downloaded archive, from a QTemporaryDir template
    // (".../name-XXXXXX"); false when it cannot be made.
    bool makeTemporaryFolder(const QString &pathTemplate);
    QString temporaryFilePath(const QString &fileName) const;
    // Drops the job's network reply or call and anything half-written: every end of the job runs it.
    virtual void stopTransfer() {}
    // stopTransfer(), and the temporary folder with what it holds removed on a worker (an archive as big as
    // the workspace takes a while to unlink); nobody waits.
    void cleanUp();
    // stopTransfer(), then `end` (one of the three ends above) once the temporary folder is removed on a
    // worker, at once when there is none. The outcome is decided from here on (isFinishing): subclasses'
    // cancel() must leave it alone.
    void cleanUpThen(std::function<void()> end);

private:
    static bool isRetryable(FailureKind kind);
    void enterPhase(State state);
    void updateOverall();
    void endNetworkPhase();
    void end(State state);

    Direction m_direction;
    QString m_sandboxId;
    QString m_name;
    State m_state = State::Queued;
    qint64 m_bytesDone = 0;
    qint64 m_bytesTotal = 0;
    QString m_errorText;
    QString m_resultPath;
    QString m_waitingNote;
    QStringList m_leftOut;
    FailureKind m_failureKind = FailureKind::Transient;
    bool m_finishing = false;
    bool m_cancelling = false;
    bool m_unpackRequested = false;
    std::unique_ptr<QTemporaryDir> m_tempDir;
    QDateTime m_startedAt;
    QDateTime m_finishedAt;
    QElapsedTimer m_clock;
    RateEstimator m_phaseSpeed;   // bytes of the current phase
    RateEstimator m_overallSpeed; // the overall fraction, for the time left of the whole job
    QList<QPair<State, double>> m_phaseWeights;
    double m_phaseBase = 0;   // the overall fraction at the start of the current phase
    double m_phaseWeight = 0; // the current phase's share of the whole
    double m_overall = -1;
    qint64 m_networkBytes = 0;
    qint64 m_networkMs = 0;
    qint64 m_networkPhaseStartMs = -1;
    ArchiveFacts m_facts;
    bool m_measuring = false;
    bool m_successHeld = false; // succeed() came while measuring: the measure's end ends the job
    // Tells a running measure that nobody waits for it any more (the job is gone, or cancelled).
    std::shared_ptr<std::atomic_bool> m_stopMeasure = std::make_shared<std::atomic_bool>(false);
};
