// `run release`, `run adopt` and `leaks`: the commands of CliRunner that give sandboxes back or keep them,
// kept apart from runclicommands.cpp so each file stays about one area.
#include "cli/clirunner.h"

#include "api/apicall.h"
#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "cli/texttable.h"
#include "ledger/ledgerwords.h"
#include "ledger/runledger.h"
#include "runs/leakfinder.h"
#include "runs/ledgerrecorder.h"
#include "runs/runreconciler.h"
#include "runs/runreleaser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <memory>

using namespace Qt::StringLiterals;

RunReleaser *CliRunner::newReleaser(bool namesServersOnFailure)
{
    auto *releaser = new RunReleaser(m_transport, LedgerAccess(m_ledger.get()), this);
    connect(releaser, &RunReleaser::released, this, [this](const ReleaseTarget &target) {
        m_output.err(u"Released %1%2 %3\n"_s.arg(target.leftover ? u"leftover "_s : QString(),
                                                 target.servers.join(u','), target.sandboxId));
    });
    connect(releaser, &RunReleaser::vanished, this, [this](const ReleaseTarget &target) {
        m_output.err(u"Released %1 %2 (the server no longer held it)\n"_s.arg(target.servers.join(u','),
                                                                              target.sandboxId));
    });
    connect(releaser, &RunReleaser::failed, this,
            [this, namesServersOnFailure](const ReleaseTarget &target, const QString &sentence,
                                          const ApiError &error) {
                const QString why = error.isError() ? m_output.errorSentence(error) : sentence;
                if (namesServersOnFailure && !target.leftover)
                    m_output.err(
                        u"error: %1 %2: %3\n"_s.arg(target.servers.join(u','), target.sandboxId, why));
                else
                    m_output.err(u"error: %1: %2\n"_s.arg(target.sandboxId, why));
            });
    return releaser;
}

void CliRunner::runRelease()
{
    if (!openLedger())
        return;
    const QString name = m_command.arguments[0];
    auto *releaser = newReleaser(true);
    connect(releaser, &RunReleaser::finished, this,
            [this, releaser, name](int released, int failed, const QString &error) {
                if (!error.isEmpty())
                    m_output.err(u"error: "_s + error + u'\n');
                if (releaser->wasRefused())
                    return done(1);
                m_output.out(u"Run %1: %2 released, %3 failed.\n"_s.arg(name).arg(released).arg(failed));
                done(failed == 0 && error.isEmpty() ? 0 : 1);
            });
    releaser->releaseRun(name);
}

void CliRunner::runAdopt()
{
    if (!openLedger())
        return;
    const QString name = m_command.arguments[0];
    if (auto run = m_ledger->run(name); !run) {
        m_output.err(u"error: "_s + run.error().message + u'\n');
        return done(1);
    }
    m_reconciler = new RunReconciler(m_transport, LedgerAccess(m_ledger.get()), this);
    m_reconciler->scan(name, [this, name](const ReconcileReport &report) {
        if (!report.error.isEmpty()) {
            m_output.err(u"error: could not list the run's sandboxes on the server: "_s + report.error +
                         u'\n');
            return done(1);
        }
        QSet<qint64> matched;
        for (const auto &leftover : report.leftovers)
            matched.insert(leftover.intentId);
        for (const auto &intent : report.openIntents)
            if (!matched.contains(intent.id))
                m_reconciler->abandon(intent.id, u"the server held nothing for it"_s);
        auto problems = std::make_shared<int>(0);
        auto pending = std::make_shared<qsizetype>(report.leftovers.size());
        const auto summary = [this, name, problems, adopted = report.leftovers.size(),
                              closed = report.openIntents.size()] {
            m_output.out(u"Run %1: %2 leftovers adopted, %3 interrupted acquires closed.\n"_s.arg(name)
                             .arg(adopted - *problems)
                             .arg(closed));
            done(*problems ? 1 : 0);
        };
        if (report.leftovers.isEmpty())
            return summary();
        for (const auto &leftover : report.leftovers)
            m_reconciler->adopt(leftover, [this, leftover, problems, pending,
                                           summary](const QString &problem) {
                if (!problem.isEmpty()) {
                    m_output.err(u"error: %1: %2\n"_s.arg(leftover.sandboxId, problem));
                    ++*problems;
                } else {
                    m_output.err(u"Adopted %1 %2\n"_s.arg(leftover.servers.join(u','), leftover.sandboxId));
                }
                if (--*pending == 0)
                    summary();
            });
    });
}

void CliRunner::leaks()
{
    if (!openLedger())
        return;
    watch(m_sandboxes->list({}, this, [this](const ApiResult<SandboxList> &remote) {
        if (!remote)
            return done(m_output.apiError(remote.error()));
        watch(m_local->list(
            this, [this, remoteList = remote.value()](const ApiResult<LocalSandboxList> &local) {
                if (!local)
                    return done(m_output.apiError(local.error()));
                auto held = m_ledger->heldSandboxes();
                auto runs = m_ledger->runs();
                if (!held || !runs) {
                    m_output.err(u"error: "_s + (held ? runs.error().message : held.error().message) + u'\n');
                    return done(1);
                }
                LeakInput input{remoteList.sandboxes, local->localSandboxes,           held.value(),
                                runs.value(),         QDateTime::currentDateTimeUtc(), std::nullopt};
                if (m_command.has(u"older-than"_s))
                    input.thresholdSeconds = LeakFinder::parseDuration(m_command.option(u"older-than"_s));
                const LeakReport report = LeakFinder::find(input);
                // What the server no longer holds is no longer held: the ledger is told so.
                for (const auto &gone : report.vanished)
                    m_ledger->recordReleased(gone.provider, gone.sandboxId, LedgerRelease::Vanished);
                QJsonArray entries;
                TextTable table(
                    {u"PROVIDER"_s, u"SERVERS"_s, u"SANDBOX ID"_s, u"RUN"_s, u"HELD SINCE"_s, u"REASONS"_s});
                for (const auto &leak : report.leaks) {
                    QStringList reasons;
                    for (const auto reason : leak.reasons)
                        reasons.append(LeakFinder::word(reason));
                    table.addRow({LedgerWords::word(leak.provider), leak.servers.join(u','), leak.sandboxId,
                                  leak.run, CliOutput::utcTime(leak.heldSince), reasons.join(u", "_s)});
                    entries.append(QJsonObject{{u"provider"_s, LedgerWords::word(leak.provider)},
                                               {u"servers"_s, QJsonArray::fromStringList(leak.servers)},
                                               {u"sandbox_id"_s, leak.sandboxId},
                                               {u"run"_s, leak.run},
                                               {u"held_since"_s, CliOutput::utcTime(leak.heldSince)},
                                               {u"known_to_ledger"_s, leak.knownToLedger},
                                               {u"reasons"_s, QJsonArray::fromStringList(reasons)}});
                }
                if (m_command.json)
                    m_output.json(QJsonDocument(entries).toJson());
                else if (table.isEmpty())
                    m_output.out(u"No leaks.\n"_s);
                else
                    m_output.out(table.render() + u"\n%1 leaks\n"_s.arg(report.leaks.size()));
                if (!m_command.has(u"release"_s) || report.leaks.isEmpty())
                    return done(0);
                QList<ReleaseTarget> targets;
                for (const auto &leak : report.leaks)
                    targets.append(ReleaseTarget::of(leak));
                auto *releaser = newReleaser(false);
                connect(releaser, &RunReleaser::finished, this,
                        [this](int, int failed, const QString &) { done(failed ? 1 : 0); });
                releaser->releaseSandboxes(targets);
            }));
    }));
}
