#include "models/allsandboxsources.h"

#include "api/blaxelstatus.h"
#include "models/blaxelsandboxlistmodel.h"
#include "models/localsandboxtreemodel.h"
#include "models/sandboxlistmodel.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace {

// The Detail column of a row: what is known of it, the unknown parts left out.
QString detailOf(const QStringList &parts)
{
    QStringList known = parts;
    known.removeAll(QString());
    return known.join(u" · "_s);
}

} // namespace

namespace AllSandboxSources {

AllSandboxesModel::RowReader klavis(const SandboxListModel *model)
{
    return [model](const QAbstractItemModel &, int row) -> std::optional<AllSandboxRow> {
        const SandboxSummary &sandbox = model->sandboxAt(row);
        AllSandboxRow read;
        read.id = sandbox.sandboxId;
        read.serverName = sandbox.serverName;
        read.name = sandbox.serverName + u'/' + sandbox.sandboxId;
        read.status = sandbox.status;
        read.statusKind = StatusKind::of(sandbox.status);
        read.detail = detailOf({sandbox.benchmark, sandbox.tags.join(u", "_s)});
        read.when = sandbox.updatedAt;
        read.busy = model->isBusy(row);
        read.actionable = StatusKind::isReleasable(read.statusKind);
        return read;
    };
}

AllSandboxesModel::RowReader klavisLocal(const LocalSandboxTreeModel *model)
{
    return [model](const QAbstractItemModel &, int row) -> std::optional<AllSandboxRow> {
        const QString id = model->index(row, 0).data(LocalSandboxTreeModel::LocalSandboxIdRole).toString();
        const LocalSandbox *sandbox = model->sandboxById(id);
        if (!sandbox)
            return std::nullopt;
        AllSandboxRow read;
        read.id = id;
        read.name = id;
        read.status = sandbox->status;
        read.statusKind = StatusKind::of(sandbox->status);
        QStringList servers;
        for (const auto &server : sandbox->servers)
            servers << server.displayName();
        // The words of the Local sandboxes view's Detail column.
        const auto translate = [](const char *text) {
            return QCoreApplication::translate("AllSandboxSources", text);
        };
        const QString count =
            servers.size() == 1 ? translate("1 server") : translate("%1 servers").arg(servers.size());
        read.detail = servers.isEmpty() ? count : translate("%1: %2").arg(count, servers.join(u", "_s));
        read.when = sandbox->createdAt;
        read.busy = model->isBusy(id);
        read.actionable = StatusKind::isReleasable(read.statusKind);
        return read;
    };
}

AllSandboxesModel::RowReader blaxel(const BlaxelSandboxListModel *model)
{
    return [model](const QAbstractItemModel &, int row) -> std::optional<AllSandboxRow> {
        const BlaxelSandbox &sandbox = model->sandboxAt(row);
        AllSandboxRow read;
        read.id = sandbox.name;
        read.name = sandbox.name;
        read.status = model->shownStatus(row); // DELETING while a deletion started here runs
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
        read.detail = detailOf({sandbox.image, sandbox.region});
        read.when = sandbox.createdAt;
        read.busy = model->isDeleting(sandbox.name);
        read.actionable = BlaxelStatus::isDeletable(read.status) && !read.busy;
        return read;
    };
}

} // namespace AllSandboxSources
