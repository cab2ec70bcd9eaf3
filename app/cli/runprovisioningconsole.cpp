#include "cli/runprovisioningconsole.h"

#include "cli/clicontext.h"
#include "cli/interruptnotifier.h"
#include "ledger/runledger.h"
#include "runs/runexporter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

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

RunProvisioningConsole::RunProvisioningConsole(CliContext &context, QObject *parent)
    : QObject(parent), m_context(context), m_command(context.command()), m_output(context.output())
{}

void RunProvisioningConsole::start(const RunPlan &plan)
{
    m_provisioner = new RunProvisioner(m_context.transport(), LedgerAccess(m_context.ledger()), this);
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
            [this](RunProvisioner::Outcome outcome) { finish(outcome); });
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

void RunProvisioningConsole::finish(RunProvisioner::Outcome outcome)
{
    const QString name = m_provisioner->plan().name;
    if (outcome == RunProvisioner::Outcome::Refused) {
        m_output.err(u"error: %1\n"_s.arg(m_provisioner->problem()));
        return m_context.done(1);
    }
    const auto &sandboxes = m_provisioner->sandboxes();
    int failed = 0;
    int ambiguous = 0;
    for (const auto &sandbox : sandboxes) {
        failed += sandbox.state == RunSandboxState::Failed;
        ambiguous += sandbox.state == RunSandboxState::Ambiguous;
    }
    const int held = m_provisioner->heldCount();
    int exitCode = outcome == RunProvisioner::Outcome::Cancelled ? InterruptNotifier::interruptedExitCode
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
    m_context.done(exitCode);
}
