#include "models/allsandboxsources.h"

#include "api/blaxelstatus.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace AllSandboxSources {

AllSandboxRow klavis(const SandboxSummary &sandbox, bool busy)
{
    AllSandboxRow read;
    read.provider = AllSandboxRow::Provider::Klavis;
    read.id = sandbox.sandboxId;
    read.serverName = sandbox.serverName;
    read.status = sandbox.status;
    read.statusKind = StatusKind::of(sandbox.status);
    read.detailHead = sandbox.benchmark;
    read.detailList = sandbox.tags;
    read.when = sandbox.updatedAt;
    read.busy = busy;
    read.actionable = StatusKind::isReleasable(read.statusKind);
    return read;
}

AllSandboxRow klavisLocal(const LocalSandbox &sandbox, bool busy)
{
    AllSandboxRow read;
    read.provider = AllSandboxRow::Provider::KlavisLocal;
    read.id = sandbox.localSandboxId;
    read.status = sandbox.status;
    read.statusKind = StatusKind::of(sandbox.status);
    QStringList servers;
    for (const auto &server : sandbox.servers)
        servers << server.displayName();
    // The words of the Local sandboxes view's Detail column.
    const auto translate = [](const char *text) {
        return QCoreApplication::translate("AllSandboxSources", text);
    };
    const QString count =
        servers.size() == 1 ? translate("1 server") : translate("%1 servers").arg(servers.size());
    read.detailHead = count;
    read.detailList = servers;
    read.when = sandbox.createdAt;
    read.busy = busy;
    read.actionable = StatusKind::isReleasable(read.statusKind);
    return read;
}

AllSandboxRow blaxel(const BlaxelSandbox &sandbox, bool deleting)
{
    AllSandboxRow read;
    read.provider = AllSandboxRow::Provider::Blaxel;
    read.id = sandbox.name;
    read.status = deleting && BlaxelStatus::of(sandbox.status) != BlaxelStatus::Gone
                      ? BlaxelStatus::deleting()
                      : sandbox.status;
    // The shared colours: up and usable reads as in use, a failure as an error, the rest as neutral.
    switch (BlaxelStatus::of(read.status)) {
    case BlaxelStatus::Running:
        read.statusKind = StatusKind::Occupied;
        break;
    case BlaxelStatus::Failed:
        read.statusKind = StatusKind::Error;
        break;
    default:
        read.statusKind = StatusKind::Unknown;
        break;
    }
    read.detailHead = sandbox.image;
    read.detailList = sandbox.region.isEmpty() ? QStringList() : QStringList{sandbox.region};
    read.when = sandbox.createdAt;
    read.busy = deleting;
    read.actionable = BlaxelStatus::isDeletable(read.status) && !read.busy;
    return read;
}

std::vector<AllSandboxRow> rows(const KlavisSandboxStore::Snapshot &snapshot, const QSet<SandboxKey> &busy)
{
    std::vector<AllSandboxRow> rows;
    rows.reserve(size_t(snapshot.items.size()));
    for (qsizetype i = 0; i < snapshot.items.size(); ++i) {
        const SandboxSummary &item = snapshot.items[i];
        const SandboxKey key = KlavisSandboxes::keyOf(item);
        if (snapshot.index.value(key) != i)
            continue; // listed twice: the first entry counts, as in the store's own index
        rows.push_back(klavis(item, busy.contains(key)));
    }
    return rows;
}

std::vector<AllSandboxRow> rows(const LocalSandboxStore::Snapshot &snapshot, const QSet<QString> &busy)
{
    std::vector<AllSandboxRow> rows;
    for (qsizetype i = 0; i < snapshot.items.size(); ++i) {
        const LocalSandbox &item = snapshot.items[i];
        if (snapshot.index.value(item.localSandboxId) == i)
            rows.push_back(klavisLocal(item, busy.contains(item.localSandboxId)));
    }
    return rows;
}

std::vector<AllSandboxRow> rows(const BlaxelSandboxStore::Snapshot &snapshot, const QSet<QString> &deleting)
{
    std::vector<AllSandboxRow> rows;
    for (qsizetype i = 0; i < snapshot.items.size(); ++i) {
        const BlaxelSandbox &item = snapshot.items[i];
        if (snapshot.index.value(item.name) == i)
            rows.push_back(blaxel(item, deleting.contains(item.name)));
    }
    return rows;
}

} // namespace AllSandboxSources
