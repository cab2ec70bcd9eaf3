#include "models/localsandboxtreemodel.h"

#include "models/displaytext.h"
#include "models/localsandboxsnapshotapplier.h"
#include "models/relativetime.h"
#include "models/statuskind.h"
#include "models/urldisplay.h"

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

void LocalSandboxTreeModel::setStore(const LocalSandboxStore *store)
{
    if (m_store)
        disconnect(m_store, nullptr, this, nullptr);
    m_store = store;
    if (!store)
        return;
    connect(store, &SandboxStoreSignals::published, this, &LocalSandboxTreeModel::followStore);
    connect(store, &SandboxStoreSignals::busyChanged, this, [this] { showBusyOf(m_store->busyKeys()); });
    followStore();
}

void LocalSandboxTreeModel::followStore()
{
    if (!m_store->hasListed()) {
        m_busyShown.clear();
        clear();
        return;
    }
    applySnapshot(m_store->snapshot()->items);
    showBusyOf(m_store->busyKeys());
}

void LocalSandboxTreeModel::showBusyOf(const QSet<QString> &busy)
{
    for (const QString &id : std::as_const(m_busyShown)) {
        if (!busy.contains(id))
            setBusy(id, false);
    }
    for (const QString &id : busy)
        setBusy(id, true);
    m_busyShown = busy;
}

void LocalSandboxTreeModel::applySnapshot(const QList<LocalSandbox> &sandboxes)
{
    LocalSandboxSnapshotApplier(*this).apply(sandboxes);
}

void LocalSandboxTreeModel::updateSandbox(const LocalSandbox &sandbox)
{
    LocalSandboxSnapshotApplier(*this).merge(sandbox);
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
