#pragma once

#include "api/localsandbox.h"
#include "models/localsandboxtreemodel.h"

#include <functional>
#include <memory>
#include <vector>

// Brings a LocalSandboxTreeModel to a fresh list of local sandboxes, or merges one details reply into it,
// as diffs at both levels: sandboxes matched by id, the servers under each by their key. Vanished rows go
// in contiguous ranges, changed rows are announced in runs, new rows are appended, so that selection and
// expanded branches survive polling. The model owns the nodes and says what they show; this class says how
// a snapshot gets there. It is the model's friend: it changes the nodes and sends the model's begin/end
// signals around each change. It holds no state of its own: one is made for each snapshot.
class LocalSandboxSnapshotApplier final
{
    Q_DISABLE_COPY_MOVE(LocalSandboxSnapshotApplier)

public:
    explicit LocalSandboxSnapshotApplier(LocalSandboxTreeModel &model);
    ~LocalSandboxSnapshotApplier() = default;

    // Removes vanished sandboxes, updates changed ones (and diffs their servers), appends new ones.
    void apply(const QList<LocalSandbox> &sandboxes);
    // Updates that sandbox in place, or appends it when it is new.
    void merge(const LocalSandbox &sandbox);

private:
    using Node = LocalSandboxTreeModel::Node;

    void appendNodes(std::vector<std::unique_ptr<Node>> nodes);
    void removeRanges(const std::vector<int> &rows, const QModelIndex &parent,
                      const std::function<void(int, int)> &erase);
    // Updates a sandbox's own fields and servers; returns whether its own row's cells changed.
    bool mergeSandbox(Node &node, const LocalSandbox &sandbox);
    void mergeServers(Node &node, const QList<LocalServer> &servers);
    void emitRowRuns(std::vector<int> rows, const QModelIndex &parent);

    LocalSandboxTreeModel &m_model;
};
