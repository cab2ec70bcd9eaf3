#pragma once

#include "api/workspacelimits.h"
#include "workspace/archivescan.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <functional>

struct PackResult
{
    bool ok = false;
    bool cancelled = false;
    QString error;           // empty when ok or cancelled
    bool pastLimits = false; // refused after the count, before packing: more than the server states it takes
    QString archivePath;
    qint64 archiveBytes = 0;
    QString archiveSha256; // lowercase hex, hashed as it was written
    ArchiveScan scan;
};

Q_DECLARE_METATYPE(PackResult)

// Packs a workspace (folders and files) into a .tar.gz for upload: a sorted walk that never follows links,
// libarchive's pax writer, gzip compressed on several threads (ParallelGzipWriter), streamed to a temporary
// file beside the target that is renamed into place only when complete. Memory stays bounded whatever the
// workspace size.
//
// Use the static functions from a worker thread of your own, or the job API (start, progress, cancel,
// finished) from the GUI thread, as Ark's jobs do.
class WorkspaceArchiver final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkspaceArchiver)

public:
    using Progress = std::function<void(qint64 done, qint64 total)>;

    explicit WorkspaceArchiver(QObject *parent = nullptr);
    ~WorkspaceArchiver() override; // cancels a running pack and waits for it

    // Counts what pack() would store; links are counted, never followed.
    static ArchiveScan scan(const QStringList &sources);
    // threads <= 0 means one per core. progress reports bytes of file content read, against scan's total;
    // it runs on the calling thread. cancelRequested is polled between 64 KiB blocks.
    // With `limits`, what the count finds past them is refused before anything is packed (pastLimits).
    static PackResult pack(const QStringList &sources, const QString &archivePath, int threads,
                           const std::atomic_bool &cancelRequested, const Progress &progress,
                           const WorkspaceLimits &limits = {});
    // For a dropped archive that is uploaded as it is: gzip magic, and libarchive reads a first tar header.
    static bool isGzipTar(const QString &path, QString *why = nullptr);

    void setThreads(int threads);
    int threads() const { return m_threads; }
    bool isRunning() const { return m_running; }

    // Packs on a worker thread; ignored (with a warning) while a pack is running.
    void start(const QStringList &sources, const QString &archivePath, const WorkspaceLimits &limits = {});
    void cancel();

signals:
    void progress(qint64 doneBytes, qint64 totalBytes);
    void finished(const PackResult &result); // exactly once per start(), on this object's thread

private:
    void emitProgress();
    void onPackFinished();

    int m_threads = 0;
    bool m_running = false;
    std::atomic_bool m_cancelRequested = false;
    // Written by the worker, read by a timer here: progress never queues thousands of events.
    std::atomic<qint64> m_doneBytes = 0;
    std::atomic<qint64> m_totalBytes = 0;
    qint64 m_lastEmittedBytes = -1;
    QTimer m_progressTimer;
    QThreadPool m_pool; // our own, so that a long pack never starves QThreadPool::globalInstance()
    QFutureWatcher<PackResult> m_watcher;
};
