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

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <memory>

using namespace Qt::StringLiterals;

void CliRunner::releaseNext(QList<std::function<void(std::function<void()>)>> steps)
{
    // One release at a time: the rate limit paces them anyway, and the output stays in order.
    if (steps.isEmpty())
        return;
    auto step = steps.takeFirst();
    step([this, steps] { releaseNext(steps); });
}

void CliRunner::runRelease()
{
    if (!openLedger())
        return;
    const QString name = m_command.arguments[0];
    auto run = m_ledger->run(name);
    auto sandboxes = m_ledger->sandboxesOfRun(name);
    if (!run || !sandboxes) {
        m_output.err(u"error: "_s + (run ? sandboxes.error().message : run.error().message) + u'\n');
        return done(1);
    }
    m_reconciler = new RunReconciler(m_transport, m_ledger.get(), this);
    m_reconciler->scan(name, [this, name, held = sandboxes.value()](const ReconcileReport &report) {
        auto failures = std::make_shared<int>(0);
        auto released = std::make_shared<int>(0);
        QList<std::function<void(std::function<void()>)>> steps;
        for (const auto &sandbox : held) {
            if (!sandbox.isHeld())
                continue;
            steps.append([this, sandbox, failures, released](const std::function<void()> &next) {
                const auto finished = [this, sandbox, failures, released,
                                       next](const ApiResult<SandboxActionResult> &result) {
                    // 404: the server no longer knows it (expired, released elsewhere): not ours any more.
                    const bool gone = !result && result.error().kind() == ApiError::Kind::Http &&
                                      result.error().httpStatus() == 404;
                    if (result || gone) {
                        m_ledger->recordReleased(sandbox.provider, sandbox.sandboxId,
                                                 gone ? LedgerRelease::Vanished : LedgerRelease::Released);
                        ++*released;
                        m_output.err(
                            u"Released %1 %2\n"_s.arg(sandbox.servers.join(u','), sandbox.sandboxId));
                    } else {
                        ++*failures;
                        m_output.err(u"error: %1 %2: %3\n"_s.arg(sandbox.servers.join(u','),
                                                                 sandbox.sandboxId,
                                                                 m_output.errorSentence(result.error())));
                    }
                    next();
                };
                const qint64 id = recorder().begin(LedgerOperationKind::Release, sandbox.provider,
                                                   sandbox.servers, sandbox.sandboxId, sandbox.run);
                const auto recorded = [this, id, sandbox,
                                       finished](const ApiResult<SandboxActionResult> &result) {
                    recorder().finish(id, result.error(), sandbox.sandboxId);
                    finished(result);
                };
                if (sandbox.provider == LedgerProvider::KlavisLocal)
                    m_local->release(sandbox.sandboxId, this, recorded);
                else
                    m_sandboxes->release(sandbox.servers.value(0), sandbox.sandboxId, this, recorded);
            });
        }
        QSet<qint64> matched;
        for (const auto &leftover : report.leftovers) {
            matched.insert(leftover.intentId);
            steps.append([this, leftover, failures, released](const std::function<void()> &next) {
                m_reconciler->release(
                    leftover, [this, leftover, failures, released, next](const QString &error) {
                        if (error.isEmpty()) {
                            ++*released;
                            m_output.err(u"Released leftover %1 %2\n"_s.arg(leftover.servers.join(u','),
                                                                            leftover.sandboxId));
                        } else {
                            ++*failures;
                            m_output.err(u"error: %1: %2\n"_s.arg(leftover.sandboxId, error));
                        }
                        next();
                    });
            });
        }
        // Open intents the server holds nothing for: nothing to release, nothing to wait for.
        for (const auto &intent : report.openIntents)
            if (!matched.contains(intent.id))
                m_reconciler->abandon(intent.id, u"the server held nothing for it at release"_s);
        steps.append([this, name, failures, released, error = report.error](const std::function<void()> &) {
            if (*failures == 0 && error.isEmpty())
                m_ledger->setRunState(name, LedgerRunState::Released);
            if (!error.isEmpty())
                m_output.err(u"error: could not list the run's sandboxes on the server: "_s + error + u'\n');
            m_output.out(u"Run %1: %2 released, %3 failed.\n"_s.arg(name).arg(*released).arg(*failures));
            done(*failures == 0 && error.isEmpty() ? 0 : 1);
        });
        releaseNext(steps);
    });
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
    m_reconciler = new RunReconciler(m_transport, m_ledger.get(), this);
    m_reconciler->scan(name, [this, name](const ReconcileReport &report) {
        if (!report.error.isEmpty()) {
            m_output.err(u"error: could not list the run's sandboxes on the server: "_s + report.error +
                         u'\n');
            return done(1);
        }
        QSet<qint64> matched;
        int problems = 0;
        for (const auto &leftover : report.leftovers) {
            matched.insert(leftover.intentId);
            if (QString problem = m_reconciler->adopt(leftover); !problem.isEmpty()) {
                m_output.err(u"error: %1: %2\n"_s.arg(leftover.sandboxId, problem));
                ++problems;
            } else {
                m_output.err(u"Adopted %1 %2\n"_s.arg(leftover.servers.join(u','), leftover.sandboxId));
            }
        }
        for (const auto &intent : report.openIntents)
            if (!matched.contains(intent.id))
                m_reconciler->abandon(intent.id, u"the server held nothing for it"_s);
        m_output.out(u"Run %1: %2 leftovers adopted, %3 interrupted acquires closed.\n"_s.arg(name)
                         .arg(report.leftovers.size() - problems)
                         .arg(report.openIntents.size()));
        done(problems ? 1 : 0);
    });
}

void CliRunner::leaks()
{
    if (!openLedger())
        return;
    watch(m_sandboxes->list({}, this, [this](const ApiResult<SandboxList> &remote) {
        if (!remote)
            return done(m_output.apiError(remote.error()));
        watch(m_local->list(this, [this,
                                   remoteList = remote.value()](const ApiResult<LocalSandboxList> &local) {
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
            auto failures = std::make_shared<int>(0);
            QList<std::function<void(std::function<void()>)>> steps;
            for (const auto &leak : report.leaks) {
                steps.append([this, leak, failures](const std::function<void()> &next) {
                    const qint64 id = recorder().begin(LedgerOperationKind::Release, leak.provider,
                                                       leak.servers, leak.sandboxId, leak.run);
                    const auto finished = [this, id, leak, failures,
                                           next](const ApiResult<SandboxActionResult> &result) {
                        recorder().finish(id, result.error(), leak.sandboxId);
                        if (result) {
                            recorder().released(leak.provider, leak.sandboxId);
                            m_output.err(u"Released %1 %2\n"_s.arg(leak.servers.join(u','), leak.sandboxId));
                        } else {
                            ++*failures;
                            m_output.err(u"error: %1: %2\n"_s.arg(leak.sandboxId,
                                                                  m_output.errorSentence(result.error())));
                        }
                        next();
                    };
                    if (leak.provider == LedgerProvider::KlavisLocal)
                        m_local->release(leak.sandboxId, this, finished);
                    else
                        m_sandboxes->release(leak.servers.value(0), leak.sandboxId, this, finished);
                });
            }
            steps.append([this, failures](const std::function<void()> &) { done(*failures ? 1 : 0); });
            releaseNext(steps);
        }));
    }));
}
