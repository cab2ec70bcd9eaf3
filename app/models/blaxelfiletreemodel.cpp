#include "models/blaxelfiletreemodel.h"

#include "models/displaytext.h"

#include <QLocale>
#include <QSet>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

struct BlaxelFileTreeModel::Node
{
    enum class State
    {
        NotListed,
        Listing,
        Listed,
        Failed,
    };

    QString name;
    QString path;
    bool folder = true;
    qint64 size = -1;
    QString permissions;
    Node *parent = nullptr;
    int row = 0;
    State state = State::NotListed;
    bool truncated = false;
    std::vector<std::unique_ptr<Node>> children;
    // A first listing still going in: its sorted entries, the next to insert, and whether it was cut.
    std::shared_ptr<const QList<BlaxelDirectory::Entry>> pending;
    qsizetype pendingNext = 0;
    bool pendingTruncated = false;

    // Folders first, then by name as a person sorts, then exactly (two names that differ in case only).
    static bool before(bool folderA, const QString &nameA, bool folderB, const QString &nameB)
    {
        if (folderA != folderB)
            return folderA;
        if (const int order = QString::compare(nameA, nameB, Qt::CaseInsensitive); order != 0)
            return order < 0;
        return nameA < nameB;
    }
    bool sameEntry(const BlaxelDirectory::Entry &entry) const
    {
        return folder == entry.folder && name == entry.name;
    }
    void renumber()
    {
        for (int i = 0; i < int(children.size()); ++i)
            children[size_t(i)]->row = i;
    }
};

BlaxelFileTreeModel::BlaxelFileTreeModel(QObject *parent)
    : QAbstractItemModel(parent), m_root(std::make_unique<Node>())
{
    m_root->path = u"/"_s;
}

BlaxelFileTreeModel::~BlaxelFileTreeModel() = default;

void BlaxelFileTreeModel::setRootPath(const QString &rootPath)
{
    beginResetModel();
    m_root = std::make_unique<Node>();
    QString path = rootPath.isEmpty() ? u"/"_s : rootPath;
    while (path.size() > 1 && path.endsWith(u'/'))
        path.chop(1);
    m_root->path = path;
    endResetModel();
}

QString BlaxelFileTreeModel::rootPath() const
{
    return m_root->path;
}

QString BlaxelFileTreeModel::parentPath(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(u'/');
    return slash <= 0 ? u"/"_s : path.left(slash);
}

QString BlaxelFileTreeModel::childPath(const QString &folderPath, const QString &name)
{
    if (folderPath.endsWith(u'/'))
        return folderPath + name;
    return folderPath + u'/' + name;
}

BlaxelFileTreeModel::Node *BlaxelFileTreeModel::findNode(const QString &path) const
{
    const QString &root = m_root->path;
    if (path == root)
        return m_root.get();
    const QString prefix = root.endsWith(u'/') ? root : root + u'/';
    if (!path.startsWith(prefix))
        return nullptr;
    Node *node = m_root.get();
    const QStringList segments = path.mid(prefix.size()).split(u'/', Qt::SkipEmptyParts);
    for (const QString &segment : segments) {
        const auto found = std::find_if(node->children.begin(), node->children.end(),
                                        [&](const auto &child) { return child->name == segment; });
        if (found == node->children.end())
            return nullptr;
        node = found->get();
    }
    return node;
}

QList<BlaxelDirectory::Entry> BlaxelFileTreeModel::preparedEntries(const BlaxelDirectory &directory)
{
    // A name is one segment: anything else from the sandbox would make a path that names another entry.
    QList<BlaxelDirectory::Entry> entries;
    entries.reserve(directory.entries.size());
    QSet<QString> seen;
    seen.reserve(directory.entries.size());
    for (const auto &entry : directory.entries) {
        if (entry.name.isEmpty() || entry.name.contains(u'/') || entry.name == u"."_s ||
            entry.name == u".."_s)
            continue;
        if (seen.contains(entry.name))
            continue;
        seen.insert(entry.name);
        entries.append(entry);
    }
    std::sort(entries.begin(), entries.end(),
              [](const auto &a, const auto &b) { return Node::before(a.folder, a.name, b.folder, b.name); });
    return entries;
}

void BlaxelFileTreeModel::setListing(const QString &folderPath, const BlaxelDirectory &directory)
{
    setPreparedListing(folderPath, preparedEntries(directory), directory.truncated);
}

void BlaxelFileTreeModel::setPreparedListing(const QString &folderPath,
                                             const QList<BlaxelDirectory::Entry> &entries, bool truncated)
{
    Node *folder = findNode(folderPath);
    if (!folder || !folder->folder)
        return;
    // A newer listing replaces what a first one still had to insert: it is merged with the rows in so far.
    folder->pending.reset();
    const QModelIndex parentIndex = indexOfNode(folder);
    auto &children = folder->children;

    if (children.empty() && entries.size() > rowsPerChunk) {
        addNodes(folder, 0, entries, 0, rowsPerChunk);
        folder->pending = std::make_shared<const QList<BlaxelDirectory::Entry>>(entries);
        folder->pendingNext = rowsPerChunk;
        folder->pendingTruncated = truncated;
        QTimer::singleShot(0, this, [this, path = folder->path] { insertNextChunk(path); });
        return;
    }

    // Rows that went, in runs from the end so that the rows before each run keep their numbers.
    QSet<QString> keep;
    keep.reserve(entries.size());
    for (const auto &entry : entries)
        keep.insert((entry.folder ? u"d:"_s : u"f:"_s) + entry.name);
    const auto kept = [&](const Node &node) {
        return keep.contains((node.folder ? u"d:"_s : u"f:"_s) + node.name);
    };
    for (int last = int(children.size()) - 1; last >= 0;) {
        if (kept(*children[size_t(last)])) {
            --last;
            continue;
        }
        int first = last;
        while (first > 0 && !kept(*children[size_t(first - 1)]))
            --first;
        beginRemoveRows(parentIndex, first, last);
        children.erase(children.begin() + first, children.begin() + last + 1);
        folder->renumber();
        endRemoveRows();
        last = first - 1;
    }

    // What stayed is in order, and a part of `entries`: walk both, inserting each run of new entries where it
    // sorts and updating what changed in place.
    int row = 0;
    for (qsizetype next = 0; next < entries.size();) {
        if (row < int(children.size()) && children[size_t(row)]->sameEntry(entries.at(next))) {
            Node &node = *children[size_t(row)];
            const auto &entry = entries.at(next);
            if (node.size != entry.size || node.permissions != entry.permissions) {
                node.size = entry.size;
                node.permissions = entry.permissions;
                emit dataChanged(index(row, SizeColumn, parentIndex),
                                 index(row, PermissionsColumn, parentIndex));
            }
            ++row;
            ++next;
            continue;
        }
        qsizetype end = next + 1;
        while (end < entries.size() &&
               !(row < int(children.size()) && children[size_t(row)]->sameEntry(entries.at(end))))
            ++end;
        addNodes(folder, row, entries, next, end);
        row += int(end - next);
        next = end;
    }
    finishListing(folder, truncated);
}

void BlaxelFileTreeModel::addNodes(Node *folder, int row, const QList<BlaxelDirectory::Entry> &entries,
                                   qsizetype first, qsizetype end)
{
    beginInsertRows(indexOfNode(folder), row, row + int(end - first) - 1);
    std::vector<std::unique_ptr<Node>> added;
    added.reserve(size_t(end - first));
    for (qsizetype i = first; i < end; ++i) {
        const auto &entry = entries.at(i);
        auto node = std::make_unique<Node>();
        node->name = entry.name;
        node->path = childPath(folder->path, entry.name);
        node->folder = entry.folder;
        node->size = entry.folder ? -1 : entry.size;
        node->permissions = entry.permissions;
        node->parent = folder;
        added.push_back(std::move(node));
    }
    auto &children = folder->children;
    children.insert(children.begin() + row, std::make_move_iterator(added.begin()),
                    std::make_move_iterator(added.end()));
    folder->renumber();
    endInsertRows();
}

void BlaxelFileTreeModel::insertNextChunk(const QString &folderPath)
{
    Node *folder = findNode(folderPath);
    // Gone (a new root), or a newer listing took over.
    if (!folder || !folder->pending)
        return;
    const auto entries = folder->pending;
    // Each chunk as big as what is in already: a view lays out every row after each insert, so a folder of
    // 100,000 goes in within 8 turns rather than 200, none longer than the last.
    const qsizetype chunk = std::max<qsizetype>(rowsPerChunk, qsizetype(folder->children.size()));
    const qsizetype end = std::min(entries->size(), folder->pendingNext + chunk);
    addNodes(folder, int(folder->children.size()), *entries, folder->pendingNext, end);
    folder->pendingNext = end;
    if (end < entries->size()) {
        QTimer::singleShot(0, this, [this, folderPath] { insertNextChunk(folderPath); });
        return;
    }
    folder->pending.reset();
    finishListing(folder, folder->pendingTruncated);
}

void BlaxelFileTreeModel::finishListing(Node *folder, bool truncated)
{
    const bool wasListed = folder->state == Node::State::Listed;
    folder->state = Node::State::Listed;
    folder->truncated = truncated;
    // An empty folder opened: the view drops its expander.
    if (!wasListed && folder->children.empty() && folder != m_root.get()) {
        const QModelIndex self = indexOfNode(folder);
        emit dataChanged(self, self.siblingAtColumn(ColumnCount - 1));
    }
}

void BlaxelFileTreeModel::setListingFailed(const QString &folderPath)
{
    if (Node *folder = findNode(folderPath); folder && folder->state == Node::State::Listing)
        folder->state = Node::State::Failed;
}

bool BlaxelFileTreeModel::isListed(const QString &folderPath) const
{
    const Node *folder = findNode(folderPath);
    return folder && folder->state == Node::State::Listed;
}

bool BlaxelFileTreeModel::isTruncated(const QString &folderPath) const
{
    const Node *folder = findNode(folderPath);
    return folder && folder->truncated;
}

QStringList BlaxelFileTreeModel::listedFolders() const
{
    QStringList folders;
    std::vector<const Node *> pending{m_root.get()};
    while (!pending.empty()) {
        const Node *node = pending.back();
        pending.pop_back();
        if (node->state != Node::State::Listed)
            continue;
        folders.append(node->path);
        for (const auto &child : node->children)
            if (child->folder)
                pending.push_back(child.get());
    }
    return folders;
}

BlaxelFileTreeModel::Node *BlaxelFileTreeModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex BlaxelFileTreeModel::indexOfNode(const Node *node) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, 0, const_cast<Node *>(node));
}

QModelIndex BlaxelFileTreeModel::indexOfPath(const QString &path) const
{
    return indexOfNode(findNode(path));
}

QString BlaxelFileTreeModel::pathOf(const QModelIndex &index) const
{
    return index.isValid() ? nodeOf(index)->path : QString();
}

bool BlaxelFileTreeModel::isFolder(const QModelIndex &index) const
{
    return index.isValid() && nodeOf(index)->folder;
}

qint64 BlaxelFileTreeModel::sizeOf(const QModelIndex &index) const
{
    return index.isValid() ? nodeOf(index)->size : -1;
}

QModelIndex BlaxelFileTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const Node *folder = nodeOf(parent);
    if (row < 0 || column < 0 || column >= ColumnCount || row >= int(folder->children.size()))
        return {};
    return createIndex(row, column, folder->children[size_t(row)].get());
}

QModelIndex BlaxelFileTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    return indexOfNode(nodeOf(child)->parent);
}

int BlaxelFileTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int BlaxelFileTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

bool BlaxelFileTreeModel::hasChildren(const QModelIndex &parent) const
{
    const Node *node = nodeOf(parent);
    if (!node->folder)
        return false;
    // A folder not opened yet may hold something: the view offers to open it.
    return node->state != Node::State::Listed || !node->children.empty();
}

bool BlaxelFileTreeModel::canFetchMore(const QModelIndex &parent) const
{
    const Node *node = nodeOf(parent);
    return node->folder && (node->state == Node::State::NotListed || node->state == Node::State::Failed);
}

void BlaxelFileTreeModel::fetchMore(const QModelIndex &parent)
{
    Node *node = nodeOf(parent);
    if (!canFetchMore(parent))
        return;
    node->state = Node::State::Listing;
    emit listingWanted(node->path);
}

Qt::ItemFlags BlaxelFileTreeModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractItemModel::flags(index);
    if (index.isValid())
        flags |= Qt::ItemIsDragEnabled;
    return flags;
}

QVariant BlaxelFileTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Node &node = *nodeOf(index);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return DisplayText::visible(node.name);
        case SizeColumn:
            return node.folder || node.size < 0 ? QString() : QLocale().formattedDataSize(node.size);
        case PermissionsColumn:
            return DisplayText::visible(node.permissions);
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        if (index.column() == SizeColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        return DisplayText::visible(node.path);
    case PathRole:
        return node.path;
    case FolderRole:
        return node.folder;
    default:
        return {};
    }
}

QVariant BlaxelFileTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case SizeColumn:
        return tr("Size");
    case PermissionsColumn:
        return tr("Permissions");
    default:
        return {};
    }
}
