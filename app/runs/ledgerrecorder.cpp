#include "runs/ledgerrecorder.h"

#include "ledger/ledgerwords.h"
#include "ledger/runledger.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>

using namespace Qt::StringLiterals;

LedgerRecorder::LedgerRecorder(RunLedger *ledger) : m_ledger(ledger) {}

bool LedgerRecorder::note(bool ok, const QString &message)
{
    if (!ok)
        m_problem = message;
    return ok;
}

qint64 LedgerRecorder::begin(LedgerOperationKind kind, LedgerProvider provider, const QStringList &servers,
                             const QString &sandboxId, const QString &run, const QString &benchmark,
                             const QStringList &tags, qint64 ttlSeconds)
{
    if (!m_ledger)
        return 0;
    LedgerOperation intent;
    intent.kind = kind;
    intent.state = LedgerOperationState::Intent;
    intent.profile = m_profile;
    intent.provider = provider;
    intent.server = servers.join(u','); // the ledger's spelling of a local sandbox's server list
    intent.sandboxId = sandboxId;
    intent.run = run.isEmpty() && !sandboxId.isEmpty() ? runOf(provider, sandboxId) : run;
    intent.benchmark = benchmark;
    intent.tags = tags;
    intent.ttlSeconds = ttlSeconds;
    intent.startedAt = QDateTime::currentDateTimeUtc();
    intent.application = QCoreApplication::applicationName();
    intent.processId = QCoreApplication::applicationPid();
    auto id = m_ledger->beginOperation(intent);
    return note(id.ok(), id.error().message) ? id.value() : 0;
}

QString LedgerRecorder::runOf(LedgerProvider provider, const QString &sandboxId) const
{
    if (!m_ledger)
        return {};
    const auto held = m_ledger->heldSandboxes();
    if (!held)
        return {};
    for (const auto &sandbox : held.value())
        if (sandbox.provider == provider && sandbox.sandboxId == sandboxId)
            return sandbox.run;
    return {};
}

LedgerTransfer LedgerRecorder::factsOf(const QByteArray &bytes, const QString &fileName)
{
    LedgerTransfer facts;
    facts.sha256 = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    facts.bytes = bytes.size();
    facts.fileCount = 1;
    facts.localFileName = fileName;
    return facts;
}

LedgerOperationState LedgerRecorder::stateFor(const ApiError &error)
{
    if (!error.isError())
        return LedgerOperationState::Succeeded;
    return error.mayHaveTakenEffect() ? LedgerOperationState::Ambiguous : LedgerOperationState::Failed;
}

void LedgerRecorder::finish(qint64 id, const ApiError &error, const QString &sandboxId,
                            const std::optional<LedgerTransfer> &transfer)
{
    if (!m_ledger || id == 0)
        return;
    const auto status = m_ledger->finishOperation(
        id, {stateFor(error), sandboxId, error.isError() ? error.fullText() : QString(), transfer});
    note(status.ok(), status.error().message);
}

void LedgerRecorder::finish(qint64 id, LedgerOperationState state, const QString &outcome,
                            const QString &sandboxId)
{
    if (!m_ledger || id == 0)
        return;
    const auto status = m_ledger->finishOperation(id, {state, sandboxId, outcome, std::nullopt});
    note(status.ok(), status.error().message);
}

void LedgerRecorder::acquired(LedgerProvider provider, const QString &sandboxId, const QStringList &servers,
                              const QString &run, const QString &benchmark, const QStringList &tags,
                              qint64 ttlSeconds, const QStringList &mcpUrls)
{
    if (!m_ledger)
        return;
    LedgerSandbox sandbox;
    sandbox.provider = provider;
    sandbox.sandboxId = sandboxId;
    sandbox.servers = servers;
    sandbox.run = run;
    sandbox.profile = m_profile;
    sandbox.benchmark = benchmark;
    sandbox.tags = tags;
    sandbox.ttlSeconds = ttlSeconds;
    sandbox.acquiredAt = QDateTime::currentDateTimeUtc();
    sandbox.mcpUrls = mcpUrls; // the ledger masks their query values
    const auto status = m_ledger->recordAcquired(sandbox);
    note(status.ok(), status.error().message);
}

void LedgerRecorder::released(LedgerProvider provider, const QString &sandboxId)
{
    if (!m_ledger)
        return;
    const auto status = m_ledger->recordReleased(provider, sandboxId, LedgerRelease::Released);
    // A sandbox this machine never recorded (taken by another key, or before the ledger existed): nothing
    // to update, and nothing wrong.
    note(status.ok() || status.error().kind == LedgerError::Kind::NotFound, status.error().message);
}
