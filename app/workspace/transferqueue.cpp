#include "workspace/transferqueue.h"

#include "workspace/uploadjob.h"

#include <QPointer>

TransferQueue::TransferQueue(KlavisLocalSandboxService *service, QNetworkAccessManager *network,
                             QObject *parent)
    : QObject(parent), m_service(service), m_network(network)
{}

void TransferQueue::setMaxConcurrent(int count)
{
    m_maxConcurrent = std::max(1, count);
    startWaiting();
}

TransferJob *TransferQueue::enqueueUpload(const QString &localSandboxId, const QStringList &sources,
                                          const WorkspaceLimits &limits)
{
    auto *job = new UploadJob(m_service, m_network, localSandboxId, m_region, sources, this);
    job->setLimits(limits);
    enqueue(job);
    return job;
}

TransferJob *TransferQueue::enqueueDump(const QString &localSandboxId, DumpJob::Mode mode,
                                        const QString &targetPath)
{
    auto *job = new DumpJob(m_service, m_network, localSandboxId, m_region, mode, targetPath, this);
    enqueue(job);
    return job;
}

void TransferQueue::enqueue(TransferJob *job)
{
    job->setParent(this);
    const int index = int(m_jobs.size());
    emit jobAboutToBeAdded(index);
    m_jobs.append(job);
    watch(job);
    emit jobAdded(index);
    startWaiting();
}

void TransferQueue::watch(TransferJob *job)
{
    auto changed = [this, job] {
        const int index = indexOf(job);
        if (index >= 0)
            emit jobChanged(index);
    };
    connect(job, &TransferJob::stateChanged, this, changed);
    connect(job, &TransferJob::progressChanged, this, changed);
    connect(job, &TransferJob::waitingNoteChanged, this, changed);
    connect(job, &TransferJob::finished, this, [this, job] {
        emit jobFinished(job, job->durationSeconds());
        startWaiting();
    });
}

int TransferQueue::activeCount() const
{
    return int(std::count_if(m_jobs.cbegin(), m_jobs.cend(), [this](const TransferJob *job) {
        return job->isActive() || (job->state() == TransferJob::State::Queued && m_opening.contains(job));
    }));
}

void TransferQueue::startThroughGate(TransferJob *job)
{
    if (!m_startGate) {
        job->start();
        return;
    }
    m_opening.insert(job);
    m_startGate(job, [queue = QPointer<TransferQueue>(this), guarded = QPointer<TransferJob>(job), job] {
        if (!queue)
            return;
        queue->m_opening.remove(job);
        // Cancelled while its turn was being prepared (it ended as Cancelled), or cleared away.
        if (guarded && queue->m_jobs.contains(job) && job->state() == TransferJob::State::Queued)
            job->start();
        queue->startWaiting();
    });
}

void TransferQueue::startWaiting()
{
    // A job can end inside start() (a refused archive), and a slot on jobFinished may then start, retry
    // or clear jobs: a nested call only asks this loop to look again, over a copy of the list.
    if (m_starting) {
        m_startAgain = true;
        return;
    }
    m_starting = true;
    do {
        m_startAgain = false;
        const QList<TransferJob *> snapshot = m_jobs;
        for (TransferJob *job : snapshot) {
            if (activeCount() >= m_maxConcurrent)
                break;
            if (m_jobs.contains(job) && job->state() == TransferJob::State::Queued &&
                !m_opening.contains(job))
                startThroughGate(job);
        }
    } while (m_startAgain);
    m_starting = false;
    const int active = activeCount();
    if (active != m_lastActive) {
        m_lastActive = active;
        emit activeCountChanged(active);
    }
}

void TransferQueue::cancel(int index)
{
    if (index < 0 || index >= m_jobs.size())
        return;
    // A queued job was never started: its cancel() just ends it, and frees nothing.
    m_jobs[index]->cancel();
}

void TransferQueue::retry(int index)
{
    // A failure that would repeat (a refused archive, a full disk) is not run again: TransferJob decides.
    if (index < 0 || index >= m_jobs.size() || !m_jobs[index]->canRetry())
        return;
    TransferJob *old = m_jobs[index];
    TransferJob *fresh = old->clone(this);
    m_jobs[index] = fresh;
    old->disconnect(this);
    old->deleteLater();
    watch(fresh);
    emit jobChanged(index);
    startWaiting();
}

void TransferQueue::clearFinished()
{
    for (int index = int(m_jobs.size()) - 1; index >= 0; --index) {
        TransferJob *job = m_jobs[index];
        if (!job->isFinished())
            continue;
        emit jobAboutToBeRemoved(index);
        m_jobs.removeAt(index);
        job->disconnect(this);
        job->deleteLater();
        emit jobRemoved(index);
    }
}

void TransferQueue::cancelAll()
{
    // Cancelling one lets the next queued one start: cancel the waiting ones first, then the rest.
    const QList<TransferJob *> snapshot = m_jobs;
    for (TransferJob *job : snapshot)
        if (m_jobs.contains(job) && job->state() == TransferJob::State::Queued)
            job->cancel();
    for (TransferJob *job : snapshot)
        if (m_jobs.contains(job) && !job->isFinished())
            job->cancel();
}
