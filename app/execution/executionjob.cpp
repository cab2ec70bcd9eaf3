#include "execution/executionjob.h"

#include "api/apicall.h"
#include "api/klavisexecutionservice.h"
#include "execution/executionlogfollower.h"
#include "workspace/dumpjob.h"
#include "workspace/uploadjob.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

ExecutionJob::ExecutionJob(KlavisExecutionService *service, QNetworkAccessManager *network,
                           const QString &localSandboxId, const QString &folder, const QString &executionName,
                           const QString &region, QObject *parent)
    : QObject(parent), m_service(service), m_network(network), m_localSandboxId(localSandboxId),
      m_folder(folder), m_executionName(executionName), m_region(region)
{}

ExecutionJob::~ExecutionJob() = default;

void ExecutionJob::setPollBackoff(int firstMs, int lastMs)
{
    m_pollFirstMs = firstMs;
    m_pollLastMs = lastMs;
}

// Out of line: the QPointer's conversion needs the whole class, which the header only declares.
ExecutionLogFollower *ExecutionJob::follower() const
{
    return m_follower;
}

QString ExecutionJob::outcomeWord(Outcome outcome)
{
    switch (outcome) {
    case Outcome::None:
        return {};
    case Outcome::Started:
        return u"started"_s;
    case Outcome::Completed:
        return u"completed"_s;
    case Outcome::Failed:
        return u"failed"_s;
    case Outcome::StoppedFollowing:
        return u"stopped-following"_s;
    case Outcome::Cancelled:
        return u"cancelled"_s;
    case Outcome::Error:
        return u"error"_s;
    }
    return {};
}

void ExecutionJob::setPhase(Phase phase)
{
    if (m_phase == phase)
        return;
    m_phase = phase;
    emit phaseChanged(phase);
}

void ExecutionJob::start()
{
    const QFileInfo folder(m_folder);
    if (!folder.isDir()) {
        finish(Outcome::Error, tr("%1 is not a folder.").arg(QDir::toNativeSeparators(m_folder)));
        return;
    }
    // The sandbox would refuse it after the whole upload: said here, before any request.
    if (!QFileInfo(QDir(m_folder).filePath(u"main.py"_s)).isFile()) {
        finish(Outcome::Error,
               tr("%1 has no main.py: an execution runs the main.py at the top of its folder.")
                   .arg(QDir::toNativeSeparators(m_folder)));
        return;
    }
    if (!m_artifactsFolder.isEmpty())
        m_follow = true;
    setPhase(Phase::Packing);
    auto requestUrl = [service = m_service, id = m_localSandboxId, name = m_executionName,
                       region = m_region](QObject *context, ResultHandler<SignedUrl> done) {
        return service->uploadUrl(id, name, region, context, std::move(done));
    };
    m_upload = new UploadJob(requestUrl, m_network, m_localSandboxId, {m_folder}, this);
    m_upload->setRetryBaseDelayMs(m_retryBaseDelayMs);
    connect(m_upload, &TransferJob::stateChanged, this, [this](TransferJob::State state) {
        if (state == TransferJob::State::Requesting || state == TransferJob::State::Uploading)
            setPhase(Phase::Uploading);
    });
    connect(m_upload, &TransferJob::progressChanged, this, &ExecutionJob::progressChanged);
    emit transferStarted(m_upload);
    connect(m_upload, &TransferJob::finished, this, [this] {
        UploadJob *upload = m_upload;
        upload->deleteLater();
        switch (upload->state()) {
        case TransferJob::State::Done:
            m_archiveFacts = upload->archiveFacts();
            execute();
            return;
        case TransferJob::State::Cancelled:
            finish(Outcome::Cancelled, tr("Cancelled during the upload: nothing was started."));
            return;
        default:
            finish(Outcome::Error, upload->errorText());
            return;
        }
    });
    m_upload->start();
}

void ExecutionJob::execute()
{
    if (m_cancelRequested) {
        finish(Outcome::Cancelled, tr("Cancelled after the upload: nothing was started."));
        return;
    }
    setPhase(Phase::Starting);
    m_executeCall = m_service->execute(
        m_localSandboxId, m_executionName, m_region, this, [this](const ApiResult<ExecutionStarted> &result) {
            m_executeCall = nullptr;
            if (!result) {
                finish(Outcome::Error,
                       tr("The execution could not be started: %1").arg(result.error().fullText()));
                return;
            }
            m_executionStarted = true;
            if (m_cancelRequested) {
                finish(Outcome::StoppedFollowing);
                return;
            }
            if (!m_follow) {
                finish(Outcome::Started);
                return;
            }
            follow();
        });
}

void ExecutionJob::follow()
{
    setPhase(Phase::Following);
    m_follower = new ExecutionLogFollower(m_service, m_localSandboxId, m_executionName, this);
    m_follower->setBackoff(m_pollFirstMs, m_pollLastMs);
    connect(m_follower, &ExecutionLogFollower::text, this, &ExecutionJob::logText);
    connect(m_follower, &ExecutionLogFollower::statusChanged, this, &ExecutionJob::statusChanged);
    connect(m_follower, &ExecutionLogFollower::finished, this, &ExecutionJob::onFollowEnded);
    m_follower->start();
}

void ExecutionJob::onFollowEnded()
{
    switch (m_follower->outcome()) {
    case ExecutionLogFollower::Outcome::Cancelled:
        finish(Outcome::StoppedFollowing);
        return;
    case ExecutionLogFollower::Outcome::Failed:
        finish(Outcome::Error, tr("Following the log failed (the execution may still be running): %1")
                                   .arg(m_follower->error().fullText()));
        return;
    case ExecutionLogFollower::Outcome::Running:
    case ExecutionLogFollower::Outcome::Ended:
        break;
    }
    m_finalStatus = m_follower->status();
    if (!m_artifactsFolder.isEmpty()) {
        downloadArtifacts();
        return;
    }
    finish(m_finalStatus == ExecutionStatus::Completed ? Outcome::Completed : Outcome::Failed);
}

void ExecutionJob::downloadArtifacts()
{
    setPhase(Phase::Downloading);
    auto requestUrl = [service = m_service, id = m_localSandboxId, name = m_executionName,
                       region = m_region](QObject *context, ResultHandler<SignedUrl> done) {
        return service->exportArtifacts(id, name, region, context, std::move(done));
    };
    m_download =
        new DumpJob(requestUrl, m_network, m_localSandboxId, DumpJob::Mode::Extract, m_artifactsFolder, this);
    m_download->setRetryBaseDelayMs(m_retryBaseDelayMs);
    connect(m_download, &TransferJob::progressChanged, this, &ExecutionJob::progressChanged);
    emit transferStarted(m_download);
    connect(m_download, &TransferJob::finished, this, [this] {
        DumpJob *download = m_download;
        download->deleteLater();
        switch (download->state()) {
        case TransferJob::State::Done:
            m_artifactsLeftOut = download->leftOut();
            finish(m_finalStatus == ExecutionStatus::Completed ? Outcome::Completed : Outcome::Failed);
            return;
        case TransferJob::State::Cancelled:
            finish(Outcome::Cancelled, tr("The execution ended (%1); the artifacts download was cancelled.")
                                           .arg(ExecutionStatusWords::word(m_finalStatus)));
            return;
        default:
            finish(Outcome::Error,
                   tr("The execution ended (%1), but its artifacts could not be downloaded: %2")
                       .arg(ExecutionStatusWords::word(m_finalStatus), download->errorText()));
            return;
        }
    });
    m_download->start();
}

void ExecutionJob::cancel()
{
    if (m_outcome != Outcome::None || m_cancelRequested)
        return;
    m_cancelRequested = true;
    switch (m_phase) {
    case Phase::Idle:
        finish(Outcome::Cancelled);
        return;
    case Phase::Packing:
    case Phase::Uploading:
        if (m_upload)
            m_upload->cancel();
        return;
    case Phase::Starting:
        // An execute under way may already have started the script: its answer decides what is said.
        return;
    case Phase::Following:
        if (m_follower)
            m_follower->cancel();
        return;
    case Phase::Downloading:
        if (m_download)
            m_download->cancel();
        return;
    case Phase::Finished:
        return;
    }
}

void ExecutionJob::finish(Outcome outcome, const QString &errorText)
{
    if (m_outcome != Outcome::None)
        return;
    m_outcome = outcome;
    m_errorText = errorText;
    setPhase(Phase::Finished);
    emit finished();
}
