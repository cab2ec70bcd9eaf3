#pragma once

#include "ledger/ledgerhandler.h"
#include "ledger/ledgerresult.h"
#include "ledger/runledger.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThread>

#include <functional>
#include <memory>

// A RunLedger on a thread of its own, for the GUI thread, which never waits for the disk. Work is queued in
// the order it is posted and runs one piece at a time; writes need no answer (fire and forget), reads and
// writes that want one get it through a handler. Destroying the worker runs everything queued before it,
// then closes the ledger on its thread: a clean shutdown loses no write.
class LedgerWorker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LedgerWorker)

public:
    explicit LedgerWorker(QObject *parent = nullptr);
    ~LedgerWorker() override;

    // Opens the ledger (RunLedger::open) with the secrets to mask in what it stores.
    void open(const QString &path, const QStringList &secrets = {}, QObject *context = nullptr,
              LedgerHandler<LedgerDone> then = {});

    // Runs `job` on the ledger's thread after everything posted before it. Without a context or a handler
    // nobody is told how it went.
    template <typename T>
    void post(std::function<LedgerResult<T>(RunLedger &)> job, QObject *context = nullptr,
              LedgerHandler<T> then = {});

    // The calls of every session, spelt out. Send the request from beginOperation's handler: the intent is
    // on disk by then, so a crash during the request leaves it for the next start to find.
    void beginOperation(const LedgerOperation &intent, QObject *context, LedgerHandler<qint64> then);
    void finishOperation(qint64 id, const LedgerOutcome &outcome, QObject *context = nullptr,
                         LedgerHandler<LedgerDone> then = {});
    void openIntents(QObject *context, LedgerHandler<QList<LedgerOperation>> then);

    // Blocks until everything posted so far has run (the end of a session, a test). Never from a job.
    void flush();

private:
    void enqueue(std::function<void()> task);

    QThread m_thread;
    QObject *m_host = nullptr;           // lives on m_thread: the receiver of the queued tasks
    std::unique_ptr<RunLedger> m_ledger; // used and destroyed on m_thread only
};

template <typename T>
void LedgerWorker::post(std::function<LedgerResult<T>(RunLedger &)> job, QObject *context,
                        LedgerHandler<T> then)
{
    if (!context || !then) {
        enqueue([ledger = m_ledger.get(), job = std::move(job)] { (void)job(*ledger); });
        return;
    }
    // The watcher belongs to the context: if the context dies first, so does the watcher, and the answer
    // has nowhere to go. The promise is shared state, safe to fulfil from the ledger's thread.
    auto promise = std::make_shared<QPromise<LedgerResult<T>>>();
    auto *watcher = new QFutureWatcher<LedgerResult<T>>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, then = std::move(then)] {
        watcher->deleteLater();
        const QFuture<LedgerResult<T>> future = watcher->future();
        then(future.resultCount() > 0 ? future.result() : LedgerResult<T>());
    });
    watcher->setFuture(promise->future());
    promise->start();
    enqueue([ledger = m_ledger.get(), promise, job = std::move(job)] {
        promise->addResult(job(*ledger));
        promise->finish();
    });
}
