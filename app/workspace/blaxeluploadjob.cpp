#include "workspace/blaxeluploadjob.h"

#include "api/blaxelsandboxfiles.h"
#include "workspace/diskworker.h"
#include "workspace/workspacearchiver.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace {

QString displayName(const QStringList &sources)
{
    if (sources.isEmpty())
        return u"(nothing)"_s;
    if (sources.size() == 1)
        return QFileInfo(sources.first()).fileName();
    const int more = int(sources.size()) - 1;
    return QCoreApplication::translate("BlaxelUploadJob", "%1 and %n more", nullptr, more)
        .arg(QFileInfo(sources.first()).fileName());
}

bool isArchiveAsItIs(const QStringList &sources)
{
    if (sources.size() != 1 || !QFileInfo(sources.first()).isFile())
        return false;
    const QString name = sources.first().toLower();
    return name.endsWith(u".tar.gz"_s) || name.endsWith(u".tgz"_s);
}

} // namespace

BlaxelUploadJob::BlaxelUploadJob(BlaxelSandboxFiles *files, const QStringList &sources, QObject *parent)
    : TransferJob(Direction::Upload, files->sandboxName(), displayName(sources), parent), m_files(files),
      m_sources(sources)
{}

BlaxelUploadJob::~BlaxelUploadJob()
{
    m_cancelled = true; // an aborted call's handler must not end a job being destroyed
    // The archiver's worker writes into our temporary folder: it must stop before the folder goes.
    delete m_archiver;
    m_archiver = nullptr;
    cleanUp();
}

TransferJob *BlaxelUploadJob::clone(QObject *parent) const
{
    auto *fresh = new BlaxelUploadJob(m_files, m_sources, parent);
    // A files client this job owns goes to the copy that replaces it (TransferQueue::retry deletes this one).
    if (m_files && m_files->parent() == this)
        m_files->setParent(fresh);
    return fresh;
}

void BlaxelUploadJob::start()
{
    if (m_sources.isEmpty()) {
        fail(QCoreApplication::translate("BlaxelUploadJob", "Nothing to upload: choose a folder or files."),
             FailureKind::Rejected);
        return;
    }
    if (!m_files) {
        fail(QCoreApplication::translate("BlaxelUploadJob", "The sandbox's connection is gone."),
             FailureKind::Local);
        return;
    }
    if (isArchiveAsItIs(m_sources)) {
        QString why;
        if (!WorkspaceArchiver::isGzipTar(m_sources.first(), &why)) {
            fail(QCoreApplication::translate(
                     "BlaxelUploadJob", "Not uploaded: %1 Drop the folder itself, or a real .tar.gz archive.")
                     .arg(why),
                 FailureKind::Rejected);
            return;
        }
        setPhaseWeights({{State::Uploading, 0.85}, {State::Initializing, 0.15}});
        m_archivePath = m_sources.first();
        upload();
        return;
    }
    // Packing and sending take about as long as each other; tar in the sandbox writes every byte once more.
    setPhaseWeights({{State::Packing, 0.35}, {State::Uploading, 0.5}, {State::Initializing, 0.15}});
    pack();
}

void BlaxelUploadJob::pack()
{
    setState(State::Packing);
    m_tempDir = std::make_unique<QTemporaryDir>(QDir::tempPath() + u"/sandboxdeck-upload-XXXXXX"_s);
    if (!m_tempDir->isValid()) {
        fail(QCoreApplication::translate("BlaxelUploadJob",
                                         "Could not create a temporary folder in %1 to pack the workspace.")
                 .arg(QDir::tempPath()),
             FailureKind::Local);
        return;
    }
    m_archiver = new WorkspaceArchiver(this);
    connect(m_archiver, &WorkspaceArchiver::progress, this, &BlaxelUploadJob::setProgress);
    connect(m_archiver, &WorkspaceArchiver::finished, this, [this](const PackResult &result) {
        if (m_cancelled || result.cancelled) {
            cleanUp();
            markCancelled();
            return;
        }
        if (!result.ok) {
            cleanUp();
            fail(QCoreApplication::translate("BlaxelUploadJob", "Could not pack the workspace: %1")
                     .arg(result.error),
                 FailureKind::Local);
            return;
        }
        m_archivePath = result.archivePath;
        upload();
    });
    m_archiver->start(m_sources, m_tempDir->filePath(u"workspace.tar.gz"_s));
}

void BlaxelUploadJob::upload()
{
    setState(State::Uploading);
    if (!m_files) {
        cleanUp();
        fail(QCoreApplication::translate("BlaxelUploadJob", "The sandbox's connection is gone."),
             FailureKind::Local);
        return;
    }
    setProgress(0, QFileInfo(m_archivePath).size());
    m_remoteArchive = BlaxelSandboxFiles::temporaryArchivePath(u"upload"_s);
    m_call = m_files->putFile(m_archivePath, m_remoteArchive, this, [this](const ApiResult<qint64> &result) {
        if (m_cancelled)
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
}

void BlaxelUploadJob::unpack()
{
    setState(State::Initializing);
    setProgress(0, 0);
    // Paths in the archive are relative: they land in the working directory the command runs in.
    m_call = m_files->run(
        u"tar -xzf "_s + m_remoteArchive, {}, this, [this](const ApiResult<BlaxelProcessResult> &result) {
            if (m_cancelled)
                return;
            removeRemoteArchive();
            if (!result) {
                cleanUp();
                fail(
                    QCoreApplication::translate(
                        "BlaxelUploadJob", "The archive was uploaded but the sandbox could not unpack it. %1")
                        .arg(result.error().fullText()),
                    failureKindOf(result.error()));
                return;
            }
            if (!result->succeeded()) {
                cleanUp();
                fail(QCoreApplication::translate(
                         "BlaxelUploadJob",
                         "tar in the sandbox could not unpack the archive (exit code %1): %2")
                         .arg(result->exitCode)
                         .arg(result->logTail(m_files ? m_files->apiKeyToRedact() : QString())),
                     FailureKind::Rejected);
                return;
            }
            setResultPath(result->workingDir);
            cleanUpThen([this] { succeed(); });
        });
}

void BlaxelUploadJob::removeRemoteArchive()
{
    if (!m_remoteWritten || !m_files)
        return;
    m_remoteWritten = false;
    // The client is the context: the removal outlives this job.
    m_files->run(u"rm -f "_s + m_remoteArchive, {}, m_files, [](const ApiResult<BlaxelProcessResult> &) {});
}

void BlaxelUploadJob::cancel()
{
    if (isFinished() || isFinishing() || m_cancelled)
        return;
    m_cancelled = true;
    if (m_archiver && m_archiver->isRunning()) {
        m_archiver->cancel(); // finished() arrives and completes the cancel
        return;
    }
    const bool putInFlight = m_call && state() == State::Uploading;
    if (m_call)
        m_call->abort();
    if (putInFlight)
        m_remoteWritten = true; // part of it may be there
    removeRemoteArchive();
    cleanUp();
    markCancelled();
}

void BlaxelUploadJob::cleanUp()
{
    if (m_call)
        m_call->abort();
    // Only our own packed archive goes, on a worker; a .tar.gz the user dropped stays where it was.
    DiskWorker::remove(this, std::move(m_tempDir));
}

void BlaxelUploadJob::cleanUpThen(std::function<void()> end)
{
    std::unique_ptr<QTemporaryDir> folder = std::move(m_tempDir);
    cleanUp();
    finishAfterRemoving(std::move(folder), std::move(end));
}
