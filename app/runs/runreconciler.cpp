#include "runs/runreconciler.h"

#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "ledger/runledger.h"

#include <QCoreApplication>
#include <QSet>

#include <cerrno>
#include <csignal>

using namespace Qt::StringLiterals;

namespace {

bool isOpen(const LedgerOperation &operation)
{
    return operation.kind == LedgerOperationKind::Acquire &&
           (operation.state == LedgerOperationState::Intent ||
            operation.state == LedgerOperationState::Ambiguous);
}

QStringList serversOf(const LedgerOperation &operation)
{
    return operation.server.split(u',', Qt::SkipEmptyParts);
}

// The leftovers of one run: what the server holds for it that the ledger does not know.
QList<RunLeftover> leftoversOf(const QString &run, const QList<LedgerOperation> &intents,
                               const SandboxList &remote, const LocalSandboxList &local,
                               const QList<LedgerSandbox> &held)
{
    QSet<QString> known;
    for (const auto &sandbox : held)
        known.insert(QString::number(int(sandbox.provider)) + u'/' + sandbox.sandboxId);
    const auto isKnown = [&known](LedgerProvider provider, const QString &id) {
        return known.contains(QString::number(int(provider)) + u'/' + id);
    };
    // Each leftover takes the oldest unmatched intent of the same server(s).
    QSet<qint64> matched;
    const auto matchIntent = [&](LedgerProvider provider, const QStringList &servers,
                                 const QDateTime &createdAt) -> qint64 {
        for (const auto &intent : intents) {
            if (matched.contains(intent.id) || intent.provider != provider || serversOf(intent) != servers)
                continue;
            if (createdAt.isValid() && intent.startedAt.isValid() &&
                createdAt < intent.startedAt.addSecs(-5)) // clocks of two machines: a little slack
                continue;
            matched.insert(intent.id);
            return intent.id;
        }
        return 0;
    };
    QList<RunLeftover> leftovers;
    for (const auto &sandbox : remote.sandboxes) {
        if (!sandbox.isOccupied() || !sandbox.tags.contains(run) ||
            isKnown(LedgerProvider::Klavis, sandbox.sandboxId))
            continue;
        leftovers.append({LedgerProvider::Klavis,
                          {sandbox.serverName},
                          sandbox.sandboxId,
                          run,
                          matchIntent(LedgerProvider::Klavis, {sandbox.serverName}, {})});
    }
    // Universe instances are not here: the API lists no acquired instances, so an interrupted universe
    // acquire leaves an open intent and nothing to match it with.
    for (const auto &sandbox : local.localSandboxes) {
        if (isKnown(LedgerProvider::KlavisLocal, sandbox.localSandboxId))
            continue;
        QStringList servers;
        for (const auto &server : sandbox.servers)
            servers.append(server.displayName());
        // Without a tag only an open local intent can make it a candidate.
        if (const qint64 intent = matchIntent(LedgerProvider::KlavisLocal, servers, sandbox.createdAt))
            leftovers.append({LedgerProvider::KlavisLocal, servers, sandbox.localSandboxId, run, intent});
    }
    return leftovers;
}

} // namespace

RunReconciler::RunReconciler(HttpTransport *transport, const LedgerAccess &ledger, QObject *parent)
    : QObject(parent), m_remote(new KlavisSandboxService(transport, this)),
      m_local(new KlavisLocalSandboxService(transport, this)), m_recorder(ledger, this)
{}

bool RunReconciler::processIsRunning(qint64 processId)
{
    if (processId <= 0 || processId == QCoreApplication::applicationPid())
        return false;
    // Signal 0 only asks whether the process exists; EPERM means it does, under another user.
    return ::kill(pid_t(processId), 0) == 0 || errno == EPERM;
}

void RunReconciler::scan(const QString &onlyRun, const std::function<void(const ReconcileReport &)> &done)
{
    m_recorder.access().call<QList<LedgerOperation>>(
        [](RunLedger &ledger) { return ledger.openIntents(); }, this,
        [this, onlyRun, done](const LedgerResult<QList<LedgerOperation>> &intents) {
            ReconcileReport report;
            if (!intents) {
                report.error = intents.error().message;
                return done(report);
            }
            QStringList runs;
            for (const auto &operation : intents.value()) {
                if (!isOpen(operation) || operation.run.isEmpty() ||
                    (!onlyRun.isEmpty() && operation.run != onlyRun))
                    continue;
                // Ambiguous ones were finished by a live process that went on; an intent is open only once
                // its writer is gone.
                if (operation.state == LedgerOperationState::Intent && processIsRunning(operation.processId))
                    continue;
                report.openIntents.append(operation);
                if (!runs.contains(operation.run))
                    runs.append(operation.run);
            }
            scanRun(runs, report, done);
        });
}

void RunReconciler::scanRun(QStringList runs, ReconcileReport report,
                            const std::function<void(const ReconcileReport &)> &done)
{
    if (runs.isEmpty())
        return done(report);
    const QString run = runs.takeFirst();
    QList<LedgerOperation> intents;
    for (const auto &operation : report.openIntents)
        if (operation.run == run)
            intents.append(operation);

    m_remote->list({{}, run}, this, [=, this](const ApiResult<SandboxList> &remote) mutable {
        if (!remote) {
            report.error = remote.error().fullText();
            return done(report);
        }
        m_local->list(this, [=, this](const ApiResult<LocalSandboxList> &local) mutable {
            if (!local) {
                report.error = local.error().fullText();
                return done(report);
            }
            m_recorder.access().call<QList<LedgerSandbox>>(
                [](RunLedger &ledger) { return ledger.heldSandboxes(); }, this,
                [=, this, remote = remote.value(),
                 local = local.value()](const LedgerResult<QList<LedgerSandbox>> &held) mutable {
                    if (!held) {
                        report.error = held.error().message;
                        return done(report);
                    }
                    report.leftovers += leftoversOf(run, intents, remote, local, held.value());
                    scanRun(runs, report, done);
                });
        });
    });
}

void RunReconciler::adopt(const RunLeftover &leftover, const Done &done)
{
    LedgerSandbox record = m_recorder.sandboxRecord(
        leftover.provider, leftover.sandboxId, leftover.servers, leftover.run, {},
        leftover.provider == LedgerProvider::Klavis ? QStringList{leftover.run} : QStringList(), 0, {});
    // One job: the record and its intent's resolution land together or the error says which did not.
    m_recorder.access().call<LedgerDone>(
        [record, intentId = leftover.intentId](RunLedger &ledger) mutable -> LedgerStatus {
            if (auto run = ledger.run(record.run)) {
                record.benchmark = run->benchmark;
                record.ttlSeconds = run->ttlSeconds;
            }
            if (auto status = ledger.recordAcquired(record); !status)
                return status;
            if (intentId != 0)
                return ledger.resolveIntent(intentId, LedgerOperationState::Adopted, record.sandboxId,
                                            u"adopted after reconciliation"_s);
            return LedgerDone{};
        },
        this, [done](const LedgerStatus &status) { done(status ? QString() : status.error().message); });
}

void RunReconciler::release(const RunLeftover &leftover, const Done &done)
{
    const auto finished = [this, leftover, done](const ApiResult<SandboxActionResult> &result) {
        if (!result && !(result.error().kind() == ApiError::Kind::Http && result.error().httpStatus() == 404))
            return done(result.error().fullText());
        if (leftover.intentId == 0)
            return done({});
        resolve(leftover.intentId, LedgerOperationState::Abandoned, leftover.sandboxId,
                u"released after reconciliation"_s, done);
    };
    if (leftover.provider == LedgerProvider::KlavisLocal)
        m_local->release(leftover.sandboxId, this, finished);
    else
        m_remote->release(leftover.servers.value(0), leftover.sandboxId, this, finished);
}

void RunReconciler::abandon(qint64 intentId, const QString &note, const Done &done)
{
    resolve(intentId, LedgerOperationState::Abandoned, {}, note, done);
}

void RunReconciler::resolve(qint64 intentId, LedgerOperationState resolution, const QString &sandboxId,
                            const QString &note, const Done &done)
{
    m_recorder.access().call<LedgerDone>(
        [=](RunLedger &ledger) { return ledger.resolveIntent(intentId, resolution, sandboxId, note); }, this,
        done ? LedgerHandler<LedgerDone>(
                   [done](const LedgerStatus &status) { done(status ? QString() : status.error().message); })
             : LedgerHandler<LedgerDone>());
}
