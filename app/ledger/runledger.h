#pragma once

#include "ledger/ledgerdatabase.h"
#include "ledger/ledgeroperation.h"
#include "ledger/ledgerredaction.h"
#include "ledger/ledgerresult.h"
#include "ledger/ledgerrun.h"
#include "ledger/ledgersandbox.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <chrono>

// The run ledger: every acquire, release, reset, upload and dump the app or the CLI makes, in one SQLite
// file both write at once (WAL). Synchronous and thread-affine: the CLI uses it directly, the GUI through
// LedgerWorker. Every call answers a LedgerResult; a busy, read-only or full disk is an error value.
// Nothing secret is stored: URLs and texts pass LedgerRedaction, auth_data and metadata have no column.
class RunLedger
{
public:
    RunLedger() = default;

    // $SANDBOXDECK_LEDGER, else <GenericDataLocation>/sandboxdeck/ledger.sqlite: the same file for the app
    // and the CLI, whatever their application names.
    static QString defaultPath();

    // Creates the folder and the file, migrates an older schema. Refuses a newer schema and a file that is
    // not a database, leaving both as they are.
    LedgerStatus open(const QString &path);
    bool isOpen() const { return m_db.isOpen(); }
    const QString &path() const { return m_db.path(); }
    // Secrets to mask wherever a text would carry them (the profile's API key).
    void setSecrets(const QStringList &secrets) { m_redaction.setSecrets(secrets); }
    void setWriteWaitLimit(std::chrono::milliseconds limit) { m_db.setWriteWaitLimit(limit); }

    // Runs. The name is unique; a run's operations and sandboxes refer to it.
    LedgerResult<qint64> createRun(const LedgerRun &run);
    // Cancelled and released close the run (closedAt is set); the others reopen it.
    LedgerStatus setRunState(const QString &name, LedgerRunState state);
    LedgerResult<LedgerRun> run(const QString &name);
    LedgerResult<QList<LedgerRun>> runs(); // newest first

    // Operations. An intent is written before the request and finished after it.
    LedgerResult<qint64> beginOperation(const LedgerOperation &intent);
    LedgerStatus finishOperation(qint64 id, const LedgerOutcome &outcome);
    LedgerResult<LedgerOperation> operation(qint64 id);
    // What a crash (intent) or a dropped connection (ambiguous) left for a person to decide, oldest first,
    // whichever process wrote it: check `processId` before offering a running CLI's intent.
    LedgerResult<QList<LedgerOperation>> openIntents();
    // The executions started in a sandbox (Execute operations), newest first.
    LedgerResult<QList<LedgerOperation>> executionsOf(LedgerProvider provider, const QString &sandboxId);
    // Adopted (what the server holds is ours, `sandboxId` when found) or abandoned. Only open intents.
    LedgerStatus resolveIntent(qint64 id, LedgerOperationState resolution, const QString &sandboxId = {},
                               const QString &note = {});
    LedgerResult<QList<LedgerOperation>> operationsOfRun(const QString &run); // in order

    // Sandboxes, keyed by provider and id: acquiring one recorded before (a pool hands ids out again)
    // replaces its record.
    LedgerStatus recordAcquired(const LedgerSandbox &sandbox);
    LedgerStatus recordReleased(LedgerProvider provider, const QString &sandboxId, LedgerRelease how,
                                const QDateTime &at = QDateTime::currentDateTimeUtc());
    LedgerResult<QList<LedgerSandbox>> sandboxesOfRun(const QString &run);
    LedgerResult<QList<LedgerSandbox>> heldSandboxes(); // not released, by anyone; oldest first

private:
    LedgerDatabase m_db;
    LedgerRedaction m_redaction;
};
