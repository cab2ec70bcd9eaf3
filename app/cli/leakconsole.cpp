#include "cli/leakconsole.h"

#include "api/apicall.h"
#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "cli/clicontext.h"
#include "cli/releaseconsole.h"
#include "cli/texttable.h"
#include "ledger/ledgerwords.h"
#include "ledger/runledger.h"
#include "runs/leakfinder.h"
#include "runs/runreleaser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

LeakConsole::LeakConsole(CliContext &context, QObject *parent)
    : QObject(parent), m_context(context), m_sandboxes(new KlavisSandboxService(context.transport(), this)),
      m_local(new KlavisLocalSandboxService(context.transport(), this))
{}

void LeakConsole::start()
{
    m_context.watch(m_sandboxes->list({}, this, [this](const ApiResult<SandboxList> &remote) {
        if (!remote)
            return m_context.done(m_context.output().apiError(remote.error()));
        m_context.watch(m_local->list(
            this, [this, remoteList = remote.value()](const ApiResult<LocalSandboxList> &local) {
                if (!local)
                    return m_context.done(m_context.output().apiError(local.error()));
                find(remoteList, local.value());
            }));
    }));
}

void LeakConsole::find(const SandboxList &remote, const LocalSandboxList &local)
{
    RunLedger *ledger = m_context.ledger();
    const CliCommand &command = m_context.command();
    auto held = ledger->heldSandboxes();
    auto runs = ledger->runs();
    if (!held || !runs) {
        m_context.output().err(u"error: "_s + (held ? runs.error().message : held.error().message) + u'\n');
        return m_context.done(1);
    }
    LeakInput input{
        remote.sandboxes, local.localSandboxes, held.value(), runs.value(), QDateTime::currentDateTimeUtc(),
        std::nullopt};
    if (command.has(u"older-than"_s))
        input.thresholdSeconds = LeakFinder::parseDuration(command.option(u"older-than"_s));
    const LeakReport report = LeakFinder::find(input);
    // What the server no longer holds is no longer held: the ledger is told so.
    for (const auto &gone : report.vanished)
        ledger->recordReleased(gone.provider, gone.sandboxId, LedgerRelease::Vanished);
    print(report);
    if (!command.has(u"release"_s) || report.leaks.isEmpty())
        return m_context.done(0);
    QList<ReleaseTarget> targets;
    for (const auto &leak : report.leaks)
        targets.append(ReleaseTarget::of(leak));
    (new ReleaseConsole(m_context, this))->releaseSandboxes(targets);
}

void LeakConsole::print(const LeakReport &report)
{
    CliOutput &output = m_context.output();
    QJsonArray entries;
    TextTable table({u"PROVIDER"_s, u"SERVERS"_s, u"SANDBOX ID"_s, u"RUN"_s, u"HELD SINCE"_s, u"REASONS"_s});
    for (const auto &leak : report.leaks) {
        QStringList reasons;
        for (const auto reason : leak.reasons)
            reasons.append(LeakFinder::word(reason));
        table.addRow({LedgerWords::word(leak.provider), leak.servers.join(u','), leak.sandboxId, leak.run,
                      CliOutput::utcTime(leak.heldSince), reasons.join(u", "_s)});
        entries.append(QJsonObject{{u"provider"_s, LedgerWords::word(leak.provider)},
                                   {u"servers"_s, QJsonArray::fromStringList(leak.servers)},
                                   {u"sandbox_id"_s, leak.sandboxId},
                                   {u"run"_s, leak.run},
                                   {u"held_since"_s, CliOutput::utcTime(leak.heldSince)},
                                   {u"known_to_ledger"_s, leak.knownToLedger},
                                   {u"reasons"_s, QJsonArray::fromStringList(reasons)}});
    }
    if (m_context.command().json)
        output.json(QJsonDocument(entries).toJson());
    else if (table.isEmpty())
        output.out(u"No leaks.\n"_s);
    else
        output.out(table.render() + u"\n%1 leaks\n"_s.arg(report.leaks.size()));
}
