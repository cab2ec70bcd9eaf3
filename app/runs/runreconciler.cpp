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

} // namespace

RunReconciler::RunReconciler(HttpTransport *transport, RunLedger *ledger, QObject *parent)
    : QObject(parent), m_ledger(ledger), m_remote(new KlavisSandboxService(transport, this)),
      m_local(new KlavisLocalSandboxService(transport, this)), m_recorder(ledger)
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
    ReconcileReport report;
    auto intents = m_ledger->openIntents();
    if (!intents) {
        report.error = intents.error().message;
        return done(report);
    }
    QStringList runs;
    for (const auto &operation : intents.value()) {
        if (!isOpen(operation) || operation.run.isEmpty() || (!onlyRun.isEmpty() && operation.run != onlyRun))
            continue;
        // Ambiguous ones were finished by a live process that went on; an intent is open only once its
        // writer is gone.
        if (operation.state == LedgerOperationState::Intent && processIsRunning(operation.processId))
            continue;
        report.openIntents.append(operation);
        if (!runs.contains(operation.run))
            runs.append(operation.run);
    }
    scanRun(runs, report, done);
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
            auto held = m_ledger->heldSandboxes();
            if (!held) {
                report.error = held.error().message;
                return done(report);
            }
            QSet<QString> known;
            for (const auto &sandbox : held.value())
                known.insert(QString::number(int(sandbox.provider)) + u'/' + sandbox.sandboxId);
            const auto isKnown = [&known](LedgerProvider provider, const QString &id) {
                return known.contains(QString::number(int(provider)) + u'/' + id);
            };
            // Each leftover takes the oldest unmatched intent of the same server(s).
            QSet<qint64> matched;
            const auto matchIntent = [&](LedgerProvider provider, const QStringList &servers,
                                         const QDateTime &createdAt) -> qint64 {
                for (const auto &intent : intents) {
                    if (matched.contains(intent.id) || intent.provider != provider ||
                        serversOf(intent) != servers)
                        continue;
                    if (createdAt.isValid() && intent.startedAt.isValid() &&
                        createdAt < intent.startedAt.addSecs(-5)) // clocks of two machines: a little slack
                        continue;
                    matched.insert(intent.id);
                    return intent.id;
                }
                return 0;
            };
            for (const auto &sandbox : remote->sandboxes) {
                if (sandbox.status.compare(u"occupied"_s, Qt::CaseInsensitive) != 0 ||
                    !sandbox.tags.contains(run) || isKnown(LedgerProvider::Klavis, sandbox.sandboxId))
                    continue;
                report.leftovers.append({LedgerProvider::Klavis,
                                         {sandbox.serverName},
                                         sandbox.sandboxId,
                                         run,
                                         matchIntent(LedgerProvider::Klavis, {sandbox.serverName}, {})});
            }
            for (const auto &sandbox : local->localSandboxes) {
                if (isKnown(LedgerProvider::KlavisLocal, sandbox.localSandboxId))
                    continue;
                QStringList servers;
                for (const auto &server : sandbox.servers)
                    servers.append(server.displayName());
                // Without a tag only an open local intent can make it a candidate.
                if (const qint64 intent =
                        matchIntent(LedgerProvider::KlavisLocal, servers, sandbox.createdAt))
                    report.leftovers.append(
                        {LedgerProvider::KlavisLocal, servers, sandbox.localSandboxId, run, intent});
            }
            scanRun(runs, report, done);
        });
    });
}

QString RunReconciler::adopt(const RunLeftover &leftover)
{
    auto run = m_ledger->run(leftover.run);
    m_recorder.acquired(leftover.provider, leftover.sandboxId, leftover.servers, leftover.run,
                        run ? run->benchmark : QString(),
                        leftover.provider == LedgerProvider::Klavis ? QStringList{leftover.run}
                                                                    : QStringList(),
                        run ? run->ttlSeconds : 0, {});
    if (leftover.intentId != 0)
        if (auto status = m_ledger->resolveIntent(leftover.intentId, LedgerOperationState::Adopted,
                                                  leftover.sandboxId, u"adopted after reconciliation"_s);
            !status)
            return status.error().message;
    return m_recorder.problem();
}

void RunReconciler::release(const RunLeftover &leftover, const std::function<void(const QString &)> &done)
{
    const auto finished = [this, leftover, done](const ApiResult<SandboxActionResult> &result) {
        if (!result && !(result.error().kind() == ApiError::Kind::Http && result.error().httpStatus() == 404))
            return done(result.error().fullText());
        if (leftover.intentId != 0)
            if (auto status = m_ledger->resolveIntent(leftover.intentId, LedgerOperationState::Abandoned,
                                                      leftover.sandboxId, u"released after reconciliation"_s);
                !status)
                return done(status.error().message);
        done({});
    };
    if (leftover.provider == LedgerProvider::KlavisLocal)
        m_local->release(leftover.sandboxId, this, finished);
    else
        m_remote->release(leftover.servers.value(0), leftover.sandboxId, this, finished);
}

QString RunReconciler::abandon(qint64 intentId, const QString &note)
{
    auto status = m_ledger->resolveIntent(intentId, LedgerOperationState::Abandoned, {}, note);
    return status ? QString() : status.error().message;
}
