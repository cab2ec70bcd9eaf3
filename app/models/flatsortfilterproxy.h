#pragma once

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

    // -1 when unsorted (source order).
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

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
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    QModelIndexList m_layoutFrom;                 // across a source layout change: our persistent indexes
    QList<QPersistentModelIndex> m_layoutSources; // and the source indexes they stood for
};
