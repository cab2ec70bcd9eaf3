#include "models/localsandboxsnapshotapplier.h"

#include <QHash>

#include <algorithm>

LocalSandboxSnapshotApplier::LocalSandboxSnapshotApplier(LocalSandboxTreeModel &model) : m_model(model) {}

void LocalSandboxSnapshotApplier::apply(const QList<LocalSandbox> &sandboxes)
{
    const bool hadRows = !m_model.m_nodes.empty();
    // Pass 1: match; the first entry wins when a snapshot lists an id twice.
    QHash<QString, const LocalSandbox *> incoming;
    incoming.reserve(sandboxes.size());
    std::vector<std::unique_ptr<Node>> added;
    for (const LocalSandbox &sandbox : sandboxes) {
        if (incoming.contains(sandbox.localSandboxId))
            continue;
        incoming.insert(sandbox.localSandboxId, &sandbox);
        if (!m_model.m_byId.contains(sandbox.localSandboxId))
            added.push_back(LocalSandboxTreeModel::makeNode(sandbox));
    }

    // Pass 2: vanished sandboxes, with their servers.
    std::vector<int> vanished;
    for (const auto &node : m_model.m_nodes)
        if (!incoming.contains(node->sandbox.localSandboxId))
            vanished.push_back(node->row);
    removeRanges(vanished, {}, [this](int first, int last) {
        for (int row = first; row <= last; ++row)
            m_model.m_byId.remove(m_model.m_nodes[size_t(row)]->sandbox.localSandboxId);
        m_model.m_nodes.erase(m_model.m_nodes.begin() + first, m_model.m_nodes.begin() + last + 1);
        m_model.renumber();
    });

    // Pass 3: changed sandboxes; their servers are diffed under them. Each is announced as soon as it
    // changed, so that a sorting proxy never meets a row whose change it has not been told about.
    QStringList refreshed;
    for (const auto &node : m_model.m_nodes) {
        const LocalSandbox &wanted = *incoming.value(node->sandbox.localSandboxId);
        if (!node->sandbox.sameContentAs(wanted))
            refreshed << wanted.localSandboxId;
        if (mergeSandbox(*node, wanted))
            emitRowRuns({node->row}, {});
    }

    // Pass 4: new sandboxes, appended in one range.
    for (const auto &node : added)
        refreshed << node->sandbox.localSandboxId;
    appendNodes(std::move(added));
    if (hadRows && !refreshed.isEmpty())
        emit m_model.sandboxesRefreshed(refreshed);
}

void LocalSandboxSnapshotApplier::merge(const LocalSandbox &sandbox)
{
    if (Node *node = m_model.m_byId.value(sandbox.localSandboxId)) {
        if (mergeSandbox(*node, sandbox))
            emitRowRuns({node->row}, {});
        return;
    }
    std::vector<std::unique_ptr<Node>> added;
    added.push_back(LocalSandboxTreeModel::makeNode(sandbox));
    appendNodes(std::move(added));
}

void LocalSandboxSnapshotApplier::appendNodes(std::vector<std::unique_ptr<Node>> nodes)
{
    if (nodes.empty())
        return;
    const int first = int(m_model.m_nodes.size());
    m_model.beginInsertRows({}, first, first + int(nodes.size()) - 1);
    for (auto &node : nodes) {
        node->row = int(m_model.m_nodes.size());
        m_model.m_byId.insert(node->sandbox.localSandboxId, node.get());
        m_model.m_nodes.push_back(std::move(node));
    }
    m_model.endInsertRows();
}

bool LocalSandboxSnapshotApplier::mergeSandbox(Node &node, const LocalSandbox &sandbox)
{
    LocalSandbox &current = node.sandbox;
    const bool ownChanged = current.status != sandbox.status || current.benchmark != sandbox.benchmark ||
                            current.createdAt != sandbox.createdAt;
    current.status = sandbox.status;
    current.benchmark = sandbox.benchmark;
    current.createdAt = sandbox.createdAt;
    // Neither is shown in a cell; they are kept current for details views without a signal.
    current.message = sandbox.message;
    current.raw = sandbox.raw;
    // The sandbox's Detail cell names its servers: a server that came, went or was renamed changes the
    // row; one that only changed its status, or moved in the reply, does not.
    if (current.servers == sandbox.servers)
        return ownChanged;
    const QStringList namesBefore = LocalSandboxTreeModel::serverNames(current);
    mergeServers(node, sandbox.servers);
    return ownChanged || LocalSandboxTreeModel::serverNames(current) != namesBefore;
}

void LocalSandboxSnapshotApplier::mergeServers(Node &node, const QList<LocalServer> &servers)
{
    QList<LocalServer> &current = node.sandbox.servers;
    const QModelIndex parent = m_model.index(node.row, 0);

    // Match by key, in order, so that two servers sharing a key pair up instead of churning.
    QHash<QString, QList<qsizetype>> incoming;
    for (qsizetype i = 0; i < servers.size(); ++i)
        incoming[LocalSandboxTreeModel::serverKey(servers[i])].append(i);
    std::vector<qsizetype> matchOf(size_t(current.size()), -1);
    std::vector<bool> taken(size_t(servers.size()), false);
    std::vector<int> vanished;
    for (qsizetype i = 0; i < current.size(); ++i) {
        auto it = incoming.find(LocalSandboxTreeModel::serverKey(current[i]));
        if (it != incoming.end() && !it->isEmpty()) {
            matchOf[size_t(i)] = it->takeFirst();
            taken[size_t(matchOf[size_t(i)])] = true;
        } else {
            vanished.push_back(int(i));
        }
    }

    removeRanges(vanished, parent, [&](int first, int last) {
        current.remove(first, last - first + 1);
        matchOf.erase(matchOf.begin() + first, matchOf.begin() + last + 1);
    });

    std::vector<int> changedRows;
    for (qsizetype i = 0; i < current.size(); ++i) {
        const LocalServer &wanted = servers[matchOf[size_t(i)]];
        if (!(current[i] == wanted)) {
            current[i] = wanted;
            changedRows.push_back(int(i));
        }
    }
    emitRowRuns(std::move(changedRows), parent);

    QList<LocalServer> added;
    for (qsizetype i = 0; i < servers.size(); ++i)
        if (!taken[size_t(i)])
            added.append(servers[i]);
    if (!added.isEmpty()) {
        const int first = int(current.size());
        m_model.beginInsertRows(parent, first, first + int(added.size()) - 1);
        current.append(added);
        m_model.endInsertRows();
    }
    // A server that came or went can change how its siblings' URLs are shortened.
    if (LocalSandboxTreeModel::updateShortUrls(node) && !current.isEmpty())
        emit m_model.dataChanged(
            m_model.index(0, LocalSandboxTreeModel::DetailColumn, parent),
            m_model.index(int(current.size()) - 1, LocalSandboxTreeModel::DetailColumn, parent),
            {Qt::DisplayRole});
}

// Removes rows (ascending) in contiguous ranges from the last one back, so earlier row numbers hold.
void LocalSandboxSnapshotApplier::removeRanges(const std::vector<int> &rows, const QModelIndex &parent,
                                               const std::function<void(int, int)> &erase)
{
    for (size_t end = rows.size(); end > 0;) {
        size_t begin = end - 1;
        while (begin > 0 && rows[begin - 1] == rows[begin] - 1)
            --begin;
        m_model.beginRemoveRows(parent, rows[begin], rows[end - 1]);
        erase(rows[begin], rows[end - 1]);
        m_model.endRemoveRows();
        end = begin;
    }
}

void LocalSandboxSnapshotApplier::emitRowRuns(std::vector<int> rows, const QModelIndex &parent)
{
    std::sort(rows.begin(), rows.end());
    for (size_t i = 0; i < rows.size();) {
        size_t end = i + 1;
        while (end < rows.size() && rows[end] == rows[end - 1] + 1)
            ++end;
        emit m_model.dataChanged(
            m_model.index(rows[i], 0, parent),
            m_model.index(rows[end - 1], LocalSandboxTreeModel::ColumnCount - 1, parent));
        i = end;
    }
}
