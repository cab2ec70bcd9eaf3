#include "workspace/blaxeluploadjob.h"

#include "api/blaxelcommandpath.h"
#include "api/blaxelsandboxfiles.h"

#include <QCoreApplication>
#include <QFileInfo>

using namespace Qt::StringLiterals;

BlaxelUploadJob::BlaxelUploadJob(BlaxelSandboxFiles *files, const QStringList &sources, QObject *parent,
                                 const QString &remoteFolder)
    : WorkspaceUploadJob(files->sandboxName(), sources, parent), m_files(files), m_remoteFolder(remoteFolder)
{}

BlaxelUploadJob::~BlaxelUploadJob()
{
    setCancelling(); // an aborted call's handler must not end a job being destroyed
    stopTransfer();
}

TransferJob *BlaxelUploadJob::clone(QObject *parent) const
{
    auto *fresh = new BlaxelUploadJob(m_files, sources(), parent, m_remoteFolder);
    fresh->setLimits(limits());
    // A files client this job owns goes to the copy that replaces it (TransferQueue::retry deletes this one).
    if (m_files && m_files->parent() == this)
        m_files->setParent(fresh);
    return fresh;
}

QList<QPair<TransferJob::State, double>> BlaxelUploadJob::phaseWeights(bool packed) const
{
    // Packing and sending take about as long as each other; tar in the sandbox writes every byte once more.
    if (packed)
        return {{State::Packing, 0.35}, {State::Uploading, 0.5}, {State::Initializing, 0.15}};
    return {{State::Uploading, 0.85}, {State::Initializing, 0.15}};
}

QString BlaxelUploadJob::cannotSend() const
{
    if (!m_files)
        return tr("The sandbox's connection is gone.");
    if (!m_remoteFolder.isEmpty() && !isBlaxelCommandPath(m_remoteFolder))
        return tr("%1 is not a folder inside the sandbox.").arg(m_remoteFolder);
    return {};
}

void BlaxelUploadJob::send()
{
    setState(State::Uploading);
    if (isCancelling())
        return; // cancelled by someone watching the state: nothing is sent
    if (const QString problem = cannotSend(); !problem.isEmpty()) {
        cleanUp();
        fail(problem, FailureKind::Local);
        return;
    }
    setProgress(0, QFileInfo(archivePath()).size());
    m_remoteArchive = BlaxelSandboxFiles::temporaryArchivePath(u"upload"_s);
    m_call = m_files->putFile(archivePath(), m_remoteArchive, this, [this](const ApiResult<qint64> &result) {
        if (isCancelling())
            return;
        if (!result) {
            // A PUT cut halfway may have left part of a file.
            m_remoteWritten = true;
            removeRemoteArchive();
            cleanUp();
            fail(QCoreApplication::translate("BlaxelUploadJob", "The upload failed. %1")
                     .arg(result.error().fullText()),
                 failureKindOf(result.error()));
            return;
        }
        m_remoteWritten = true;
        unpack();
    });
    connect(m_call, &BlaxelSandboxCall::progress, this, [this](qint64 sent, qint64 total) {
        if (total > 0)
            setProgress(sent, total);
    });
    reportWaitsOf(m_call);
}

void BlaxelUploadJob::unpack()
{
    setState(State::Initializing);
    setProgress(0, 0);
    if (isCancelling())
        return; // cancelled by someone watching the state or the progress: tar is never run
    markUnpackRequested();
    if (m_remoteFolder.isEmpty()) {
        extractArchive();
        return;
    }
    // tar -C needs the folder to be there already.
    m_call = m_files->run(
        u"mkdir -p -- "_s + blaxelCommandQuoted(m_remoteFolder), {}, this,
        [this](const ApiResult<BlaxelProcessResult> &made) {
            if (isCancelling())
                return;
            if (!made || !made->succeeded() || !m_files) {
                removeRemoteArchive();
                cleanUp();
                fail(tr("The sandbox could not make the folder %1. %2")
                         .arg(m_remoteFolder,
                              made ? made->logTail(m_files ? m_files->apiKeyToRedact() : QString())
                                   : made.error().fullText()),
                     made ? FailureKind::Rejected : failureKindOf(made.error()));
                return;
            }
            extractArchive();
        });
    reportWaitsOf(m_call);
}

void BlaxelUploadJob::extractArchive()
{
    // Paths in the archive are relative: they land in the working directory the command runs in, or under -C.
    QString command = u"tar -xzf "_s + m_remoteArchive;
    if (!m_remoteFolder.isEmpty())
        command += u" -C "_s + blaxelCommandQuoted(m_remoteFolder);
    m_call = m_files->run(command, {}, this, [this](const ApiResult<BlaxelProcessResult> &result) {
        if (isCancelling())
            return;
        removeRemoteArchive();
        if (!result) {
            cleanUp();
            fail(QCoreApplication::translate(
                     "BlaxelUploadJob", "The archive was uploaded but the sandbox could not unpack it. %1")
                     .arg(result.error().fullText()),
                 failureKindOf(result.error()));
            return;
        }
        if (!result->succeeded()) {
            cleanUp();
            fail(QCoreApplication::translate(
                     "BlaxelUploadJob", "tar in the sandbox could not unpack the archive (exit code %1): %2")
                     .arg(result->exitCode)
                     .arg(result->logTail(m_files ? m_files->apiKeyToRedact() : QString())),
                 FailureKind::Rejected);
            return;
        }
        setResultPath(m_remoteFolder.isEmpty() ? result->workingDir : m_remoteFolder);
        cleanUpThen([this] { succeed(); });
    });
    reportWaitsOf(m_call);
}

void BlaxelUploadJob::removeRemoteArchive()
{
    if (!m_remoteWritten || !m_files)
        return;
    m_remoteWritten = false;
    // The client is the context: the removal outlives this job.
    m_files->run(u"rm -f "_s + m_remoteArchive, {}, m_files, [](const ApiResult<BlaxelProcessResult> &) {});
}

void BlaxelUploadJob::abortSending()
{
    const bool putInFlight = m_call && state() == State::Uploading;
    if (m_call)
        m_call->abort();
    if (putInFlight)
        m_remoteWritten = true; // part of it may be there
    removeRemoteArchive();
}

void BlaxelUploadJob::stopTransfer()
{
    if (m_call)
        m_call->abort();
}
