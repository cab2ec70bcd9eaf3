#pragma once

#include "ledger/ledgerhandler.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"

#include <QObject>
#include <QPointer>

#include <functional>

// One way to reach the ledger for code shared by the CLI and the GUI: at once on a RunLedger (the CLI,
// tests), or on the LedgerWorker's thread (the GUI). A handler runs on the context's thread; in the sync
// mode before call() returns. Code written against it must not assume either: whatever follows the answer
// goes in the handler.
//
// A copy is cheap and refers to the same ledger; neither is owned. Without a ledger (default-constructed,
// a null pointer, or a worker that is gone) every call answers NotOpen at once.
class LedgerAccess
{
public:
    LedgerAccess() = default; // no ledger: isActive() false, calls answer NotOpen
    explicit LedgerAccess(RunLedger *ledger);
    explicit LedgerAccess(LedgerWorker *worker);

    bool isActive() const { return m_ledger || m_worker; }

    // Runs `job` on the ledger, then `then` with its answer on the context's thread. Without a context or
    // a handler nobody is told how it went (fire and forget); a context destroyed before the answer
    // silences it.
    template <typename T>
    void call(std::function<LedgerResult<T>(RunLedger &)> job, QObject *context, LedgerHandler<T> then) const;

private:
    static LedgerError notOpen();

    RunLedger *m_ledger = nullptr;
    QPointer<LedgerWorker> m_worker;
};

template <typename T>
void LedgerAccess::call(std::function<LedgerResult<T>(RunLedger &)> job, QObject *context,
                        LedgerHandler<T> then) const
{
    if (m_worker) {
        m_worker->post<T>(std::move(job), context, std::move(then));
        return;
    }
    // The same rule as the worker's: an answer only to a context that asked for one.
    const bool answer = context && then;
    if (!m_ledger) {
        if (answer)
            then(LedgerResult<T>(notOpen()));
        return;
    }
    auto result = job(*m_ledger);
    if (answer)
        then(result);
}
