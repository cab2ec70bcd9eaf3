#include "models/listedsandboxes.h"

#include "models/localsandboxtreemodel.h"
#include "models/sandboxlistmodel.h"

QList<SandboxSummary> ListedSandboxes::klavis(const SandboxListModel &model)
{
    QList<SandboxSummary> sandboxes;
    sandboxes.reserve(model.rowCount());
    for (int row = 0; row < model.rowCount(); ++row)
        sandboxes.append(model.sandboxAt(row));
    return sandboxes;
}

QList<LocalSandbox> ListedSandboxes::local(const LocalSandboxTreeModel &model)
{
    QList<LocalSandbox> sandboxes;
    sandboxes.reserve(model.rowCount());
    for (int row = 0; row < model.rowCount(); ++row) {
        const QString id = model.index(row, 0).data(LocalSandboxTreeModel::LocalSandboxIdRole).toString();
        if (const LocalSandbox *sandbox = model.sandboxById(id))
            sandboxes.append(*sandbox);
    }
    return sandboxes;
}
