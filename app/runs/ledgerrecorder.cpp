#include "runs/ledgerrecorder.h"

#include "execution/executionjob.h"
#include "ledger/runledger.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QFileInfo>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// The run that holds this sandbox in the ledger, empty when none does.
QString runOf(RunLedger &ledger, LedgerProvider provider, const QString &sandboxId)
{
    const auto held = ledger.heldSandboxes();
    if (!held)
        return {};
    for (const auto &sandbox : held.value())
        if (sandbox.provider == provider && sandbox.sandboxId == sandboxId)
            return sandbox.run;
    return {};
}

} // namespace

LedgerRecorder::LedgerRecorder(const LedgerAccess &access, QObject *context)
    : m_access(access), m_context(context)
{
    Q_ASSERT_X(context || !access.isActive(), "LedgerRecorder", "answers need a context");
}

void LedgerRecorder::begin(LedgerOperationKind kind, LedgerProvider provider, const QStringList &servers,
                           const QString &sandboxId, std::function<void(qint64)> then)
{
    begin(kind, provider, servers, sandboxId, {}, {}, {}, 0, std::move(then));
}

void LedgerRecorder::begin(LedgerOperationKind kind, LedgerProvider provider, const QStringList &servers,
                           const QString &sandboxId, const QString &run, const QString &benchmark,
                           const QStringList &tags, qint64 ttlSeconds, std::function<void(qint64)> then)
{
    if (!m_access.isActive()) {
        if (then)
            then(0);
        return;
    }
    LedgerOperation intent;
    intent.kind = kind;
    intent.state = LedgerOperationState::Intent;
    intent.profile = m_profile;
    intent.provider = provider;
    intent.server = servers.join(u','); // the ledger's spelling of a local sandbox's server list
    intent.sandboxId = sandboxId;
    intent.run = run;
    intent.benchmark = benchmark;
    intent.tags = tags;
    intent.ttlSeconds = ttlSeconds;
    intent.startedAt = QDateTime::currentDateTimeUtc();
    intent.application = QCoreApplication::applicationName();
    intent.processId = QCoreApplication::applicationPid();
    beginIntent(std::move(intent), std::move(then));
}

void LedgerRecorder::beginExecution(const QString &localSandboxId, const QString &executionName,
                                    std::function<void(qint64)> then)
{
    if (!m_access.isActive()) {
        if (then)
            then(0);
        return;
    }
    LedgerOperation intent;
    intent.kind = LedgerOperationKind::Execute;
    intent.state = LedgerOperationState::Intent;
    intent.profile = m_profile;
    intent.provider = LedgerProvider::KlavisLocal;
    intent.sandboxId = localSandboxId;
    intent.executionName = executionName;
    intent.startedAt = QDateTime::currentDateTimeUtc();
    intent.application = QCoreApplication::applicationName();
    intent.processId = QCoreApplication::applicationPid();
    beginIntent(std::move(intent), std::move(then));
}

void LedgerRecorder::beginIntent(LedgerOperation intent, std::function<void(qint64)> then)
{
    m_access.call<qint64>(
        [intent](RunLedger &ledger) mutable {
            if (intent.run.isEmpty() && !intent.sandboxId.isEmpty())
                intent.run = runOf(ledger, intent.provider, intent.sandboxId);
            return ledger.beginOperation(intent);
        },
        m_context,
        [this, then = std::move(then)](const LedgerResult<qint64> &id) {
            if (!id)
                m_problem = id.error().message;
            if (then)
                then(id ? id.value() : 0);
        });
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

void LedgerRecorder::write(std::function<LedgerStatus(RunLedger &)> job, bool notFoundIsFine)
{
    if (!m_access.isActive())
        return;
    m_access.call<LedgerDone>(std::move(job), m_context, [this, notFoundIsFine](const LedgerStatus &status) {
        if (!status && !(notFoundIsFine && status.error().kind == LedgerError::Kind::NotFound))
            m_problem = status.error().message;
    });
}

void LedgerRecorder::finish(qint64 id, const ApiError &error, const QString &sandboxId,
                            const std::optional<LedgerTransfer> &transfer)
{
    if (id == 0)
        return;
    const LedgerOutcome outcome{stateFor(error), sandboxId, error.isError() ? error.fullText() : QString(),
                                transfer};
    write([id, outcome](RunLedger &ledger) { return ledger.finishOperation(id, outcome); });
}

void LedgerRecorder::finish(qint64 id, LedgerOperationState state, const QString &outcome,
                            const QString &sandboxId, const std::optional<LedgerTransfer> &transfer)
{
    if (id == 0)
        return;
    const LedgerOutcome written{state, sandboxId, outcome, transfer};
    write([id, written](RunLedger &ledger) { return ledger.finishOperation(id, written); });
}

void LedgerRecorder::finishExecution(qint64 id, const ExecutionJob &job)
{
    LedgerOperationState state = LedgerOperationState::Failed;
    switch (job.outcome()) {
    case ExecutionJob::Outcome::Started:
    case ExecutionJob::Outcome::Completed:
    case ExecutionJob::Outcome::StoppedFollowing:
        state = LedgerOperationState::Succeeded;
        break;
    case ExecutionJob::Outcome::Error: // even when it had started and its log was lost: the outcome says so
    case ExecutionJob::Outcome::None:
    case ExecutionJob::Outcome::Failed:
    case ExecutionJob::Outcome::Cancelled:
        break;
    }
    std::optional<LedgerTransfer> uploaded;
    if (const ArchiveFacts &facts = job.archiveFacts(); !facts.sha256.isEmpty())
        uploaded = LedgerTransfer{facts.sha256, facts.bytes, std::max<qint64>(0, facts.fileCount),
                                  QFileInfo(job.executionName()).fileName() + u".tar.gz"_s};
    QString outcome = ExecutionJob::outcomeWord(job.outcome());
    if (!job.errorText().isEmpty())
        outcome += u": "_s + job.errorText();
    finish(id, state, outcome, job.localSandboxId(), uploaded);
}

void LedgerRecorder::finishWithFacts(qint64 id, const QString &sandboxId,
                                     std::function<LedgerTransfer()> facts)
{
    if (id == 0)
        return;
    write([id, sandboxId, facts = std::move(facts)](RunLedger &ledger) {
        return ledger.finishOperation(id, {LedgerOperationState::Succeeded, sandboxId, {}, facts()});
    });
}

LedgerSandbox LedgerRecorder::sandboxRecord(LedgerProvider provider, const QString &sandboxId,
                                            const QStringList &servers, const QString &run,
                                            const QString &benchmark, const QStringList &tags,
                                            qint64 ttlSeconds, const QStringList &mcpUrls) const
{
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
    return sandbox;
}

void LedgerRecorder::acquired(LedgerProvider provider, const QString &sandboxId, const QStringList &servers,
                              const QString &run, const QString &benchmark, const QStringList &tags,
                              qint64 ttlSeconds, const QStringList &mcpUrls)
{
    const LedgerSandbox sandbox =
        sandboxRecord(provider, sandboxId, servers, run, benchmark, tags, ttlSeconds, mcpUrls);
    write([sandbox](RunLedger &ledger) { return ledger.recordAcquired(sandbox); });
}

void LedgerRecorder::acquiredLocal(const LocalSandbox &sandbox, const QString &run, const QString &benchmark,
                                   qint64 ttlSeconds)
{
    QStringList servers;
    QStringList urls;
    for (const auto &server : sandbox.servers) {
        servers.append(server.displayName());
        urls.append(server.mcpServerUrl);
    }
    acquired(LedgerProvider::KlavisLocal, sandbox.localSandboxId, servers, run, benchmark, {}, ttlSeconds,
             urls);
}

LedgerSandbox LedgerRecorder::universeRecord(const UniverseInstance &instance, const QString &universeId,
                                             const QString &run)
{
    LedgerSandbox sandbox;
    sandbox.provider = LedgerProvider::KlavisUniverse;
    sandbox.sandboxId = instance.instanceId;
    // Every service the instance has, a refused URL's too: it is what the instance holds.
    QStringList servers = instance.mcpServers.keys();
    for (const auto &name : instance.refusedServers.keys())
        if (!servers.contains(name))
            servers.append(name);
    sandbox.servers = servers;
    sandbox.run = run;
    sandbox.benchmark = universeId;
    sandbox.acquiredAt = QDateTime::currentDateTimeUtc();
    sandbox.mcpUrls = instance.mcpServers.values(); // the ledger masks their query values
    return sandbox;
}

void LedgerRecorder::acquiredUniverse(const UniverseInstance &instance, const QString &universeId,
                                      const QString &run)
{
    LedgerSandbox sandbox = universeRecord(instance, universeId, run);
    sandbox.profile = m_profile;
    write([sandbox](RunLedger &ledger) { return ledger.recordAcquired(sandbox); });
}

void LedgerRecorder::releasedUniverse(const QString &instanceId, LedgerRelease how)
{
    write(
        [instanceId, how](RunLedger &ledger) -> LedgerStatus {
            const auto held = ledger.heldSandboxes();
            if (!held)
                return held.error();
            QString run;
            for (const LedgerSandbox &sandbox : held.value())
                if (sandbox.provider == LedgerProvider::KlavisUniverse && sandbox.sandboxId == instanceId)
                    run = sandbox.run;
            if (LedgerStatus done = ledger.recordReleased(LedgerProvider::KlavisUniverse, instanceId, how);
                !done)
                return done;
            if (run.isEmpty())
                return LedgerDone{};
            const bool more =
                std::any_of(held.value().cbegin(), held.value().cend(), [&](const LedgerSandbox &sandbox) {
                    return sandbox.run == run && sandbox.sandboxId != instanceId;
                });
            const auto known = ledger.run(run);
            if (more || !known || known.value().state != LedgerRunState::Open)
                return LedgerDone{};
            return ledger.setRunState(run, LedgerRunState::Released);
        },
        true);
}

void LedgerRecorder::released(LedgerProvider provider, const QString &sandboxId, LedgerRelease how)
{
    // A sandbox this machine never recorded (taken by another key, or before the ledger existed): nothing
    // to update, and nothing wrong.
    write([provider, sandboxId,
           how](RunLedger &ledger) { return ledger.recordReleased(provider, sandboxId, how); },
          true);
}
