#pragma once

#include "api/localsandbox.h"
#include "store/sandboxstore.h"

#include <QAbstractItemModel>
#include <QDateTime>
#include <QHash>
#include <QPointer>
#include <QSet>

#include <memory>
#include <vector>

// Local sandboxes at the top level, the MCP servers each one hosts as children. Snapshots are applied as
// diffs at both levels (no reset), so selection and expanded branches survive polling.
class LocalSandboxTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalSandboxTreeModel)

public:
    enum Column
    {
        NameColumn, // sandbox id | server name
        StatusColumn,
        BenchmarkColumn,
        CreatedColumn, // age for sandboxes; empty for servers
        DetailColumn,  // "3 servers" for sandboxes; MCP URL for servers
        ColumnCount
    };
    Q_ENUM(Column)

    enum Role
    {
        LocalSandboxIdRole = Qt::UserRole + 1, // the sandbox's id, on its servers too
        ServerNameRole,
        McpUrlRole,
        IsServerRole, // bool
        StatusRole,
        SortRole,      // the cell's real value: QDateTime for Created, a count for a sandbox's Detail
        BusyRole,      // bool: an action is in flight on the sandbox (its servers report it too)
        StatusKindRole // StatusKind::Kind of the status word, for a delegate's colour
    };
    Q_ENUM(Role)

    explicit LocalSandboxTreeModel(QObject *parent = nullptr);
    ~LocalSandboxTreeModel() override;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Follows the session's store: each list (or details reply) it publishes is applied at once, a cleared
    // store resets the model, and the store's busy marks show on the rows.
    void setStore(const LocalSandboxStore *store);

    // Removes vanished sandboxes, updates changed ones (and diffs their servers), appends new ones.
    void applySnapshot(const QList<LocalSandbox> &sandboxes);
    // Merges one details reply: updates that sandbox in place, or appends it when it is new.
    void updateSandbox(const LocalSandbox &sandbox);
    // Forgets everything with a model reset: for switching accounts, never for a refresh.
    void clear();

    const LocalSandbox *sandboxById(const QString &id) const;
    QModelIndex indexOfSandbox(const QString &id) const;
    // The distinct sandbox statuses and server tags present, sorted, for the filter choices.
    QStringList knownStatuses() const;
    QStringList knownTags() const;
    bool isBusy(const QString &id) const;
    void setBusy(const QString &id, bool busy);

    // The "now" that ages are measured from; an invalid time (the default) means the clock.
    void setReferenceTime(const QDateTime &now);
    // Emits dataChanged for the Created column of every sandbox, so ages move on.
    void refreshAges();

    // A server's identity inside its sandbox: its id, or its name when the id is missing.
    static QString serverKey(const LocalServer &server);
    // The servers' MCP URLs in the short form the Detail column shows (UrlDisplay::distinctive over the
    // sandbox's own servers), for a details pane to say the same.
    static QStringList shortUrls(const LocalSandbox &sandbox);

signals:
    // After a snapshot: the sandboxes it changed or added (a server's change counts for its sandbox), for
    // a view to flash them. Not after the first load.
    void sandboxesRefreshed(const QStringList &ids);

private:
    // Snapshots and details replies are merged into the nodes by it, with the begin/end signals around each
    // change.
    friend class LocalSandboxSnapshotApplier;

    void followStore();
    void showBusyOf(const QSet<QString> &busy);

    struct Node
    {
        LocalSandbox sandbox;
        int row = 0;
        bool busy = false;
        // shortUrls(sandbox), computed when the servers change rather than on every paint.
        QStringList shortUrls;
    };

    // The servers' names in their order, as the sandbox's Detail cell lists them.
    static QStringList serverNames(const LocalSandbox &sandbox);
    static std::unique_ptr<Node> makeNode(const LocalSandbox &sandbox);
    // Recomputes the node's short URLs; true when they changed.
    static bool updateShortUrls(Node &node);

    Node *nodeOf(const QModelIndex &index) const;
    void renumber();
    QDateTime now() const;

    std::vector<std::unique_ptr<Node>> m_nodes; // heap nodes: a child index points at its parent node
    QHash<QString, Node *> m_byId;
    QDateTime m_referenceTime;
    QPointer<const LocalSandboxStore> m_store;
    QSet<QString> m_busyShown;
};
