#pragma once

#include "api/sandboxkey.h"
#include "api/sandboxsummary.h"
#include "models/sandboxfacets.h"
#include "store/sandboxstore.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QHash>
#include <QPointer>
#include <QSet>

#include <functional>
#include <memory>
#include <vector>

class SandboxSnapshotApplier;

// The Klavis sandboxes of one account, one row each. A poll's result is applied as a diff keyed by
// (server name, sandbox id), never as a reset, so selection, scroll and sort survive polling. New rows are
// appended; the view's order comes from SandboxFilterProxy.
class SandboxListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxListModel)

public:
    enum Column
    {
        ServerColumn,
        SandboxIdColumn,
        StatusColumn,
        BenchmarkColumn,
        TagsColumn,
        UpdatedColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    enum Role
    {
        SandboxIdRole = Qt::UserRole + 1,
        ServerNameRole,
        StatusRole,
        BenchmarkRole,
        TagsRole,      // QStringList
        UpdatedAtRole, // QDateTime, invalid when unknown
        SortRole,      // the cell's real value: QDateTime for Updated, lower-cased tag list or text else
        BusyRole,      // bool: an action is in flight on this row
        StatusKindRole // StatusKind::Kind of the status word, for a delegate's colour
    };
    Q_ENUM(Role)

    explicit SandboxListModel(QObject *parent = nullptr);
    ~SandboxListModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Follows the session's store: each list it publishes is applied in steps, a cleared store resets the
    // model, and the store's busy marks show on the rows.
    void setStore(const KlavisSandboxStore *store);

    // Removes vanished rows, updates changed ones in place and appends new ones, in the smallest number
    // of contiguous-range signals. An identical snapshot emits nothing. When a snapshot lists one key
    // twice, the first entry wins.
    void applySnapshot(const QList<SandboxSummary> &sandboxes);
    // The same application in steps of a few milliseconds, yielding to the event loop between them, so
    // that a refresh of 100,000 rows never holds the GUI thread for a frame. The model is consistent
    // between steps; snapshotApplied() follows the last one. A snapshot given while another is being
    // applied waits for it, and replaces any snapshot already waiting. applySnapshot() and clear() drop
    // an application under way.
    void applySnapshotInSteps(const QList<SandboxSummary> &sandboxes);
    bool isApplying() const;
    // Forgets everything with a model reset: for switching accounts, never for a refresh.
    void clear();

    const SandboxSummary &sandboxAt(int row) const;
    int rowOf(const QString &serverName, const QString &sandboxId) const;
    // Lower-cased server, id, status, benchmark and tags of a row, for a fast substring filter.
    const QString &searchText(int row) const;
    // Orders two rows by a column's real value (<0, 0, >0), without building QVariants: the proxy's
    // sort over 100,000 rows calls this about two million times.
    int compareRows(int leftRow, int rightRow, int column) const;
    // Each row's dense rank by a column (equal values share one), indexed by row: comparing ranks is
    // compareRows() at the cost of two array reads. Built on first use and kept until the rows change.
    const std::vector<quint32> &sortRanks(int column) const;
    // The same ranks, built off this thread by the function returned (SandboxOrdering::rankTask).
    std::function<std::vector<quint32>()> rankTask(int column) const;

    bool isBusy(int row) const;
    void setBusy(const QString &serverName, const QString &sandboxId, bool busy);

    // The distinct values present, sorted, for the filter combos. Server names merge spellings.
    QStringList knownServers() const;
    QStringList knownBenchmarks() const;
    QStringList knownStatuses() const;
    QStringList knownTags() const;

    // The "now" that ages are measured from; an invalid time (the default) means the clock.
    void setReferenceTime(const QDateTime &now);
    // Ages go stale as time passes: the UI calls this on a timer to repaint the Updated column.
    void refreshAges();

signals:
    void facetsChanged();
    // After a snapshot: the rows it changed or added, for a view to flash them. Not after the first
    // load, where every row is new and none has changed.
    void rowsRefreshed(const QList<SandboxKey> &keys);
    // A snapshot given to applySnapshotInSteps() is fully applied.
    void snapshotApplied();

private:
    // The snapshot's diff moves the rows and sends the begin/end signals around each move.
    friend class SandboxSnapshotApplier;

    struct Row
    {
        SandboxSummary summary;
        QString searchText;
        qsizetype slot = -1; // position in m_rows; -1 while a new row waits to be inserted
        quint32 seen = 0;    // the last snapshot generation that listed this row
        bool busy = false;
    };

    Row *rowAt(int row) const;
    void followStore();
    void showBusyOf(const QSet<SandboxKey> &busy);
    int logicalRow(const Row &row) const;
    QDateTime now() const;

    // Rows live on the heap so that their addresses survive removals; m_index points at them. During a
    // removal pass m_rows has a gap (m_gapStart, m_gapSize) that moves from the front to the back, so
    // each row moves at most once however many ranges are removed, and the model stays consistent at
    // every rowsRemoved signal.
    std::vector<std::unique_ptr<Row>> m_rows;
    qsizetype m_gapStart = 0;
    qsizetype m_gapSize = 0;
    QHash<SandboxKey, Row *> m_index;
    SandboxFacets m_facets;
    QDateTime m_referenceTime;
    // sortRanks() of m_rankColumn (-1: none). Dropped right after each change of the rows and before the
    // signal that announces it ends, so that a proxy asking from any slot gets ranks of what it sees.
    mutable std::vector<quint32> m_ranks;
    mutable int m_rankColumn = -1;
    std::unique_ptr<SandboxSnapshotApplier> m_applier;
    QPointer<const KlavisSandboxStore> m_store;
    QSet<SandboxKey> m_busyShown;
};
