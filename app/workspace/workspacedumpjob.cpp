#include "workspace/workspacedumpjob.h"

#include "workspace/diskspace.h"
#include "workspace/diskworker.h"
#include "workspace/extractstaging.h"
#include "workspace/safeextractor.h"
#include "workspace/workspacearchiver.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <memory>

WorkspaceDumpJob::WorkspaceDumpJob(const QString &sandboxId, Mode mode, const QString &targetPath,
                                   QObject *parent)
    : TransferJob(Direction::Download, sandboxId, QFileInfo(targetPath).fileName(), parent), m_mode(mode),
      m_targetPath(targetPath)
{}

WorkspaceDumpJob::~WorkspaceDumpJob()
{
    // The extractor's worker reads the archive in the temporary folder: it must stop before ~TransferJob
    // removes it.
    delete m_extractor;
}

bool WorkspaceDumpJob::acceptTarget()
{
    if (m_mode != Mode::Extract)
        return true;
    if (const QString problem = ExtractStaging::targetProblem(m_targetPath); !problem.isEmpty()) {
        fail(problem, FailureKind::Policy);
        return false;
    }
    return true;
}

void WorkspaceDumpJob::deliver(const QString &archivePath)
{
    // What the download did not learn on the way (a hash, when another layer wrote the file; the file count
    // of an archive that is only saved) is measured on a worker first, while the archive is still where it
    // is: an extraction counts its own files, and the temporary archive goes once it is done.
    const bool needHash = sha256().isEmpty();
    const bool needCount = m_mode == Mode::SaveArchive;
    if (!needHash && !needCount) {
        deliverMeasured(archivePath);
        return;
    }
    measureArchive(archivePath, needCount, [this, archivePath] { deliverMeasured(archivePath); });
}

void WorkspaceDumpJob::deliverMeasured(const QString &archivePath)
{
    if (m_mode == Mode::Extract) {
        if (isCancelling()) {
            // The archive is complete, but nobody wants the extraction any more: its dump-sized copy goes
            // with the temporary folder, on a worker.
            cleanUpThen([this] { markCancelled(); });
            return;
        }
        extract(archivePath);
        return;
    }
    if (archivePath != m_targetPath) {
        if (isCancelling()) {
            cleanUpThen([this] { markCancelled(); }); // cancelled while it was measured: nothing is saved
            return;
        }
        moveToTarget(archivePath);
        return;
    }
    // A cancel after the last byte is too late: the archive is saved and stays.
    setResultPath(m_targetPath);
    cleanUpThen([this] { succeed(); });
}

void WorkspaceDumpJob::moveToTarget(const QString &archivePath)
{
    // Checking the archive reads it, and replacing a target as big as the workspace unlinks it: a worker's.
    struct Outcome
    {
        QString notAnArchive;
        bool moved = false;
    };
    auto outcome = std::make_shared<Outcome>();
    m_moving = true;
    DiskWorker::run(
        this,
        [outcome, archivePath, target = m_targetPath] {
            if (!WorkspaceArchiver::isGzipTar(archivePath, &outcome->notAnArchive))
                return false;
            // The user chose the target in a save dialog, which asked before replacing a file.
            QFile::remove(target);
            outcome->moved = QFile::rename(archivePath, target);
            return outcome->moved;
        },
        [this, outcome](bool) {
            m_moving = false;
            if (!outcome->notAnArchive.isEmpty()) {
                cleanUp();
                fail(tr("The download is not a .tar.gz archive, so it was not saved: %1")
                         .arg(outcome->notAnArchive),
                     FailureKind::HostileData);
                return;
            }
            if (!outcome->moved) {
                cleanUp();
                fail(tr("Could not save the dump as %1.").arg(QDir::toNativeSeparators(m_targetPath)),
                     FailureKind::Local);
                return;
            }
            // A cancel during the move is too late: the archive is saved and stays.
            setResultPath(m_targetPath);
            cleanUpThen([this] { succeed(); });
        });
}

void WorkspaceDumpJob::extract(const QString &archivePath)
{
    setState(State::Extracting);
    m_extractor = new SafeExtractor(this);
    connect(m_extractor, &SafeExtractor::progress, this, &WorkspaceDumpJob::setProgress);
    connect(m_extractor, &SafeExtractor::finished, this, [this](const ExtractionReport &report) {
        // A cancel that came after the last file was written is too late: the folder is complete.
        if (report.ok) {
            // The downloaded archive, as big as the workspace, goes on a worker: unlinking it takes a while.
            setFileCount(report.filesWritten);
            cleanUpThen([this, skipped = report.skipped] {
                setResultPath(land());
                setLeftOut(skipped);
                succeed();
            });
            return;
        }
        cleanUp();
        if (report.cancelled || isCancelling()) {
            markCancelled();
            return;
        }
        fail(tr("The dump was downloaded but could not be extracted: %1").arg(report.error),
             // A full disk or an archive the extractor refused: retrying now ends the same way.
             DiskSpace::isNearlyFull(m_targetPath) ? FailureKind::DiskFull : FailureKind::HostileData);
    });
    m_extractor->start(archivePath, m_targetPath);
}

QString WorkspaceDumpJob::land()
{
    if (m_landingPath.isEmpty())
        return m_targetPath;
    const QFileInfo taken(m_landingPath);
    const QString extracted = QDir(m_targetPath).filePath(QFileInfo(m_landingPath).fileName());
    if (taken.exists() || taken.isSymLink() || !QDir().rename(extracted, m_landingPath))
        return m_targetPath;
    QDir(m_targetPath).removeRecursively();
    return m_landingPath;
}

bool WorkspaceDumpJob::cancelDelivery()
{
    if (m_moving || isMeasuring())
        return true; // the measure's end sees the cancel
    if (m_extractor && m_extractor->isRunning()) {
        m_extractor->cancel(); // its finished() completes the cancel and removes what it staged
        return true;
    }
    return false;
}
