#include "workspace/safeextractor.h"

#include "workspace/extractsession.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace {
// Enough for a smooth bar; a 20 GB archive read in 64 KiB blocks would otherwise queue 300,000 events.
constexpr qint64 kProgressIntervalMs = 50;
} // namespace

SafeExtractor::SafeExtractor(QObject *parent) : QObject(parent) {}

SafeExtractor::~SafeExtractor()
{
    if (m_watcher) {
        m_cancelRequested->store(true);
        m_watcher->disconnect(this);
        m_watcher->waitForFinished();
    }
}

void SafeExtractor::setLimits(const ExtractionLimits &limits)
{
    m_limits = limits;
}

ExtractionReport SafeExtractor::extract(const QString &archivePath, const QString &targetDir,
                                        const ExtractionLimits &limits,
                                        const std::atomic_bool &cancelRequested,
                                        const ProgressCallback &progress)
{
    ExtractSession session(limits, cancelRequested, progress);
    return session.run(archivePath, targetDir);
}

void SafeExtractor::start(const QString &archivePath, const QString &targetDir)
{
    if (m_watcher) {
        qWarning("SafeExtractor::start() called while an extraction is running; ignored");
        return;
    }
    // Shared with the worker, which may still read it after a cancel() racing with its end.
    m_cancelRequested = std::make_shared<std::atomic_bool>(false);
    m_watcher = new QFutureWatcher<ExtractionReport>(this);
    connect(m_watcher, &QFutureWatcherBase::finished, this, &SafeExtractor::onWorkerFinished);

    const auto reportProgress = [this, timer = std::make_shared<QElapsedTimer>()](qint64 done, qint64 total) {
        if (timer->isValid() && timer->elapsed() < kProgressIntervalMs && done < total)
            return;
        timer->start();
        // Queued to this object: dropped if it is destroyed, and the destructor waits for the worker.
        QMetaObject::invokeMethod(
            this, [this, done, total] { emit progress(done, total); }, Qt::QueuedConnection);
    };
    m_watcher->setFuture(QtConcurrent::run(
        [archivePath, targetDir, limits = m_limits, cancelRequested = m_cancelRequested, reportProgress] {
            return extract(archivePath, targetDir, limits, *cancelRequested, reportProgress);
        }));
}

void SafeExtractor::cancel()
{
    if (m_cancelRequested)
        m_cancelRequested->store(true);
}

void SafeExtractor::onWorkerFinished()
{
    const ExtractionReport report = m_watcher->result();
    m_watcher->deleteLater();
    m_watcher = nullptr;
    emit finished(report);
}
