#include "workspace/workspacearchiver.h"

#include "workspace/archivetarwriter.h"
#include "workspace/archivewalker.h"
#include "workspace/parallelgzipwriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QtConcurrentRun>

#include <archive.h>
#include <archive_entry.h>

using namespace Qt::StringLiterals;

WorkspaceArchiver::WorkspaceArchiver(QObject *parent)
    : QObject(parent), m_progressTimer(this), m_watcher(this)
{
    m_pool.setMaxThreadCount(1);
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this, &WorkspaceArchiver::emitProgress);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &WorkspaceArchiver::onPackFinished);
}

WorkspaceArchiver::~WorkspaceArchiver()
{
    // The worker reads our atomics: it must be gone before they are.
    m_cancelRequested = true;
    m_pool.waitForDone();
}

ArchiveScan WorkspaceArchiver::scan(const QStringList &sources)
{
    ArchiveScan scan;
    ArchiveWalker::walk(
        sources,
        [&scan](const ArchiveWalkEntry &entry) {
            switch (entry.type) {
            case ArchiveWalkEntry::Type::File:
                ++scan.fileCount;
                scan.totalBytes += entry.size;
                break;
            case ArchiveWalkEntry::Type::Directory:
                ++scan.dirCount;
                break;
            case ArchiveWalkEntry::Type::Symlink:
                ++scan.linkCount;
                break;
            case ArchiveWalkEntry::Type::Special:
                scan.skipped.append(entry.archivePath + u" ("_s + entry.skipReason + u')');
                break;
            }
            return true;
        },
        &scan.error);
    return scan;
}

PackResult WorkspaceArchiver::pack(const QStringList &sources, const QString &archivePath, int threads,
                                   const std::atomic_bool &cancelRequested, const Progress &progress,
                                   const WorkspaceLimits &limits)
{
    PackResult result;
    result.archivePath = archivePath;
    result.scan = scan(sources);
    if (!result.scan.error.isEmpty()) {
        result.error = result.scan.error;
        return result;
    }
    result.error = result.scan.refusedBy(limits);
    if (!result.error.isEmpty()) {
        result.pastLimits = true;
        return result;
    }
    const qint64 total = result.scan.totalBytes;
    if (progress)
        progress(0, total);

    // QSaveFile: the archive appears at archivePath only on commit(); its temporary file is removed on
    // every other path out of this function.
    QSaveFile file(archivePath);
    if (cancelRequested || !file.open(QIODevice::WriteOnly)) {
        result.cancelled = cancelRequested;
        if (!result.cancelled)
            result.error = QCoreApplication::translate("WorkspaceArchiver", "Cannot create %1: %2")
                               .arg(archivePath, file.errorString());
        return result;
    }
    ParallelGzipWriter gzip(&file, threads);
    ArchiveTarWriter tar(&gzip);
    const QByteArray ownPath = QFile::encodeName(QDir::cleanPath(QFileInfo(archivePath).absoluteFilePath()));

    qint64 done = 0;
    const auto stopRequested = [&] {
        if (!cancelRequested)
            return false;
        gzip.cancel();
        return true;
    };
    const ArchiveTarWriter::BlockDone blockDone = [&](qint64 bytes) {
        done += bytes;
        if (progress)
            progress(done, total);
        return !stopRequested();
    };
    QString walkError;
    const bool ok = tar.open() &&
                    ArchiveWalker::walk(
                        sources,
                        [&](const ArchiveWalkEntry &entry) {
                            if (stopRequested())
                                return false;
                            // Skipped entries are listed in result.scan; the archive never contains itself.
                            if (entry.type == ArchiveWalkEntry::Type::Special || entry.diskPath == ownPath)
                                return true;
                            return tar.add(entry, blockDone);
                        },
                        &walkError) &&
                    tar.close() && gzip.finish();
    if (!ok || cancelRequested) {
        file.cancelWriting();
        result.cancelled = cancelRequested || tar.wasStopped();
        if (!result.cancelled) {
            result.error = !walkError.isEmpty()           ? walkError
                           : !tar.errorString().isEmpty() ? tar.errorString()
                                                          : gzip.errorString();
            if (result.error.isEmpty())
                result.error = QCoreApplication::translate("WorkspaceArchiver", "Packing failed");
        }
        return result;
    }
    if (!file.commit()) {
        result.error = QCoreApplication::translate("WorkspaceArchiver", "Cannot save %1: %2")
                           .arg(archivePath, file.errorString());
        return result;
    }
    result.ok = true;
    result.archiveBytes = gzip.bytesOut();
    result.archiveSha256 = gzip.sha256();
    return result;
}

bool WorkspaceArchiver::isGzipTar(const QString &path, QString *why)
{
    const auto reject = [why](const QString &reason) {
        if (why)
            *why = reason;
        return false;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return reject(QCoreApplication::translate("WorkspaceArchiver", "Cannot open %1: %2")
                          .arg(path, file.errorString()));
    const QByteArray magic = file.read(3);
    file.close();
    // 1f 8b, then 8 for deflate, the only method gzip defines.
    if (magic.size() < 3 || magic.at(0) != '\x1f' || magic.at(1) != '\x8b' || magic.at(2) != '\x08')
        return reject(QCoreApplication::translate("WorkspaceArchiver", "%1 is not a gzip file")
                          .arg(QFileInfo(path).fileName()));

    struct archive *reader = archive_read_new();
    archive_read_support_filter_gzip(reader);
    archive_read_support_format_tar(reader);
    QString problem;
    if (archive_read_open_filename(reader, QFile::encodeName(path).constData(), size_t{64} * 1024) !=
        ARCHIVE_OK) {
        problem = QString::fromUtf8(archive_error_string(reader));
    } else {
        struct archive_entry *entry = nullptr;
        const int status = archive_read_next_header(reader, &entry);
        if (status == ARCHIVE_EOF)
            problem = QCoreApplication::translate("WorkspaceArchiver", "the archive is empty");
        else if (status < ARCHIVE_WARN)
            problem = QString::fromUtf8(archive_error_string(reader));
    }
    archive_read_free(reader);
    if (!problem.isEmpty())
        return reject(QCoreApplication::translate("WorkspaceArchiver", "%1 is not a readable .tar.gz: %2")
                          .arg(QFileInfo(path).fileName(), problem));
    if (why)
        why->clear();
    return true;
}

void WorkspaceArchiver::setThreads(int threads)
{
    m_threads = threads;
}

void WorkspaceArchiver::start(const QStringList &sources, const QString &archivePath,
                              const WorkspaceLimits &limits)
{
    if (m_running) {
        qWarning("WorkspaceArchiver::start: a pack is already running");
        return;
    }
    m_running = true;
    m_cancelRequested = false;
    m_doneBytes = 0;
    m_totalBytes = 0;
    m_lastEmittedBytes = -1;
    const int threads = m_threads;
    m_watcher.setFuture(QtConcurrent::run(&m_pool, [this, sources, archivePath, threads, limits] {
        return pack(
            sources, archivePath, threads, m_cancelRequested,
            [this](qint64 done, qint64 total) {
                m_totalBytes = total;
                m_doneBytes = done;
            },
            limits);
    }));
    m_progressTimer.start();
}

void WorkspaceArchiver::cancel()
{
    m_cancelRequested = true;
}

void WorkspaceArchiver::emitProgress()
{
    const qint64 done = m_doneBytes;
    if (done == m_lastEmittedBytes)
        return;
    m_lastEmittedBytes = done;
    emit progress(done, m_totalBytes);
}

void WorkspaceArchiver::onPackFinished()
{
    m_progressTimer.stop();
    const PackResult result = m_watcher.result();
    m_running = false;
    emitProgress();
    emit finished(result);
}
