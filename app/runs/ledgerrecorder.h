#pragma once

#include "api/apierror.h"
#include "ledger/ledgeroperation.h"
#include "ledger/ledgersandbox.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

class RunLedger;

// What every front end writes to the ledger around an API call, in one place: an intent before the request,
// its outcome after, and the sandboxes it took or gave back. The CLI's commands and the provisioner use it
// with a RunLedger; the GUI's controllers can use it on the ledger worker's thread. It never stores the key:
// the ledger redacts, and this class hands it the key to look for (setSecrets).
//
// A recorder without a ledger (none given, or it failed to open) records nothing and says so once through
// problem(): an API action does not fail because the ledger could not be written, except where the caller
// decides otherwise (a run's acquire is never sent without its intent).
class LedgerRecorder
{
public:
    explicit LedgerRecorder(RunLedger *ledger = nullptr);

    void setProfile(const QString &profile) { m_profile = profile; }
    RunLedger *ledger() const { return m_ledger; }
    bool isActive() const { return m_ledger != nullptr; }
    // The last ledger error as a sentence, empty when none.
    const QString &problem() const { return m_problem; }

    // 0 when nothing was written (no ledger, or it failed: problem() says why). An operation on a sandbox a
    // run holds belongs to that run when `run` is empty (an upload into a run's local sandbox is in the
    // run's manifest, whoever made it).
    qint64 begin(LedgerOperationKind kind, LedgerProvider provider, const QStringList &servers,
                 const QString &sandboxId = {}, const QString &run = {}, const QString &benchmark = {},
                 const QStringList &tags = {}, qint64 ttlSeconds = 0);
    // Succeeded, or failed / ambiguous as the error says (ApiError::mayHaveTakenEffect).
    void finish(qint64 id, const ApiError &error, const QString &sandboxId = {},
                const std::optional<LedgerTransfer> &transfer = std::nullopt);
    void finish(qint64 id, LedgerOperationState state, const QString &outcome, const QString &sandboxId = {});
    static LedgerOperationState stateFor(const ApiError &error);
    // The run that holds this sandbox in the ledger, empty when none does.
    QString runOf(LedgerProvider provider, const QString &sandboxId) const;
    // What the ledger keeps of bytes sent or received whole (a data dump, a data body): sha256 and size.
    static LedgerTransfer factsOf(const QByteArray &bytes, const QString &fileName = {});

    void acquired(LedgerProvider provider, const QString &sandboxId, const QStringList &servers,
                  const QString &run, const QString &benchmark, const QStringList &tags, qint64 ttlSeconds,
                  const QStringList &mcpUrls);
    void released(LedgerProvider provider, const QString &sandboxId);

private:
    bool note(bool ok, const QString &message);

    RunLedger *m_ledger;
    QString m_profile;
    QString m_problem;
};
