#pragma once

#include "models/backgroundsort.h"
#include "models/proxyrowmap.h"

#include <QAbstractProxyModel>

#include <vector>

// A sorting and filtering proxy for a flat (table or list) source, written for 100,000 rows that change
// on every poll. QSortFilterProxyModel pays a pass over all its rows for each run of rows the source
// removes, and a layout change for each row whose sort key changes; here a refresh costs array moves,
// a re-sorted row is one row move, and a filter change touches only the side that can change.
//
// Order: by the sort column (compareRows()), ties and no sort column in source order. Showing or hiding
// many scattered rows at once (a filter keystroke) is one layout change in which the persistent indexes
// of rows still shown follow them; a few rows are inserted or removed. Subclasses say which rows pass
// (acceptsRow()) and call refilter() when that changes.
//
// Sorting many rows is a worker's job: when the subclass can copy a column's values (rankTask()), the new
// order is computed on a pool thread and applied here in one layout change. Until then the rows keep the
// old order, and sortColumn() already answers the new one; a change of the rows meanwhile starts it again.
class FlatSortFilterProxy : public QAbstractProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlatSortFilterProxy)

public:
    explicit FlatSortFilterProxy(QObject *parent = nullptr);
    ~FlatSortFilterProxy() override;

    void setSourceModel(QAbstractItemModel *sourceModel) override;

    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &) const override { return {}; }
    QModelIndex sibling(int row, int column, const QModelIndex &) const override
    {
        return index(row, column);
    }
    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : m_map.size();
    }
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override
    {
        return !parent.isValid() && m_map.size() > 0;
    }
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // -1 when unsorted (source order). The order asked for, even while it is still being computed.
    int sortColumn() const { return isSorting() ? m_backgroundSort->pending()->column : m_sortColumn; }
    Qt::SortOrder sortOrder() const { return isSorting() ? m_backgroundSort->pending()->order : m_sortOrder; }
    // A sort is being computed off this thread; sortApplied() says when its order is shown.
    bool isSorting() const { return m_backgroundSort->pending().has_value(); }

    // From this many rows, sort() computes the order on a worker when rankTask() allows it.
    static constexpr int backgroundSortRows = 10000;

signals:
    void sortApplied();

protected:
    enum class Change
    {
        Any,
        Narrower,
        Wider
    };

    virtual bool acceptsRow(int /*sourceRow*/) const { return true; }
    // <0, 0 or >0 by `column`'s real value. The default compares display data.
    virtual int compareRows(int leftRow, int rightRow, int column) const;
    // A rank per source row for `column` (equal values share one) to sort many rows fast, or nullptr.
    virtual const std::vector<quint32> *sortRanks(int /*column*/) const { return nullptr; }
    // Builds `column`'s ranks (as sortRanks()) from a copy of its values taken now, so that it can run on
    // another thread while the source changes; empty when the subclass cannot, and the sort runs here.
    using RankTask = BackgroundSort::RankTask;
    virtual RankTask rankTask(int /*column*/) const { return {}; }
    // Whether a source dataChanged with these roles can change what passes the filter or the order.
    virtual bool rolesAffectFilter(const QList<int> & /*roles*/) const { return true; }
    virtual bool rolesAffectOrder(const QList<int> &roles) const
    {
        return roles.isEmpty() || roles.contains(Qt::DisplayRole);
    }

    // acceptsRow() changed: a Narrower filter can only hide rows, a Wider one only show them.
    void refilter(Change change);

private:
    struct SavedIndex
    {
        int sourceRow;
        int column;
    };

    void backgroundSortDone(BackgroundSort::Order order, quint64 version, std::vector<int> rows);
    void applySort(int column, Qt::SortOrder order);

    auto order(qsizetype batch) const; // a ProxyRowOrder for sorting `batch` rows
    void rebuild();
    void hideRows(const std::vector<int> &positions);
    void showRows(std::vector<int> sourceRows);
    void reposition(const std::vector<int> &sourceRows);
    void moveIntoPlace(int sourceRow);
    void relayout(std::vector<int> rows, QAbstractItemModel::LayoutChangeHint hint);

    void onRowsInserted(const QModelIndex &parent, int first, int last);
    void onRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last);
    void onRowsRemoved(const QModelIndex &parent, int first, int last);
    void onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles);
    void onLayoutAboutToBeChanged();
    void onLayoutChanged();

    QList<QMetaObject::Connection> m_sourceConnections;
    ProxyRowMap m_map;
    // The order the rows are in now; a pending sort's order is not applied yet.
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    BackgroundSort *m_backgroundSort;
    quint64 m_version = 0;        // counts every change of the rows shown or of the source's rows
    QModelIndexList m_layoutFrom; // across a source layout change: our persistent indexes
    QList<QPersistentModelIndex> m_layoutSources; // and the source indexes they stood for
};
