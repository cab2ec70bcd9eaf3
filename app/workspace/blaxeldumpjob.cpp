#include "workspace/blaxeldumpjob.h"

#include "api/blaxelcommandpath.h"
#include "api/blaxelsandboxfiles.h"
#include "workspace/diskspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

BlaxelDumpJob::BlaxelDumpJob(BlaxelSandboxFiles *files, Mode mode, const QString &targetPath, QObject *parent,
                             const QString &remotePath)
    : WorkspaceDumpJob(files->sandboxName(), mode, targetPath, parent), m_files(files),
      m_remotePath(remotePath)
{}

BlaxelDumpJob::~BlaxelDumpJob()
{
    setCancelling(); // an aborted call's handler must not end a job being destroyed
    stopTransfer();
}

TransferJob *BlaxelDumpJob::clone(QObject *parent) const
{
    auto *fresh = new BlaxelDumpJob(m_files, mode(), targetPath(), parent, m_remotePath);
    fresh->setLandingPath(landingPath());
    // A files client this job owns goes to the copy that replaces it (TransferQueue::retry deletes this one).
    if (m_files && m_files->parent() == this)
        m_files->setParent(fresh);
    return fresh;
}

void BlaxelDumpJob::start()
{
    if (!m_files) {
        fail(tr("The sandbox's connection is gone."), FailureKind::Local);
        return;
    }
    if (!m_remotePath.isEmpty() && !isBlaxelCommandPath(m_remotePath)) {
        fail(tr("%1 is not a file or folder inside the sandbox.").arg(m_remotePath), FailureKind::Policy);
        return;
    }
    if (!acceptTarget())
        return;
    QString tempParent = QDir::tempPath();
    if (mode() == Mode::Extract) {
        // Packing in the sandbox has no progress to show; downloading and extracting each move every byte.
        setPhaseWeights({{State::Requesting, 0.2}, {State::Downloading, 0.45}, {State::Extracting, 0.35}});
    } else {
        // Beside the target: the finished archive is renamed into place, never copied across disks.
        tempParent = QFileInfo(targetPath()).absolutePath();
        setPhaseWeights({{State::Requesting, 0.25}, {State::Downloading, 0.75}});
    }
    if (!makeTemporaryFolder(tempParent + u"/.sandboxdeck-dump-XXXXXX"_s)) {
        fail(tr("Could not create a temporary folder in %1 for the download.")
                 .arg(QDir::toNativeSeparators(tempParent)),
             FailureKind::Local);
        return;
    }
    m_archivePath = temporaryFilePath(u"dump.tar.gz"_s);
    packInSandbox();
}

void BlaxelDumpJob::packInSandbox()
{
    setState(State::Requesting);
    m_remoteArchive = BlaxelSandboxFiles::temporaryArchivePath(u"dump"_s);
    // tar cannot write into a folder that is not there; an image without /tmp is rare, the emulator's is one.
    m_call = m_files->run(u"mkdir -p /tmp"_s, {}, this, [this](const ApiResult<BlaxelProcessResult> &made) {
        if (isCancelling())
            return;
        if (!made || !made->succeeded() || !m_files) {
            cleanUp();
            fail(tr("The sandbox could not prepare the dump. %1")
                     .arg(made ? made->logTail(m_files ? m_files->apiKeyToRedact() : QString())
                               : made.error().fullText()),
                 made ? FailureKind::Rejected : failureKindOf(made.error()));
            return;
        }
        m_remoteWritten = true;
        m_call = m_files->run(tarCommand(), {}, this, [this](const ApiResult<BlaxelProcessResult> &result) {
            if (isCancelling())
                return;
            if (!result) {
                removeRemoteArchive();
                cleanUp();
                fail(tr("The sandbox could not pack its workspace. %1").arg(result.error().fullText()),
                     failureKindOf(result.error()));
                return;
            }
            if (!result->succeeded()) {
                removeRemoteArchive();
                cleanUp();
                fail(tr("tar in the sandbox could not pack the workspace (exit code %1): %2")
                         .arg(result->exitCode)
                         .arg(result->logTail(m_files ? m_files->apiKeyToRedact() : QString())),
                     FailureKind::Rejected);
                return;
            }
            download();
        });
        reportWaitsOf(m_call);
    });
    reportWaitsOf(m_call);
}

QString BlaxelDumpJob::tarCommand() const
{
    // "." from the working directory: the archive holds the workspace's own relative paths.
    if (m_remotePath.isEmpty())
        return u"tar -czf "_s + m_remoteArchive + u" ."_s;
    // From the parent, under its own name: one file or one folder comes out as itself. "./" keeps a name
    // that starts with '-' from reading as an option.
    QString path = m_remotePath;
    while (path.size() > 1 && path.endsWith(u'/'))
        path.chop(1);
    const qsizetype slash = path.lastIndexOf(u'/');
    const QString parent = slash == 0 ? u"/"_s : path.left(slash);
    return u"tar -czf "_s + m_remoteArchive + u" -C "_s + blaxelCommandQuoted(parent) + u' ' +
           blaxelCommandQuoted(u"./"_s + path.mid(slash + 1));
}

void BlaxelDumpJob::download()
{
    setState(State::Downloading);
    if (!m_files) {
        cleanUp();
        fail(tr("The sandbox's connection is gone."), FailureKind::Local);
        return;
    }
    m_call = m_files->getFile(
        m_remoteArchive, m_archivePath, false, this, [this](const ApiResult<BlaxelDownload> &result) {
            if (isCancelling())
                return;
            removeRemoteArchive();
            if (!result) {
                cleanUp();
                const bool local = result.error().kind() == ApiError::Kind::Local;
                const FailureKind localKind =
                    DiskSpace::isNearlyFull(m_archivePath) ? FailureKind::DiskFull : FailureKind::Local;
                fail(tr("The download failed. %1").arg(result.error().fullText()),
                     local ? localKind : failureKindOf(result.error()));
                return;
            }
            setResumeCount(result->resumes);
            deliver(m_archivePath);
        });
    connect(m_call, &BlaxelSandboxCall::progress, this, &BlaxelDumpJob::setProgress);
    reportWaitsOf(m_call);
}

void BlaxelDumpJob::removeRemoteArchive()
{
    if (!m_remoteWritten || !m_files)
        return;
    m_remoteWritten = false;
    // The client is the context: the removal outlives this job.
    m_files->run(u"rm -f "_s + m_remoteArchive, {}, m_files, [](const ApiResult<BlaxelProcessResult> &) {});
}

void BlaxelDumpJob::cancel()
{
    if (!beginCancel())
        return;
    if (cancelDelivery())
        return; // the delivery ends the job
    if (m_call)
        m_call->abort();
    removeRemoteArchive();
    cleanUp();
    markCancelled();
}

void BlaxelDumpJob::stopTransfer()
{
    if (m_call)
        m_call->abort();
}
