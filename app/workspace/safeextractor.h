#pragma once

#include "workspace/extractionlimits.h"
#include "workspace/extractionreport.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

// Extracts a .tar.gz into a new folder, safely: only files, folders and links that stay inside the tree,
// under the caps of ExtractionLimits, through a staging folder that is renamed into place on success and
// removed on any failure or cancel. See docs/architecture.md, "Workspace transfers".
//
// extract() is the synchronous core for worker threads, the CLI and benchmarks. The object is a job for
// the GUI: start() runs extract() on the global thread pool; progress() and finished() arrive on the
// thread the object lives in. Call start() and cancel() from that thread.
class SafeExtractor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SafeExtractor)

public:
    using ProgressCallback = std::function<void(qint64 done, qint64 total)>;

    explicit SafeExtractor(QObject *parent = nullptr);
    // Cancels a running extraction and waits for it (at most one 64 KiB block), so that no worker
    // outlives the object; finished() is then not emitted.
    ~SafeExtractor() override;

    void setLimits(const ExtractionLimits &limits);
    const ExtractionLimits &limits() const { return m_limits; }
    bool isRunning() const { return m_watcher != nullptr; }

    // Extracts archivePath into targetDir, which must not exist yet or be an empty folder (replaced).
    // Never changes the working directory; safe to call from any thread. progress may be empty; it is
    // called on the calling thread with compressed bytes read and the archive's size.
    static ExtractionReport extract(const QString &archivePath, const QString &targetDir,
                                    const ExtractionLimits &limits, const std::atomic_bool &cancelRequested,
                                    const ProgressCallback &progress);

    // Runs extract() on a worker thread; finished() follows exactly once. Ignored, with a warning, while
    // an extraction is running.
    void start(const QString &archivePath, const QString &targetDir);
    // Asks the running extraction to stop; finished() then reports cancelled unless it had already ended.
    void cancel();

signals:
    void progress(qint64 doneBytes, qint64 totalBytes); // compressed bytes read vs archive size
    void finished(const ExtractionReport &report);      // exactly once per start()

private:
    void onWorkerFinished();

    ExtractionLimits m_limits;
    std::shared_ptr<std::atomic_bool> m_cancelRequested;
    QFutureWatcher<ExtractionReport> *m_watcher = nullptr;
};
