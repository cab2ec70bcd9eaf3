#pragma once

#include "api/apierror.h"
#include "api/executionstatus.h"
#include "workspace/archivefacts.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>

class ApiCall;
class DumpJob;
class ExecutionLogFollower;
class KlavisExecutionService;
class QNetworkAccessManager;
class TransferJob;
class UploadJob;

// Runs a folder's main.py in a local sandbox: pack the folder (WorkspaceArchiver, as a workspace upload) ->
// PUT it to the execution's signed URL (UploadJob, with its fresh URL after a refusal and its retries) ->
// execute -> follow the log to the final status (ExecutionLogFollower) -> optionally export the artifacts and
// extract them into a folder (DumpJob: Range resume, SafeExtractor). A folder without main.py is refused
// before any request. Exactly one finished().
class ExecutionJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExecutionJob)

public:
    enum class Phase
    {
        Idle,
        Packing,
        Uploading,
        Starting,
        Following,
        Downloading, // the artifacts: export, download, extraction
        Finished
    };
    Q_ENUM(Phase)
    enum class Outcome
    {
        None,             // not finished
        Started,          // without following: the execution runs on in the background
        Completed,        // followed to the end, exit 0
        Failed,           // followed to the end, the script failed
        StoppedFollowing, // cancel() while following: the execution runs on on the server
        Cancelled,        // cancel() before the execution started (nothing runs), or during the artifacts
        Error             // errorText() says why; when executionStarted(), the execution may run on
    };
    Q_ENUM(Outcome)

    ExecutionJob(KlavisExecutionService *service, QNetworkAccessManager *network,
                 const QString &localSandboxId, const QString &folder, const QString &executionName,
                 const QString &region, QObject *parent = nullptr);
    ~ExecutionJob() override;

    // Follow the log to the end (else the job ends once the execution started).
    void setFollow(bool follow) { m_follow = follow; }
    // Export the artifacts once the execution ended and extract them into this new or empty folder; implies
    // following.
    void setArtifactsFolder(const QString &folder) { m_artifactsFolder = folder; }
    // Tests shorten the follower's waits and the transfers' retry delays.
    void setPollBackoff(int firstMs, int lastMs);
    void setRetryBaseDelayMs(int ms) { m_retryBaseDelayMs = ms; }

    // A refused folder fails inside start(): connect to finished() first.
    void start();
    void cancel();

    QString localSandboxId() const { return m_localSandboxId; }
    QString executionName() const { return m_executionName; }
    QString region() const { return m_region; }
    Phase phase() const { return m_phase; }
    Outcome outcome() const { return m_outcome; }
    QString errorText() const { return m_errorText; }
    // The execute call answered: from then on the execution exists on the server.
    bool executionStarted() const { return m_executionStarted; }
    ExecutionStatus finalStatus() const { return m_finalStatus; }
    // What was uploaded (SHA-256, bytes, files), once the upload is done.
    const ArchiveFacts &archiveFacts() const { return m_archiveFacts; }
    // Entries of the artifacts archive the extraction deliberately left out ("path: why").
    QStringList artifactsLeftOut() const { return m_artifactsLeftOut; }
    ExecutionLogFollower *follower() const;
    // The outcome in the ledger's words: completed, failed, started, stopped-following, cancelled, error.
    static QString outcomeWord(Outcome outcome);

signals:
    void phaseChanged(ExecutionJob::Phase phase);
    // The upload of the folder, and later the artifacts download, as the transfer jobs they are: a front end
    // shows their progress as it shows any transfer's. They live until their phase ends.
    void transferStarted(TransferJob *job);
    // Bytes of the current phase's transfer (packing, upload, artifacts download).
    void progressChanged(qint64 done, qint64 total);
    void logText(const QByteArray &bytes);
    void statusChanged(ExecutionStatus status);
    void finished();

private:
    void setPhase(Phase phase);
    void execute();
    void follow();
    void onFollowEnded();
    void downloadArtifacts();
    void finish(Outcome outcome, const QString &errorText = {});

    KlavisExecutionService *m_service;
    QNetworkAccessManager *m_network;
    QString m_localSandboxId;
    QString m_folder;
    QString m_executionName;
    QString m_region;
    QString m_artifactsFolder;
    bool m_follow = false;
    int m_pollFirstMs = 250;
    int m_pollLastMs = 2000;
    int m_retryBaseDelayMs = 1000;
    Phase m_phase = Phase::Idle;
    Outcome m_outcome = Outcome::None;
    QString m_errorText;
    bool m_executionStarted = false;
    bool m_cancelRequested = false;
    ExecutionStatus m_finalStatus = ExecutionStatus::Pending;
    ArchiveFacts m_archiveFacts;
    QStringList m_artifactsLeftOut;
    QPointer<UploadJob> m_upload;
    QPointer<ApiCall> m_executeCall;
    QPointer<ExecutionLogFollower> m_follower;
    QPointer<DumpJob> m_download;
};
