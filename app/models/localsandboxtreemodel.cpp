#include "models/localsandboxtreemodel.h"

#include "models/displaytext.h"
#include "models/relativetime.h"
#include "models/statuskind.h"
#include "models/urldisplay.h"

#include <algorithm>

using namespace Qt::StringLiterals;

LocalSandboxTreeModel::LocalSandboxTreeModel(QObject *parent) : QAbstractItemModel(parent) {}

LocalSandboxTreeModel::~LocalSandboxTreeModel() = default;

QString LocalSandboxTreeModel::serverKey(const LocalServer &server)
{
    return server.id.isEmpty() ? server.serverName : server.id;
}

QStringList LocalSandboxTreeModel::serverNames(const LocalSandbox &sandbox)
{
    QStringList names;
    names.reserve(sandbox.servers.size());
    for (const LocalServer &server : sandbox.servers)
        names << server.displayName();
    return names;
}

QStringList LocalSandboxTreeModel::shortUrls(const LocalSandbox &sandbox)
{
    QStringList urls;
    urls.reserve(sandbox.servers.size());
    for (const LocalServer &server : sandbox.servers)
        urls << server.mcpServerUrl;
    return UrlDisplay::distinctive(urls);
}

std::unique_ptr<LocalSandboxTreeModel::Node> LocalSandboxTreeModel::makeNode(const LocalSandbox &sandbox)
{
    auto node = std::make_unique<Node>();
    node->sandbox = sandbox;
    updateShortUrls(*node);
    return node;
}

bool LocalSandboxTreeModel::updateShortUrls(Node &node)
{
    QStringList urls = shortUrls(node.sandbox);
    if (urls == node.shortUrls)
        return false;
    node.shortUrls = std::move(urls);
    return true;
}

// A top-level index carries no pointer; a server's index carries its parent's node.
LocalSandboxTreeModel::Node *LocalSandboxTreeModel::nodeOf(const QModelIndex &index) const
{
    return static_cast<Node *>(index.internalPointer());
}

QModelIndex LocalSandboxTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, nullptr);
    return createIndex(row, column, m_nodes[size_t(parent.row())].get());
}

QModelIndex LocalSandboxTreeModel::parent(const QModelIndex &child) const
{
    const Node *node = child.isValid() ? nodeOf(child) : nullptr;
    return node ? createIndex(node->row, 0, nullptr) : QModelIndex();
}

int LocalSandboxTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_nodes.size());
    if (nodeOf(parent) || parent.column() != 0)
        return 0; // servers have no children; only the first column has any
    return int(m_nodes[size_t(parent.row())]->sandbox.servers.size());
}

int LocalSandboxTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant LocalSandboxTreeModel::data(const QModelIndex &index, int role) const
{
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid));
    if (!index.isValid())
        return {};
    const int column = index.column();
    if (const Node *parentNode = nodeOf(index)) {
        const LocalServer &server = parentNode->sandbox.servers[index.row()];
        const QString name = server.displayName();
        switch (role) {
        case Qt::DisplayRole:
        case SortRole:
            if (role == SortRole && column == CreatedColumn)
                return QDateTime();
            switch (column) {
            case NameColumn:
                return role == SortRole ? name.toLower() : DisplayText::visible(name);
            case StatusColumn:
                return role == SortRole ? server.status.toLower() : DisplayText::visible(server.status);
            case BenchmarkColumn:
                return role == SortRole ? server.benchmark.toLower() : DisplayText::visible(server.benchmark);
            case DetailColumn: {
                if (role == SortRole)
                    return server.mcpServerUrl.toLower();
                // Mid-merge the list may not match the servers yet: the full URL until it does.
                const QString shortUrl = parentNode->shortUrls.size() == parentNode->sandbox.servers.size()
                                             ? parentNode->shortUrls[index.row()]
                                             : QString();
                return DisplayText::visible(shortUrl.isEmpty() ? server.mcpServerUrl : shortUrl);
            }
            }
            return QString();
        case Qt::ToolTipRole:
            if (column == NameColumn && !server.id.isEmpty())
                return tr("Server id: %1").arg(DisplayText::visible(server.id));
            if (column == DetailColumn)
                return DisplayText::visible(server.mcpServerUrl);
            return {};
        case LocalSandboxIdRole:
            return parentNode->sandbox.localSandboxId;
        case ServerNameRole:
            return server.serverName;
        case McpUrlRole:
            return server.mcpServerUrl;
        case IsServerRole:
            return true;
        case StatusRole:
            return server.status;
        case StatusKindRole:
            return int(StatusKind::of(server.status));
        case BusyRole:
            return parentNode->busy;
        }
        return {};
    }

    const Node &node = *m_nodes[size_t(index.row())];
    const LocalSandbox &sandbox = node.sandbox;
    const int servers = int(sandbox.servers.size());
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return DisplayText::visible(sandbox.localSandboxId);
        case StatusColumn:
            return DisplayText::visible(sandbox.status);
        case BenchmarkColumn:
            return DisplayText::visible(sandbox.benchmark);
        case CreatedColumn:
            return RelativeTime::relativeAge(sandbox.createdAt, now());
        case DetailColumn: {
            if (servers == 0)
                return tr("%1 servers").arg(0);
            return tr("%1: %2").arg(servers == 1 ? tr("1 server") : tr("%1 servers").arg(servers),
                                    DisplayText::visible(serverNames(sandbox).join(u", "_s)));
        }
        }
        return {};
    case Qt::ToolTipRole:
        if (column == CreatedColumn)
            return RelativeTime::absoluteTime(sandbox.createdAt);
        return {};
    case SortRole:
        switch (column) {
        case CreatedColumn:
            return sandbox.createdAt;
        case DetailColumn:
            return servers;
        }
        return data(index, Qt::DisplayRole).toString().toLower();
    case LocalSandboxIdRole:
        return sandbox.localSandboxId;
    case IsServerRole:
        return false;
    case StatusRole:
        return sandbox.status;
    case StatusKindRole:
        return int(StatusKind::of(sandbox.status));
    case BusyRole:
        return node.busy;
    }
    return {};
}

QVariant LocalSandboxTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Name");
    case StatusColumn:
        return tr("Status");
    case BenchmarkColumn:
        return tr("Benchmark");
    case CreatedColumn:
        return tr("Created");
    case DetailColumn:
        return tr("Details");
    }
    return {};
}

QHash<int, QByteArray> LocalSandboxTreeModel::roleNames() const
{
    auto names = QAbstractItemModel::roleNames();
    names.insert(LocalSandboxIdRole, "localSandboxId");
    names.insert(ServerNameRole, "serverName");
    names.insert(McpUrlRole, "mcpUrl");
    names.insert(IsServerRole, "isServer");
    names.insert(StatusRole, "status");
    names.insert(SortRole, "sortValue");
    names.insert(BusyRole, "busy");
    names.insert(StatusKindRole, "statusKind");
    return names;
}

void LocalSandboxTreeModel::applySnapshot(const QList<LocalSandbox> &sandboxes)
{
    const bool hadRows = !m_nodes.empty();
    // Pass 1: match; the first entry wins when a snapshot lists an id twice.
    QHash<QString, const LocalSandbox *> incoming;
    incoming.reserve(sandboxes.size());
    std::vector<std::unique_ptr<Node>> added;
    for (const LocalSandbox &sandbox : sandboxes) {
        if (incoming.contains(sandbox.localSandboxId))
            continue;
        incoming.insert(sandbox.localSandboxId, &sandbox);
        if (!m_byId.contains(sandbox.localSandboxId))
            added.push_back(makeNode(sandbox));
    }

    // Pass 2: vanished sandboxes, with their servers.
    std::vector<int> vanished;
    for (const auto &node : m_nodes)
        if (!incoming.contains(node->sandbox.localSandboxId))
            vanished.push_back(node->row);
    removeRanges(vanished, {}, [this](int first, int last) {
        for (int row = first; row <= last; ++row)
            m_byId.remove(m_nodes[size_t(row)]->sandbox.localSandboxId);
        m_nodes.erase(m_nodes.begin() + first, m_nodes.begin() + last + 1);
        renumber();
    });

    // Pass 3: changed sandboxes; their servers are diffed under them. Each is announced as soon as it
    // changed, so that a sorting proxy never meets a row whose change it has not been told about.
    QStringList refreshed;
    for (const auto &node : m_nodes) {
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
        emit sandboxesRefreshed(refreshed);
}

void LocalSandboxTreeModel::updateSandbox(const LocalSandbox &sandbox)
{
    if (Node *node = m_byId.value(sandbox.localSandboxId)) {
        if (mergeSandbox(*node, sandbox))
            emitRowRuns({node->row}, {});
        return;
    }
    std::vector<std::unique_ptr<Node>> added;
    added.push_back(makeNode(sandbox));
    appendNodes(std::move(added));
}

void LocalSandboxTreeModel::appendNodes(std::vector<std::unique_ptr<Node>> nodes)
{
    if (nodes.empty())
        return;
    const int first = int(m_nodes.size());
    beginInsertRows({}, first, first + int(nodes.size()) - 1);
    for (auto &node : nodes) {
        node->row = int(m_nodes.size());
        m_byId.insert(node->sandbox.localSandboxId, node.get());
        m_nodes.push_back(std::move(node));
    }
    endInsertRows();
}

bool LocalSandboxTreeModel::mergeSandbox(Node &node, const LocalSandbox &sandbox)
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
    const QStringList namesBefore = serverNames(current);
    mergeServers(node, sandbox.servers);
    return ownChanged || serverNames(current) != namesBefore;
}

void LocalSandboxTreeModel::mergeServers(Node &node, const QList<LocalServer> &servers)
{
    QList<LocalServer> &current = node.sandbox.servers;
    const QModelIndex parent = index(node.row, 0);

    // Match by key, in order, so that two servers sharing a key pair up instead of churning.
    QHash<QString, QList<qsizetype>> incoming;
    for (qsizetype i = 0; i < servers.size(); ++i)
        incoming[serverKey(servers[i])].append(i);
    std::vector<qsizetype> matchOf(size_t(current.size()), -1);
    std::vector<bool> taken(size_t(servers.size()), false);
    std::vector<int> vanished;
    for (qsizetype i = 0; i < current.size(); ++i) {
        auto it = incoming.find(serverKey(current[i]));
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
        beginInsertRows(parent, first, first + int(added.size()) - 1);
        current.append(added);
        endInsertRows();
    }
    // A server that came or went can change how its siblings' URLs are shortened.
    if (updateShortUrls(node) && !current.isEmpty())
        emit dataChanged(index(0, DetailColumn, parent), index(int(current.size()) - 1, DetailColumn, parent),
                         {Qt::DisplayRole});
}

// Removes rows (ascending) in contiguous ranges from the last one back, so earlier row numbers hold.
void LocalSandboxTreeModel::removeRanges(const std::vector<int> &rows, const QModelIndex &parent,
                                         const std::function<void(int, int)> &erase)
{
    for (size_t end = rows.size(); end > 0;) {
        size_t begin = end - 1;
        while (begin > 0 && rows[begin - 1] == rows[begin] - 1)
            --begin;
        beginRemoveRows(parent, rows[begin], rows[end - 1]);
        erase(rows[begin], rows[end - 1]);
        endRemoveRows();
        end = begin;
    }
}

void LocalSandboxTreeModel::emitRowRuns(std::vector<int> rows, const QModelIndex &parent)
{
    std::sort(rows.begin(), rows.end());
    for (size_t i = 0; i < rows.size();) {
        size_t end = i + 1;
        while (end < rows.size() && rows[end] == rows[end - 1] + 1)
            ++end;
        emit dataChanged(index(rows[i], 0, parent), index(rows[end - 1], ColumnCount - 1, parent));
        i = end;
    }
}

void LocalSandboxTreeModel::renumber()
{
    for (size_t i = 0; i < m_nodes.size(); ++i)
        m_nodes[i]->row = int(i);
}

void LocalSandboxTreeModel::clear()
{
    beginResetModel();
    m_nodes.clear();
    m_byId.clear();
    endResetModel();
}

const LocalSandbox *LocalSandboxTreeModel::sandboxById(const QString &id) const
{
    const Node *node = m_byId.value(id);
    return node ? &node->sandbox : nullptr;
}

QModelIndex LocalSandboxTreeModel::indexOfSandbox(const QString &id) const
{
    const Node *node = m_byId.value(id);
    return node ? index(node->row, 0) : QModelIndex();
}

bool LocalSandboxTreeModel::isBusy(const QString &id) const
{
    const Node *node = m_byId.value(id);
    return node && node->busy;
}

void LocalSandboxTreeModel::setBusy(const QString &id, bool busy)
{
    Node *node = m_byId.value(id);
    if (!node || node->busy == busy)
        return;
    node->busy = busy;
    const QList<int> roles{BusyRole};
    emit dataChanged(index(node->row, 0), index(node->row, ColumnCount - 1), roles);
    // The servers report their sandbox's busy state, so actions on them wait too.
    if (const int count = int(node->sandbox.servers.size()); count > 0) {
        const QModelIndex parent = index(node->row, 0);
        emit dataChanged(index(0, 0, parent), index(count - 1, ColumnCount - 1, parent), roles);
    }
}

void LocalSandboxTreeModel::setReferenceTime(const QDateTime &now)
{
    m_referenceTime = now;
    refreshAges();
}

void LocalSandboxTreeModel::refreshAges()
{
    if (!m_nodes.empty())
        emit dataChanged(index(0, CreatedColumn), index(int(m_nodes.size()) - 1, CreatedColumn),
                         {Qt::DisplayRole, Qt::ToolTipRole});
}

QDateTime LocalSandboxTreeModel::now() const
{
    return m_referenceTime.isValid() ? m_referenceTime : QDateTime::currentDateTimeUtc();
}

QStringList LocalSandboxTreeModel::knownStatuses() const
{
    QStringList statuses;
    for (const auto &node : m_nodes)
        if (const QString status = node->sandbox.status.trimmed();
            !status.isEmpty() && !statuses.contains(status))
            statuses << status;
    statuses.sort(Qt::CaseInsensitive);
    return statuses;
}

QStringList LocalSandboxTreeModel::knownTags() const
{
    QStringList tags;
    for (const auto &node : m_nodes)
        for (const auto &server : node->sandbox.servers)
            for (const auto &tag : server.tags)
                if (!tag.isEmpty() && !tags.contains(tag))
                    tags << tag;
    tags.sort(Qt::CaseInsensitive);
    return tags;
}
