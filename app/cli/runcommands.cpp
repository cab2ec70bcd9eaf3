#include "cli/runcommands.h"

#include "cli/leakconsole.h"
#include "cli/releaseconsole.h"
#include "cli/runprovisioningconsole.h"
#include "cli/texttable.h"
#include "ledger/ledgerwords.h"
#include "ledger/runledger.h"
#include "runs/runexporter.h"
#include "runs/runmanifest.h"
#include "runs/runplanparser.h"
#include "runs/runreconciler.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <memory>

using namespace Qt::StringLiterals;

const QMap<QString, RunCommands::Handler> &RunCommands::handlers()
{
    static const QMap<QString, Handler> handlers = {
        {u"run create"_s, &RunCommands::create}, {u"run list"_s, &RunCommands::list},
        {u"run show"_s, &RunCommands::show},     {u"run release"_s, &RunCommands::release},
        {u"run adopt"_s, &RunCommands::adopt},   {u"run manifest"_s, &RunCommands::manifest},
        {u"run import"_s, &RunCommands::import}, {u"leaks"_s, &RunCommands::leaks},
    };
    return handlers;
}

bool RunCommands::handles(const QString &command)
{
    return handlers().contains(command);
}

RunCommands::RunCommands(CliContext &context, QObject *parent) : CliCommandGroup(context, parent) {}

void RunCommands::start()
{
    (this->*handlers().value(m_command.name))();
}

void RunCommands::create()
{
    RunPlan plan;
    plan.name = m_command.arguments[0];
    plan.benchmark = m_command.option(u"benchmark"_s);
    plan.prepare = m_command.has(u"prepare"_s);
    plan.seedDataFile = m_command.option(u"seed-data"_s);
    plan.workspace = m_command.option(u"seed-workspace"_s);
    if (m_command.has(u"ttl"_s))
        plan.ttlSeconds = m_command.option(u"ttl"_s).toInt();
    // The parser checked these spellings already (CommandLineParser): they cannot fail here.
    if (m_command.has(u"servers"_s))
        RunPlanParser::parseServers(m_command.option(u"servers"_s), &plan.servers);
    for (const auto &spec : m_command.values(u"local"_s)) {
        RunLocalSet set;
        RunPlanParser::parseLocalSet(spec, &set);
        plan.localSets.append(set);
    }
    if (!m_context.openLedger())
        return;
    (new RunProvisioningConsole(m_context, this))->start(plan);
}

void RunCommands::printLeftovers(const QList<RunLeftover> &leftovers, const QString &run)
{
    if (leftovers.isEmpty())
        return;
    TextTable table({u"RUN"_s, u"PROVIDER"_s, u"SERVERS"_s, u"SANDBOX ID"_s, u"INTENT"_s});
    for (const auto &leftover : leftovers)
        table.addRow({leftover.run, LedgerWords::word(leftover.provider), leftover.servers.join(u','),
                      leftover.sandboxId, leftover.intentId ? QString::number(leftover.intentId) : u"-"_s});
    m_output.out(u"\nLeft over by interrupted acquires (held by the server, not in the ledger):\n"_s +
                 table.render() + u'\n');
    const QString name = run.isEmpty() ? u"NAME"_s : run;
    m_output.out(u"Keep them with `sandboxdeck-cli run adopt %1`, or release them with `sandboxdeck-cli run "
                 "release %1`.\n"_s.arg(name));
}

void RunCommands::list()
{
    if (!m_context.openLedger())
        return;
    auto runs = m_context.ledger()->runs();
    if (!runs) {
        m_output.err(u"error: "_s + runs.error().message + u'\n');
        return done(1);
    }
    auto held = m_context.ledger()->heldSandboxes();
    QJsonArray entries;
    TextTable table({u"NAME"_s, u"STATE"_s, u"CREATED"_s, u"HELD"_s, u"BENCHMARK"_s});
    for (const auto &run : runs.value()) {
        const auto count = held ? std::count_if(held->cbegin(), held->cend(),
                                                [&run](const LedgerSandbox &s) { return s.run == run.name; })
                                : 0;
        table.addRow({run.name, LedgerWords::word(run.state), CliOutput::age(run.createdAt),
                      QString::number(count), run.benchmark});
        entries.append(QJsonObject{{u"name"_s, run.name},
                                   {u"state"_s, LedgerWords::word(run.state)},
                                   {u"created_at"_s, CliOutput::utcTime(run.createdAt)},
                                   {u"held"_s, qint64(count)},
                                   {u"benchmark"_s, run.benchmark}});
    }
    m_reconciler = new RunReconciler(m_context.transport(), LedgerAccess(m_context.ledger()), this);
    m_reconciler->scan({}, [this, table, entries](const ReconcileReport &report) {
        if (m_command.json) {
            QJsonArray leftovers;
            for (const auto &leftover : report.leftovers)
                leftovers.append(QJsonObject{{u"run"_s, leftover.run},
                                             {u"provider"_s, LedgerWords::word(leftover.provider)},
                                             {u"sandbox_id"_s, leftover.sandboxId}});
            m_output.json(QJsonDocument(QJsonObject{{u"runs"_s, entries},
                                                    {u"open_intents"_s, qint64(report.openIntents.size())},
                                                    {u"leftovers"_s, leftovers}})
                              .toJson());
        } else if (table.isEmpty()) {
            m_output.out(
                u"No runs. Provision one with: sandboxdeck-cli run create NAME --servers github:10\n"_s);
        } else {
            m_output.out(table.render() + u'\n');
        }
        if (!report.openIntents.isEmpty())
            m_output.err(
                u"%1 acquires were interrupted (a crash or a lost answer) and never finished.\n"_s.arg(
                    report.openIntents.size()));
        if (!m_command.json)
            printLeftovers(report.leftovers, {});
        if (!report.error.isEmpty()) {
            m_output.err(u"error: could not check the server for leftovers: "_s + report.error + u'\n');
            return done(1);
        }
        done(0);
    });
}

void RunCommands::show()
{
    if (!m_context.openLedger())
        return;
    const QString name = m_command.arguments[0];
    RunRecord record;
    if (QString problem = RunManifest::load(*m_context.ledger(), name, &record); !problem.isEmpty()) {
        m_output.err(u"error: "_s + problem + u'\n');
        return done(1);
    }
    m_reconciler = new RunReconciler(m_context.transport(), LedgerAccess(m_context.ledger()), this);
    m_reconciler->scan(name, [this, record](const ReconcileReport &report) {
        const auto &run = record.run;
        if (m_command.json) {
            QJsonObject manifest = RunManifest::build(record, QCoreApplication::applicationVersion());
            manifest.insert(u"open_intents"_s, qint64(report.openIntents.size()));
            m_output.json(QJsonDocument(manifest).toJson());
            return done(report.error.isEmpty() ? 0 : 1);
        }
        m_output.field(u"Run"_s, run.name);
        m_output.field(u"State"_s, LedgerWords::word(run.state));
        m_output.field(u"Created"_s, CliOutput::utcTime(run.createdAt));
        if (run.closedAt.isValid())
            m_output.field(u"Closed"_s, CliOutput::utcTime(run.closedAt));
        m_output.field(u"Benchmark"_s, run.benchmark);
        m_output.field(u"API"_s, run.apiBaseUrl);
        TextTable table({u"PROVIDER"_s, u"SERVERS"_s, u"SANDBOX ID"_s, u"ACQUIRED"_s, u"RELEASED"_s});
        int held = 0;
        for (const auto &sandbox : record.sandboxes) {
            held += sandbox.isHeld();
            table.addRow({LedgerWords::word(sandbox.provider), sandbox.servers.join(u','), sandbox.sandboxId,
                          CliOutput::utcTime(sandbox.acquiredAt),
                          sandbox.isHeld() ? u"held"_s : CliOutput::utcTime(sandbox.releasedAt)});
        }
        m_output.field(u"Holds"_s, u"%1 of %2 sandboxes"_s.arg(held).arg(record.sandboxes.size()));
        if (!table.isEmpty())
            m_output.out(u"\n"_s + table.render() + u'\n');
        if (!report.openIntents.isEmpty())
            m_output.out(u"\n%1 acquires of this run were interrupted and never finished.\n"_s.arg(
                report.openIntents.size()));
        printLeftovers(report.leftovers, run.name);
        if (held > 0)
            m_output.out(u"\nRelease them with: sandboxdeck-cli run release %1\n"_s.arg(run.name));
        if (!report.error.isEmpty()) {
            m_output.err(u"error: could not check the server for leftovers: "_s + report.error + u'\n');
            return done(1);
        }
        done(0);
    });
}

void RunCommands::manifest()
{
    if (!m_context.openLedger())
        return;
    const QString path = m_command.option(u"out"_s);
    if (QFile::exists(path) && !m_command.has(u"force"_s)) {
        m_output.err(u"error: %1 exists; --force replaces it\n"_s.arg(path));
        return done(2);
    }
    RunRecord record;
    if (QString problem = RunManifest::load(*m_context.ledger(), m_command.arguments[0], &record);
        !problem.isEmpty()) {
        m_output.err(u"error: "_s + problem + u'\n');
        return done(1);
    }
    const QByteArray bytes =
        RunManifest::toBytes(RunManifest::build(record, QCoreApplication::applicationVersion()));
    if (QString problem = RunExporter::writeAtomically(path, bytes); !problem.isEmpty()) {
        m_output.err(u"error: "_s + problem + u'\n');
        return done(1);
    }
    m_output.out(u"Wrote the manifest of %1 (%2 sandboxes) to %3\n"_s.arg(record.run.name)
                     .arg(record.sandboxes.size())
                     .arg(path));
    done(0);
}

void RunCommands::import()
{
    if (!m_context.openLedger())
        return;
    QFile file(m_command.arguments[0]);
    if (!file.open(QIODevice::ReadOnly)) {
        m_output.err(u"error: cannot read %1: %2\n"_s.arg(file.fileName(), file.errorString()));
        return done(2);
    }
    QString problem;
    const RunRecord record = RunManifest::read(file.read(RunManifest::maxBytes + 1), &problem);
    if (problem.isEmpty())
        problem = RunManifest::import(*m_context.ledger(), record);
    if (!problem.isEmpty()) {
        m_output.err(u"error: "_s + problem + u'\n');
        return done(1);
    }
    m_output.out(
        u"Imported run %1 (%2 sandboxes); see it with: sandboxdeck-cli run show %1\n"_s.arg(record.run.name)
            .arg(record.sandboxes.size()));
    done(0);
}

void RunCommands::release()
{
    if (!m_context.openLedger())
        return;
    (new ReleaseConsole(m_context, this))->releaseRun(m_command.arguments[0]);
}

void RunCommands::adopt()
{
    if (!m_context.openLedger())
        return;
    const QString name = m_command.arguments[0];
    if (auto run = m_context.ledger()->run(name); !run) {
        m_output.err(u"error: "_s + run.error().message + u'\n');
        return done(1);
    }
    m_reconciler = new RunReconciler(m_context.transport(), LedgerAccess(m_context.ledger()), this);
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

void RunCommands::leaks()
{
    if (!m_context.openLedger())
        return;
    (new LeakConsole(m_context, this))->start();
}
