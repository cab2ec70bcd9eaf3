#pragma once

#include "api/blaxelsandbox.h"
#include "store/sandboxstore.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QHash>
#include <QPointer>
#include <QSet>
#include <QStringList>

#include <vector>

// The Blaxel sandboxes of one workspace, one row each, keyed by name. A poll's result is applied as a
// diff (removed rows go, changed rows change in place, new rows are appended), never as a reset, so that
// selection, scroll and sort survive polling. "Expires in" is a live countdown: the seconds the server
// stated, counted down from when they arrived (tick() repaints it). Every string a cell shows is the
// server's, through DisplayText.
class BlaxelSandboxListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxListModel)

public:
    enum Column
    {
        NameColumn,
        DisplayNameColumn,
        StatusColumn,
        StateColumn,
        RegionColumn,
        ImageColumn,
        MemoryColumn,
        LabelsColumn,
        CreatedColumn,
        LastUsedColumn,
        ExpiresInColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    enum Role
    {
        NameRole = Qt::UserRole + 1, // the name as sent: the key of the row
        StatusRole,                  // the status word shown (DELETING while a deletion runs)
        StatusKindRole,              // BlaxelStatus::Kind of that word
        LabelsRole,                  // QStringList "key=value", made visible, for the chip delegate
        SortRole,                    // the cell's real value: dates, numbers, lower-cased text
        DeletingRole,                // bool: a deletion started here is under way
        SearchTextRole,              // lower-cased name, display name and labels
        ExpiresAtRole,               // QDateTime: when automatic deletion is due, invalid when none
    };
    Q_ENUM(Role)

    explicit BlaxelSandboxListModel(QObject *parent = nullptr);
    ~BlaxelSandboxListModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Removes vanished rows, updates changed ones in place (one dataChanged per row, over the columns that
    // changed) and appends new ones. An identical snapshot emits nothing; a countdown that agrees with the
    // one shown within a few seconds is no change. When a snapshot lists a name twice, the first wins.
    void applySnapshot(const QList<BlaxelSandbox> &sandboxes);
    // Follows the session's store: each list (or details reply) it publishes is applied at once, a cleared
    // store resets the model, and the store's busy marks (deletions under way) show as DELETING.
    void setStore(const BlaxelSandboxStore *store);
    // One sandbox as an answer about it (a delete, a poll) describes it; appended when not listed yet.
    void updateSandbox(const BlaxelSandbox &sandbox);
    // Forgets everything with a model reset: for switching workspaces, never for a refresh.
    void clear();

    const BlaxelSandbox &sandboxAt(int row) const;
    int rowOf(const QString &name) const;
    // A deletion started by us: the row says DELETING whatever a refresh in between claims, until the
    // deletion ends (a status that is Gone) or setDeleting(name, false).
    void setDeleting(const QString &name, bool deleting);
    bool isDeleting(const QString &name) const { return m_deleting.contains(name); }
    // The status word a row shows.
    QString shownStatus(int row) const;

    QStringList knownStatuses() const;

    // The "now" that ages and countdowns are measured from; an invalid time (the default) means the clock.
    void setReferenceTime(const QDateTime &now);
    // Ages and countdowns go stale as time passes: the page calls this every second.
    void tick();

signals:
    void statusesChanged();
    // After a snapshot: the names it changed or added, for a view to flash them (not after the first load).
    void rowsRefreshed(const QStringList &names);

private:
    struct Row
    {
        BlaxelSandbox sandbox;
        QDateTime expiresAt; // from expiresInSeconds when it arrived, else spec.runtime.expires
        QString searchText;
    };

    Row makeRow(const BlaxelSandbox &sandbox) const;
    QString shownStatus(const Row &row) const;
    unsigned changedColumns(const Row &before, const Row &after) const;
    void replaceRow(int row, Row fresh, unsigned columns);
    void rebuildIndex();
    void updateStatuses();
    QDateTime now() const;
    QVariant display(const Row &row, int column) const;
    QVariant sortValue(const Row &row, int column) const;

    std::vector<Row> m_rows;
    QHash<QString, int> m_index;
    QSet<QString> m_deleting;
    QStringList m_statuses;
    QDateTime m_referenceTime;
    void followStore();
    void showDeletingOf(const QSet<QString> &busy);

    QPointer<const BlaxelSandboxStore> m_store;
};
