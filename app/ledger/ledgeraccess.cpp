#include "ledger/ledgeraccess.h"

#include <QCoreApplication>

LedgerAccess::LedgerAccess(RunLedger *ledger) : m_ledger(ledger) {}

LedgerAccess::LedgerAccess(LedgerWorker *worker) : m_worker(worker) {}

LedgerError LedgerAccess::notOpen()
{
    return {LedgerError::Kind::NotOpen,
            QCoreApplication::translate("LedgerAccess", "No run ledger is open, so nothing was recorded.")};
}
