#include "session/filecontroller.h"

#include "api/blaxelsandboxfiles.h"
#include "session/appsession.h"
#include "session/filebrowser.h"
#include "session/filedragout.h"
#include "workspace/blaxeldumpjob.h"
#include "workspace/blaxeluploadjob.h"
#include "workspace/transferqueue.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>

using namespace Qt::StringLiterals;

FileController::FileController(AppSession *session, QObject *parent) : QObject(parent), m_session(session)
{
    // The queue's signal, not the job's: a retry is another job, and it lands as the first would have.
    connect(session->transfers(), &TransferQueue::jobFinished, this, [this](TransferJob *job) {
        const auto *dump = qobject_cast<WorkspaceDumpJob *>(job);
        if (!dump || dump->landingPath().isEmpty())
            return;
        if (dump->state() != TransferJob::State::Done) {
            // The staging folder, if nothing is in it; a retry makes it again.
            QDir().rmdir(dump->targetPath());
            return;
        }
        if (dump->landed())
            Q_EMIT downloadLanded(dump->landingPath());
        else
            Q_EMIT downloadKept(dump->landingPath(), dump->targetPath());
    });
}

FileBrowser *FileController::browseBlaxel(const QString &name, const QUrl &url, QObject *parent,
                                          QString *problem)
{
    BlaxelSandboxFiles *files = m_session->checkedBlaxelSandboxFiles(
        name, url, tr("Connect to Blaxel to see a sandbox's files."), problem);
    if (!files)
        return nullptr;
    auto *browser = new FileBrowser(name, files, parent);
    // Where a sandbox's work is: its working directory, as the API reads a relative path.
    browser->setRootPath(u"/blaxel"_s);
    return browser;
}

TransferJob *FileController::uploadInto(const QString &name, const QUrl &url, const QStringList &sources,
                                        const QString &remoteFolder, QString *problem)
{
    BlaxelSandboxFiles *files = m_session->checkedBlaxelSandboxFiles(
        name, url, tr("Connect to Blaxel to upload into a sandbox."), problem);
    if (!files)
        return nullptr;
    auto *job = new BlaxelUploadJob(files, sources, nullptr, remoteFolder);
    files->setParent(job); // the job's own client: it goes with the job (or its retry, which takes it)
    m_session->transfers()->enqueue(job);
    return job;
}

TransferJob *FileController::downloadInto(const QString &name, const QUrl &url, const QString &remotePath,
                                          const QString &localFolder, QString *problem)
{
    const QString entry = QFileInfo(remotePath).fileName();
    const QString destination = QDir(localFolder).filePath(entry);
    if (entry.isEmpty() || QFileInfo(destination).exists() || QFileInfo(destination).isSymLink()) {
        *problem =
            tr("%1 is there already; choose another folder.").arg(QDir::toNativeSeparators(destination));
        return nullptr;
    }
    BlaxelSandboxFiles *files = m_session->checkedBlaxelSandboxFiles(
        name, url, tr("Connect to Blaxel to download from a sandbox."), problem);
    if (!files)
        return nullptr;
    // The extraction wants a new or empty folder; one on the same disk makes the last step a rename.
    QTemporaryDir staging(QDir(localFolder).filePath(u".sandboxdeck-download-XXXXXX"_s));
    if (!staging.isValid()) {
        delete files;
        *problem =
            tr("Could not create a temporary folder in %1.").arg(QDir::toNativeSeparators(localFolder));
        return nullptr;
    }
    staging.setAutoRemove(false);
    const QString stagingPath = staging.path();
    auto *job = new BlaxelDumpJob(files, BlaxelDumpJob::Mode::Extract, stagingPath, nullptr, remotePath);
    files->setParent(job); // the job's own client: it goes with the job (or its retry, which takes it)
    job->setLandingPath(destination);
    m_session->transfers()->enqueue(job);
    return job;
}

QString FileController::dragFolderParent()
{
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + u"/drag-out"_s;
}

FileDragOut *FileController::dragOut(const QString &name, const QUrl &url, const QStringList &remotePaths,
                                     QString *problem)
{
    const QString parent = dragFolderParent();
    if (!QDir().mkpath(parent)) {
        *problem = tr("Could not create %1 for the drag.").arg(QDir::toNativeSeparators(parent));
        return nullptr;
    }
    QFile::setPermissions(parent, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    const QDateTime dayAgo = QDateTime::currentDateTimeUtc().addDays(-1);
    for (const QFileInfo &old : QDir(parent).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (old.lastModified().toUTC() < dayAgo)
            QDir(old.filePath()).removeRecursively();
    }
    QTemporaryDir made(QDir(parent).filePath(u"XXXXXX"_s)); // QTemporaryDir makes it 0700
    if (!made.isValid()) {
        *problem = tr("Could not create a folder in %1 for the drag.").arg(QDir::toNativeSeparators(parent));
        return nullptr;
    }
    made.setAutoRemove(false);
    QList<WorkspaceDumpJob *> jobs;
    for (const QString &remotePath : remotePaths) {
        auto *job =
            qobject_cast<WorkspaceDumpJob *>(downloadInto(name, url, remotePath, made.path(), problem));
        if (!job) {
            for (WorkspaceDumpJob *queued : jobs)
                queued->cancel();
            QDir(made.path()).removeRecursively();
            return nullptr;
        }
        jobs.append(job);
    }
    return new FileDragOut(made.path(), jobs);
}

void FileController::endDragOut(FileDragOut *drag, Qt::DropAction action)
{
    if (!drag || action != Qt::IgnoreAction)
        return;
    QList<QPointer<WorkspaceDumpJob>> jobs;
    for (WorkspaceDumpJob *job : drag->jobs())
        jobs.append(job);
    // Once nothing works in it any more: a cancelled extraction removes what it staged as it ends.
    const auto removeWhenIdle = [folder = drag->folder(), jobs] {
        const bool idle = std::all_of(jobs.cbegin(), jobs.cend(), [](const QPointer<WorkspaceDumpJob> &job) {
            return !job || job->isFinished();
        });
        if (idle)
            QDir(folder).removeRecursively();
    };
    for (const auto &job : jobs) {
        const int index = int(m_session->transfers()->jobs().indexOf(job.data()));
        if (index < 0 || job->isFinished())
            continue;
        connect(job.data(), &TransferJob::finished, this, removeWhenIdle);
        m_session->transfers()->cancel(index);
    }
    removeWhenIdle();
}

bool FileController::isLocal() const
{
    return m_session->isDemo();
}
