// The `run` commands of CliRunner that create, list, show and export runs, and the ledger every command
// records into (release, adopt and leaks: releaseclicommands.cpp).
#include "cli/clirunner.h"

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "cli/interruptnotifier.h"
#include "cli/terminaltext.h"
#include "cli/texttable.h"
#include "ledger/ledgerwords.h"
#include "ledger/runledger.h"
#include "runs/ledgerrecorder.h"
#include "runs/runexporter.h"
#include "runs/runmanifest.h"
#include "runs/runplanparser.h"
#include "runs/runprovisioner.h"
#include "runs/runreconciler.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

constexpr int interruptedExitCode = 130;

QString stateWord(RunSandboxState state)
{
    switch (state) {
    case RunSandboxState::Pending:
        return u"pending"_s;
    case RunSandboxState::Acquiring:
        return u"acquiring"_s;
    case RunSandboxState::RateLimited:
        return u"rate limited, waiting"_s;
    case RunSandboxState::Seeding:
        return u"seeding"_s;
    case RunSandboxState::Acquired:
        return u"acquired"_s;
    case RunSandboxState::Failed:
        return u"failed"_s;
    case RunSandboxState::Ambiguous:
        return u"ambiguous"_s;
    case RunSandboxState::Cancelled:
        return u"cancelled"_s;
    }
    return {};
}

QString slotName(const RunSlot &slot)
{
    if (slot.local)
        return u"local %1 #%2 (%3)"_s.arg(slot.localSet).arg(slot.ordinal).arg(slot.servers.join(u','));
    return u"%1 #%2"_s.arg(slot.servers.value(0)).arg(slot.ordinal);
}

} // namespace

std::unique_ptr<RunLedger> CliRunner::openLedgerFile(QString *problem) const
{
    auto ledger = std::make_unique<RunLedger>();
    ledger->setSecrets({m_transport->config().apiKey}); // the one secret the CLI holds never reaches it
    if (auto status = ledger->open(RunLedger::defaultPath()); !status) {
        *problem = status.error().message;
        return nullptr;
    }
    return ledger;
}

bool CliRunner::openLedger()
{
    if (m_ledger)
        return true;
    QString problem;
    m_ledger = openLedgerFile(&problem);
    if (!m_ledger) {
        m_output.err(u"error: the run ledger: %1\n"_s.arg(problem));
        done(1);
        return false;
    }
    m_recorder = std::make_unique<LedgerRecorder>(LedgerAccess(m_ledger.get()), this);
    return true;
}

LedgerRecorder &CliRunner::recorder()
{
    if (!m_recorder) {
        QString problem;
        m_ledger = openLedgerFile(&problem);
        if (!m_ledger)
            m_output.err(u"warning: not recorded in the run ledger: %1\n"_s.arg(problem));
        m_recorder = std::make_unique<LedgerRecorder>(LedgerAccess(m_ledger.get()), this);
    }
    return *m_recorder;
}

void CliRunner::runCreate()
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
    if (!openLedger())
        return;
    m_provisioner = new RunProvisioner(m_transport, LedgerAccess(m_ledger.get()), this);
    const int total = plan.sandboxCount();
    connect(m_provisioner, &RunProvisioner::preparing, this, [this](const QString &server) {
        m_output.err(u"Asking for capacity%1\n"_s.arg(server.isEmpty() ? QString() : u" for "_s + server));
    });
    connect(m_provisioner, &RunProvisioner::sandboxChanged, this,
            [this, total](int index, const RunSandbox &sandbox) {
                if (sandbox.state == RunSandboxState::Acquiring || sandbox.state == RunSandboxState::Pending)
                    return;
                QString line = u"[%1/%2] %3: %4"_s.arg(index + 1).arg(total).arg(slotName(sandbox.slot),
                                                                                 stateWord(sandbox.state));
                if (!sandbox.sandboxId.isEmpty())
                    line += u' ' + sandbox.sandboxId;
                if (!sandbox.error.isEmpty())
                    line += u" ("_s + sandbox.error + u')';
                m_output.err(line + u'\n');
            });
    connect(m_provisioner, &RunProvisioner::finished, this,
            [this](RunProvisioner::Outcome outcome) { runFinished(int(outcome)); });
    auto *interrupt = new InterruptNotifier(this);
    interrupt->setInterruptsToCatch(2);
    connect(interrupt, &InterruptNotifier::interrupted, this, [this] {
        if (!m_provisioner->isCancelling()) {
            m_output.err(u"\nStopping after the acquire in flight (Ctrl+C again to abort it)...\n"_s);
            m_provisioner->cancel();
        } else {
            m_output.err(u"\nAborting the acquire in flight; it is recorded as ambiguous.\n"_s);
            m_provisioner->abortInFlight();
        }
    });
    m_provisioner->start(plan);
}

void CliRunner::runFinished(int outcomeValue)
{
    const auto outcome = RunProvisioner::Outcome(outcomeValue);
    const QString name = m_provisioner->plan().name;
    if (outcome == RunProvisioner::Outcome::Refused) {
        m_output.err(u"error: %1\n"_s.arg(m_provisioner->problem()));
        return done(1);
    }
    const auto &sandboxes = m_provisioner->sandboxes();
    int failed = 0;
    int ambiguous = 0;
    for (const auto &sandbox : sandboxes) {
        failed += sandbox.state == RunSandboxState::Failed;
        ambiguous += sandbox.state == RunSandboxState::Ambiguous;
    }
    const int held = m_provisioner->heldCount();
    int exitCode = outcome == RunProvisioner::Outcome::Cancelled ? interruptedExitCode
                   : (failed || ambiguous)                       ? 1
                                                                 : 0;
    // The exports hold what the run holds, also after a cancel: a harness can use those at once.
    const auto write = [&](const QString &option, const std::function<QString(const QString &)> &writer) {
        if (!m_command.has(option))
            return;
        if (QString problem = writer(m_command.option(option)); !problem.isEmpty()) {
            m_output.err(u"error: "_s + problem + u'\n');
            exitCode = exitCode == 0 ? 1 : exitCode;
        }
    };
    write(u"urls-out"_s,
          [&](const QString &path) { return RunExporter::writeUrlMap(path, name, sandboxes); });
    write(u"env-out"_s,
          [&](const QString &path) { return RunExporter::writeEnvFile(path, name, sandboxes); });
    write(u"mcp-dir"_s, [&](const QString &path) { return RunExporter::writeMcpConfigs(path, sandboxes); });
    if (!m_provisioner->problem().isEmpty())
        m_output.err(u"note: %1\n"_s.arg(m_provisioner->problem()));

    if (m_command.json) {
        QJsonArray entries;
        for (const auto &sandbox : sandboxes)
            entries.append(QJsonObject{{u"index"_s, sandbox.slot.index + 1},
                                       {u"servers"_s, QJsonArray::fromStringList(sandbox.slot.servers)},
                                       {u"local"_s, sandbox.slot.local},
                                       {u"state"_s, stateWord(sandbox.state)},
                                       {u"sandbox_id"_s, sandbox.sandboxId}});
        m_output.json(QJsonDocument(QJsonObject{{u"run"_s, name},
                                                {u"held"_s, held},
                                                {u"failed"_s, failed},
                                                {u"ambiguous"_s, ambiguous},
                                                {u"rate_limited"_s, m_provisioner->rateLimitedCount()},
                                                {u"seed_failures"_s, m_provisioner->seedFailures()},
                                                {u"sandboxes"_s, entries}})
                          .toJson());
    }
    const QString summary = u"Run %1: %2 of %3 sandboxes held, %4 failed, %5 ambiguous.\n"_s.arg(name)
                                .arg(held)
                                .arg(sandboxes.size())
                                .arg(failed)
                                .arg(ambiguous);
    if (m_command.json)
        m_output.err(summary);
    else
        m_output.out(summary);
    if (m_provisioner->seedFailures() > 0) {
        m_output.err(u"%1 sandboxes are held but were not seeded (see their lines above).\n"_s.arg(
            m_provisioner->seedFailures()));
        exitCode = exitCode == 0 ? 1 : exitCode;
    }
    if (outcome == RunProvisioner::Outcome::Cancelled)
        m_output.err(
            u"Cancelled. The run holds %1 sandboxes; release them with: sandboxdeck-cli run release %2\n"_s
                .arg(held)
                .arg(name));
    if (ambiguous)
        m_output.err(
            u"An ambiguous acquire may have occupied a sandbox: `sandboxdeck-cli run show %1` finds it, "
            "then `run adopt %1` or `run release %1`.\n"_s.arg(name));
    done(exitCode);
}

void CliRunner::printLeftovers(const QList<RunLeftover> &leftovers, const QString &run)
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

void CliRunner::runList()
{
    if (!openLedger())
        return;
    auto runs = m_ledger->runs();
    if (!runs) {
        m_output.err(u"error: "_s + runs.error().message + u'\n');
        return done(1);
    }
    auto held = m_ledger->heldSandboxes();
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
    m_reconciler = new RunReconciler(m_transport, LedgerAccess(m_ledger.get()), this);
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

void CliRunner::runShow()
{
    if (!openLedger())
        return;
    const QString name = m_command.arguments[0];
    RunRecord record;
    if (QString problem = RunManifest::load(*m_ledger, name, &record); !problem.isEmpty()) {
        m_output.err(u"error: "_s + problem + u'\n');
        return done(1);
    }
    m_reconciler = new RunReconciler(m_transport, LedgerAccess(m_ledger.get()), this);
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

void CliRunner::runManifest()
{
    if (!openLedger())
        return;
    const QString path = m_command.option(u"out"_s);
    if (QFile::exists(path) && !m_command.has(u"force"_s)) {
        m_output.err(u"error: %1 exists; --force replaces it\n"_s.arg(path));
        return done(2);
    }
    RunRecord record;
    if (QString problem = RunManifest::load(*m_ledger, m_command.arguments[0], &record); !problem.isEmpty()) {
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

void CliRunner::runImport()
{
    if (!openLedger())
        return;
    QFile file(m_command.arguments[0]);
    if (!file.open(QIODevice::ReadOnly)) {
        m_output.err(u"error: cannot read %1: %2\n"_s.arg(file.fileName(), file.errorString()));
        return done(2);
    }
    QString problem;
    const RunRecord record = RunManifest::read(file.read(RunManifest::maxBytes + 1), &problem);
    if (problem.isEmpty())
        problem = RunManifest::import(*m_ledger, record);
    if (!problem.isEmpty()) {
        m_output.err(u"error: "_s + problem + u'\n');
        return done(1);
    }
    m_output.out(
        u"Imported run %1 (%2 sandboxes); see it with: sandboxdeck-cli run show %1\n"_s.arg(record.run.name)
            .arg(record.sandboxes.size()));
    done(0);
}
