#include "models/taggedruns.h"

#include "runs/runplanparser.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace {

bool isHeldOnServer(const SandboxSummary &sandbox)
{
    return sandbox.isOccupied();
}

} // namespace

QMap<QString, RunListEntry> TaggedRuns::find(const QList<SandboxSummary> &sandboxes)
{
    // A run's name is the tag on every sandbox it holds: a tag that could be a run name, on a sandbox the
    // account holds, is a run even when this ledger never saw it (the CLI of another machine, a script).
    QHash<QString, bool> runLike; // each distinct tag checked once, not once per sandbox
    const auto isRunTag = [&runLike](const QString &tag) {
        auto known = runLike.constFind(tag);
        if (known == runLike.cend())
            known = runLike.insert(tag, RunPlanParser::checkName(tag).isEmpty());
        return *known;
    };
    // Counted first, so each run's list is made once at its size: a run of a hundred thousand sandboxes
    // grown by doubling held twice its size while it grew.
    QHash<QString, qsizetype> counts;
    for (const SandboxSummary &sandbox : sandboxes) {
        if (!isHeldOnServer(sandbox))
            continue;
        for (const QString &tag : sandbox.tags)
            if (isRunTag(tag))
                ++counts[tag];
    }
    QHash<QString, QStringList> serverLists; // one shared list per server, not one per sandbox
    QMap<QString, RunListEntry> tagged;
    for (auto count = counts.cbegin(); count != counts.cend(); ++count) {
        RunListEntry &entry = tagged[count.key()];
        entry.name = count.key();
        entry.sandboxes.reserve(count.value());
    }
    for (const SandboxSummary &sandbox : sandboxes) {
        if (!isHeldOnServer(sandbox))
            continue;
        for (const QString &tag : sandbox.tags) {
            if (!isRunTag(tag))
                continue;
            RunListEntry &entry = tagged[tag];
            LedgerSandbox &held = entry.sandboxes.emplaceBack();
            held.provider = LedgerProvider::Klavis;
            held.sandboxId = sandbox.sandboxId;
            QStringList &servers = serverLists[sandbox.serverName];
            if (servers.isEmpty())
                servers = {sandbox.serverName};
            held.servers = servers;
            held.benchmark = sandbox.benchmark;
            held.tags = sandbox.tags;
            held.run = entry.name;
            if (sandbox.updatedAt.isValid() &&
                (!entry.createdAt.isValid() || sandbox.updatedAt < entry.createdAt))
                entry.createdAt = sandbox.updatedAt;
            if (entry.benchmark.isEmpty())
                entry.benchmark = sandbox.benchmark;
        }
    }
    return tagged;
}
