#pragma once

#include "api/blaxelsandboxfiles.h"

#include <QAbstractItemModel>
#include <QString>

#include <memory>
#include <vector>

// The files of one Blaxel sandbox as its Files tab shows them: a tree that lists a folder only when it is
// opened (a view's fetchMore asks, listingWanted() says which), folders before files, each by name. A new
// listing of a folder updates its rows in place (gone rows removed, new ones inserted where they sort), so
// that what is open and selected below it stays so while the folder is listed again after a change.
class BlaxelFileTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelFileTreeModel)

public:
    enum Column
    {
        NameColumn,
        SizeColumn,
        PermissionsColumn,
        ColumnCount
    };
    enum Role
    {
        PathRole = Qt::UserRole + 1,
        FolderRole,
    };

    explicit BlaxelFileTreeModel(QObject *parent = nullptr);
    ~BlaxelFileTreeModel() override;

    // Starts over at `rootPath` (an absolute sandbox path): nothing listed yet.
    void setRootPath(const QString &rootPath);
    QString rootPath() const;

    // Rows a first listing inserts at once; the rest follow a chunk per turn of the event loop (each as big
    // as what is in), so that a folder of 100,000 entries shows its first rows at once.
    static constexpr int rowsPerChunk = 500;

    // `folderPath`'s listing arrived: its rows become these entries. A folder the tree does not hold (closed
    // meanwhile, or gone) is ignored.
    void setListing(const QString &folderPath, const BlaxelDirectory &directory);
    // A listing's entries as the tree keeps them: names that are one path segment, once each, in the tree's
    // order. Any thread (it touches no model), so that a big folder is sorted off the GUI thread.
    static QList<BlaxelDirectory::Entry> preparedEntries(const BlaxelDirectory &directory);
    // setListing() for entries preparedEntries() gave.
    void setPreparedListing(const QString &folderPath, const QList<BlaxelDirectory::Entry> &entries,
                            bool truncated);
    // Its listing failed: it may be asked again (fetchMore), and stays as it was.
    void setListingFailed(const QString &folderPath);
    // True when the folder's rows came from a listing (and were not cut at the client's limit).
    bool isListed(const QString &folderPath) const;
    bool isTruncated(const QString &folderPath) const;
    // The folders whose rows are shown, so that a change can be listed again.
    QStringList listedFolders() const;

    QModelIndex indexOfPath(const QString &path) const;
    QString pathOf(const QModelIndex &index) const;
    bool isFolder(const QModelIndex &index) const;
    qint64 sizeOf(const QModelIndex &index) const;
    // The folder a path is in ("/" for a top-level entry).
    static QString parentPath(const QString &path);
    static QString childPath(const QString &folderPath, const QString &name);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Every entry can be dragged out (the Files tab gives the drag its data, not the model).
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    // A view opened a folder not listed yet (or whose listing failed).
    void listingWanted(const QString &folderPath);

private:
    struct Node;
    Node *nodeOf(const QModelIndex &index) const;
    Node *findNode(const QString &path) const;
    QModelIndex indexOfNode(const Node *node) const;
    void addNodes(Node *folder, int row, const QList<BlaxelDirectory::Entry> &entries, qsizetype first,
                  qsizetype end);
    void insertNextChunk(const QString &folderPath);
    void finishListing(Node *folder, bool truncated);

    std::unique_ptr<Node> m_root;
};
