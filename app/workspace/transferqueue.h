#pragma once

#include "api/workspacelimits.h"
#include "workspace/dumpjob.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QStringList>

#include <functional>

class KlavisLocalSandboxService;
class QNetworkAccessManager;
class TransferJob;

// The jobs of the Transfers view: at most maxConcurrent run at once (two by default), the rest wait in
// order. Owns its jobs; rows stay until "Clear finished".
class TransferQueue final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransferQueue)

public:
    TransferQueue(KlavisLocalSandboxService *service, QNetworkAccessManager *network,
                  QObject *parent = nullptr);

    // Runs when a job's turn comes, with `start` to call once what must come first is done (the session
    // writes the ledger's intent before the first request): the job holds its place among the running ones
    // from then on. `start` starts it unless it was cancelled or removed meanwhile; it must be called
    // exactly once either way. Without a gate a job starts at once.
    using StartGate = std::function<void(TransferJob *job, std::function<void()> start)>;
    void setStartGate(StartGate gate) { m_startGate = std::move(gate); }

    void setRegion(const QString &region) { m_region = region; }
    void setMaxConcurrent(int count);
    int maxConcurrent() const { return m_maxConcurrent; }

    // `limits`: what the sandbox says one upload may hold (its list entry's), checked before packing.
    TransferJob *enqueueUpload(const QString &localSandboxId, const QStringList &sources,
                               const WorkspaceLimits &limits = {});
    TransferJob *enqueueDump(const QString &localSandboxId, DumpJob::Mode mode, const QString &targetPath);
    // Adds a job made elsewhere (tests, or clone() for retry).
    void enqueue(TransferJob *job);

    const QList<TransferJob *> &jobs() const { return m_jobs; }
    int indexOf(const TransferJob *job) const { return int(m_jobs.indexOf(job)); }
    int activeCount() const;
    void cancel(int index);
    // Replaces a cancelled job, or one failed for a reason that can pass, with a fresh copy in the same row.
    void retry(int index);
    void clearFinished();
    void cancelAll();

signals:
    // Pairs around each change of the list, so a model can begin/end its inserts and removals.
    void jobAboutToBeAdded(int index);
    void jobAdded(int index);
    void jobAboutToBeRemoved(int index);
    void jobRemoved(int index);
    void jobChanged(int index);
    void activeCountChanged(int count);
    // A job ended: `seconds` it ran, for "notify when a long one ends".
    void jobFinished(TransferJob *job, qint64 seconds);

private:
    void watch(TransferJob *job);
    void startWaiting();
    void startThroughGate(TransferJob *job);

    KlavisLocalSandboxService *m_service;
    QNetworkAccessManager *m_network;
    QString m_region = QStringLiteral("us");
    QList<TransferJob *> m_jobs;
    int m_maxConcurrent = 2;
    int m_lastActive = 0;
    bool m_starting = false;
    bool m_startAgain = false;
    StartGate m_startGate;
    QSet<const TransferJob *> m_opening; // through the gate, not started yet
};
