#include "models/flatsortfilterproxy.h"

#include "models/proxyroworder.h"

#include <algorithm>

namespace {

// Past this many runs of rows to insert or remove, one layout change is cheaper than a signal pair and
// an array move per run, for this proxy and for the views on it.
constexpr qsizetype maxRuns = 32;
// From this many rows to order, the model's rank table (built once, linear) beats comparing rows.
constexpr qsizetype rankBatch = 4096;

} // namespace

FlatSortFilterProxy::FlatSortFilterProxy(QObject *parent)
    : QAbstractProxyModel(parent),
      m_backgroundSort(new BackgroundSort(
          [this](BackgroundSort::Order order, quint64 version, std::vector<int> rows) {
              backgroundSortDone(order, version, std::move(rows));
          },
          this))
{}

FlatSortFilterProxy::~FlatSortFilterProxy() = default;

void FlatSortFilterProxy::setSourceModel(QAbstractItemModel *sourceModel)
{
    beginResetModel();
    for (const auto &connection : std::as_const(m_sourceConnections))
        disconnect(connection);
    m_sourceConnections.clear();
    QAbstractProxyModel::setSourceModel(sourceModel);
    if (sourceModel) {
        auto &c = m_sourceConnections;
        using M = QAbstractItemModel;
        c << connect(sourceModel, &M::rowsInserted, this, &FlatSortFilterProxy::onRowsInserted);
        c << connect(sourceModel, &M::rowsAboutToBeRemoved, this,
                     &FlatSortFilterProxy::onRowsAboutToBeRemoved);
        c << connect(sourceModel, &M::rowsRemoved, this, &FlatSortFilterProxy::onRowsRemoved);
        c << connect(sourceModel, &M::dataChanged, this, &FlatSortFilterProxy::onDataChanged);
        c << connect(sourceModel, &M::headerDataChanged, this, &M::headerDataChanged);
        c << connect(sourceModel, &M::layoutAboutToBeChanged, this,
                     &FlatSortFilterProxy::onLayoutAboutToBeChanged);
        c << connect(sourceModel, &M::layoutChanged, this, &FlatSortFilterProxy::onLayoutChanged);
        c << connect(sourceModel, &M::rowsAboutToBeMoved, this,
                     &FlatSortFilterProxy::onLayoutAboutToBeChanged);
        c << connect(sourceModel, &M::rowsMoved, this, &FlatSortFilterProxy::onLayoutChanged);
        // Column changes and resets redo everything; the list model has neither on a refresh.
        const auto begin = [this] { beginResetModel(); };
        const auto end = [this] {
            rebuild();
            endResetModel();
        };
        c << connect(sourceModel, &M::modelAboutToBeReset, this, begin);
        c << connect(sourceModel, &M::modelReset, this, end);
        c << connect(sourceModel, &M::columnsAboutToBeInserted, this, begin);
        c << connect(sourceModel, &M::columnsInserted, this, end);
        c << connect(sourceModel, &M::columnsAboutToBeRemoved, this, begin);
        c << connect(sourceModel, &M::columnsRemoved, this, end);
        c << connect(sourceModel, &M::columnsAboutToBeMoved, this, begin);
        c << connect(sourceModel, &M::columnsMoved, this, end);
        c << connect(sourceModel, &QObject::destroyed, this, [this] {
            beginResetModel();
            m_map.reset({}, 0);
            endResetModel();
        });
    }
    rebuild();
    endResetModel();
}

QModelIndex FlatSortFilterProxy::mapToSource(const QModelIndex &proxyIndex) const
{
    if (!proxyIndex.isValid() || !sourceModel() || proxyIndex.row() >= m_map.size())
        return {};
    return sourceModel()->index(m_map.sourceRow(proxyIndex.row()), proxyIndex.column());
}

QModelIndex FlatSortFilterProxy::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!sourceIndex.isValid() || sourceIndex.parent().isValid())
        return {};
    const int row = m_map.proxyRow(sourceIndex.row());
    return row < 0 ? QModelIndex() : createIndex(row, sourceIndex.column());
}

QModelIndex FlatSortFilterProxy::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= m_map.size() || column >= columnCount())
        return {};
    return createIndex(row, column);
}

int FlatSortFilterProxy::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

int FlatSortFilterProxy::compareRows(int leftRow, int rightRow, int column) const
{
    const QVariant left = sourceModel()->index(leftRow, column).data();
    const QVariant right = sourceModel()->index(rightRow, column).data();
    const QPartialOrdering order = QVariant::compare(left, right);
    return order == QPartialOrdering::Less ? -1 : (order == QPartialOrdering::Greater ? 1 : 0);
}

auto FlatSortFilterProxy::order(qsizetype batch) const
{
    const auto compare = [this](int a, int b, int column) { return compareRows(a, b, column); };
    const std::vector<quint32> *ranks =
        m_sortColumn >= 0 && batch >= rankBatch ? sortRanks(m_sortColumn) : nullptr;
    return ProxyRowOrder(m_sortColumn, m_sortOrder, ranks, compare);
}

void FlatSortFilterProxy::rebuild()
{
    ++m_version;
    const int count = sourceModel() ? sourceModel()->rowCount() : 0;
    std::vector<int> rows;
    rows.reserve(size_t(count));
    for (int row = 0; row < count; ++row)
        if (acceptsRow(row))
            rows.push_back(row);
    if (m_sortColumn >= 0 && m_sortColumn < columnCount())
        std::sort(rows.begin(), rows.end(), order(qsizetype(rows.size())));
    m_map.reset(std::move(rows), count);
}

void FlatSortFilterProxy::sort(int column, Qt::SortOrder order)
{
    if (column >= columnCount())
        column = -1;
    if (column == sortColumn() && (order == sortOrder() || column < 0))
        return;
    if (column >= 0 && m_map.size() >= backgroundSortRows) {
        if (RankTask task = rankTask(column)) {
            m_backgroundSort->start({column, order}, m_map.rows(), m_version, std::move(task));
            return;
        }
    }
    applySort(column, order);
}

void FlatSortFilterProxy::applySort(int column, Qt::SortOrder order)
{
    m_backgroundSort->cancel();
    m_sortColumn = column;
    m_sortOrder = order;
    std::vector<int> rows = m_map.rows();
    std::sort(rows.begin(), rows.end(), this->order(qsizetype(rows.size())));
    relayout(std::move(rows), QAbstractItemModel::VerticalSortHint);
    emit sortApplied();
}

void FlatSortFilterProxy::backgroundSortDone(BackgroundSort::Order order, quint64 version,
                                             std::vector<int> rows)
{
    if (version != m_version) {
        // The rows changed while it was computed: its order is of rows that are no longer these.
        if (RankTask task = rankTask(order.column); task && m_map.size() >= backgroundSortRows)
            m_backgroundSort->start(order, m_map.rows(), m_version, std::move(task));
        else
            applySort(order.column, order.order);
        return;
    }
    m_sortColumn = order.column;
    m_sortOrder = order.order;
    relayout(std::move(rows), QAbstractItemModel::VerticalSortHint);
    emit sortApplied();
}

// Replaces the rows shown with `rows` (in display order) in one layout change: persistent indexes follow
// their source rows, or become invalid for rows no longer shown.
void FlatSortFilterProxy::relayout(std::vector<int> rows, QAbstractItemModel::LayoutChangeHint hint)
{
    emit layoutAboutToBeChanged({}, hint);
    const QModelIndexList from = persistentIndexList();
    std::vector<SavedIndex> saved;
    saved.reserve(size_t(from.size()));
    for (const QModelIndex &index : from)
        saved.push_back({m_map.sourceRow(index.row()), index.column()});
    m_map.reset(std::move(rows), sourceModel() ? sourceModel()->rowCount() : 0);
    QModelIndexList to;
    to.reserve(from.size());
    for (const SavedIndex &index : saved) {
        const int row = m_map.proxyRow(index.sourceRow);
        to << (row < 0 ? QModelIndex() : createIndex(row, index.column));
    }
    changePersistentIndexList(from, to);
    emit layoutChanged({}, hint);
}

// The rows shown are exactly those the filter accepted before, so a narrower filter need only look at
// them and a wider one only at the hidden rows. Rows are visited in source order, which is their order
// in memory: in display order each would be a cache miss.
void FlatSortFilterProxy::refilter(Change change)
{
    ++m_version;
    const int count = sourceModel() ? sourceModel()->rowCount() : 0;
    std::vector<char> hidden(size_t(m_map.size()), 0);
    bool anyHidden = false;
    std::vector<int> show;
    for (int row = 0; row < count; ++row) {
        if (const int at = m_map.proxyRow(row); at >= 0) {
            if (change != Change::Wider && !acceptsRow(row)) {
                hidden[size_t(at)] = 1;
                anyHidden = true;
            }
        } else if (change != Change::Narrower && acceptsRow(row)) {
            show.push_back(row);
        }
    }
    std::vector<int> hide;
    if (anyHidden) {
        for (int at = 0; at < m_map.size(); ++at)
            if (hidden[size_t(at)])
                hide.push_back(at);
    }
    hideRows(hide);
    showRows(std::move(show));
}

// Hides the rows at `positions` (ascending).
void FlatSortFilterProxy::hideRows(const std::vector<int> &positions)
{
    if (positions.empty())
        return;
    const auto runs = ProxyRowMap::runs(positions);
    if (qsizetype(runs.size()) > maxRuns) {
        std::vector<int> rows;
        rows.reserve(size_t(m_map.size()) - positions.size());
        size_t next = 0;
        for (int position = 0; position < m_map.size(); ++position) {
            if (next < positions.size() && positions[next] == position)
                ++next;
            else
                rows.push_back(m_map.sourceRow(position));
        }
        relayout(std::move(rows), QAbstractItemModel::NoLayoutChangeHint);
        return;
    }
    for (auto run = runs.rbegin(); run != runs.rend(); ++run) {
        beginRemoveRows({}, run->first, run->second);
        m_map.erase(run->first, run->second);
        endRemoveRows();
    }
}

// Shows hidden `sourceRows` in their places.
void FlatSortFilterProxy::showRows(std::vector<int> sourceRows)
{
    if (sourceRows.empty())
        return;
    const auto less = order(qsizetype(sourceRows.size()));
    std::sort(sourceRows.begin(), sourceRows.end(), less);
    const std::vector<int> &shown = m_map.rows();
    // (position in the rows shown now, rows to insert there)
    std::vector<std::pair<int, std::vector<int>>> runs;
    for (const int row : sourceRows) {
        const auto from = runs.empty() ? shown.begin() : shown.begin() + runs.back().first;
        const int at = int(std::upper_bound(from, shown.end(), row, less) - shown.begin());
        if (runs.empty() || runs.back().first != at)
            runs.emplace_back(at, std::vector<int>());
        runs.back().second.push_back(row);
    }
    if (qsizetype(runs.size()) > maxRuns) {
        std::vector<int> rows(shown.size() + sourceRows.size());
        std::merge(shown.begin(), shown.end(), sourceRows.begin(), sourceRows.end(), rows.begin(), less);
        relayout(std::move(rows), QAbstractItemModel::NoLayoutChangeHint);
        return;
    }
    // From the last run back, so that the earlier runs' positions still hold.
    for (auto run = runs.rbegin(); run != runs.rend(); ++run) {
        beginInsertRows({}, run->first, run->first + int(run->second.size()) - 1);
        m_map.insert(run->first, run->second);
        endInsertRows();
    }
}

// The rows changed their sort keys: each goes back to its place, one row move for a single row (its
// persistent indexes follow), one layout change for several.
void FlatSortFilterProxy::reposition(const std::vector<int> &sourceRows)
{
    if (sourceRows.size() == 1) {
        moveIntoPlace(sourceRows.front());
        return;
    }
    const auto less = order(qsizetype(sourceRows.size()));
    const std::vector<int> &shown = m_map.rows();
    const auto inPlace = [&](int row) {
        const int at = m_map.proxyRow(row);
        return (at == 0 || less(shown[size_t(at) - 1], row)) &&
               (at + 1 == m_map.size() || less(row, shown[size_t(at) + 1]));
    };
    // Only these rows changed, so if each is in order with its neighbours, all rows are.
    if (std::all_of(sourceRows.begin(), sourceRows.end(), inPlace))
        return;
    std::vector<int> moved = sourceRows;
    std::sort(moved.begin(), moved.end(), less);
    std::vector<bool> isMoved(shown.size(), false);
    for (const int row : moved)
        isMoved[size_t(m_map.proxyRow(row))] = true;
    std::vector<int> others;
    others.reserve(shown.size() - moved.size());
    for (size_t at = 0; at < shown.size(); ++at)
        if (!isMoved[at])
            others.push_back(shown[at]);
    std::vector<int> rows(shown.size());
    std::merge(others.begin(), others.end(), moved.begin(), moved.end(), rows.begin(), less);
    relayout(std::move(rows), QAbstractItemModel::VerticalSortHint);
}

void FlatSortFilterProxy::moveIntoPlace(int sourceRow)
{
    const auto less = order(0);
    const std::vector<int> &shown = m_map.rows();
    const int from = m_map.proxyRow(sourceRow);
    if (from > 0 && less(sourceRow, shown[size_t(from) - 1])) {
        const int to =
            int(std::upper_bound(shown.begin(), shown.begin() + from, sourceRow, less) - shown.begin());
        beginMoveRows({}, from, from, {}, to);
        m_map.move(from, to);
        endMoveRows();
    } else if (from + 1 < m_map.size() && less(shown[size_t(from) + 1], sourceRow)) {
        // Qt counts the destination before the move: the row lands just before `before`.
        const int before =
            int(std::upper_bound(shown.begin() + from + 1, shown.end(), sourceRow, less) - shown.begin());
        beginMoveRows({}, from, from, {}, before);
        m_map.move(from, before - 1);
        endMoveRows();
    }
}

void FlatSortFilterProxy::onRowsInserted(const QModelIndex &parent, int first, int last)
{
    if (parent.isValid())
        return;
    ++m_version;
    m_map.sourceRowsInserted(first, last - first + 1);
    std::vector<int> show;
    for (int row = first; row <= last; ++row)
        if (acceptsRow(row))
            show.push_back(row);
    showRows(std::move(show));
}

void FlatSortFilterProxy::onRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last)
{
    if (parent.isValid())
        return;
    ++m_version;
    std::vector<int> positions;
    for (int row = first; row <= last; ++row)
        if (const int at = m_map.proxyRow(row); at >= 0)
            positions.push_back(at);
    std::sort(positions.begin(), positions.end());
    hideRows(positions);
}

void FlatSortFilterProxy::onRowsRemoved(const QModelIndex &parent, int first, int last)
{
    if (!parent.isValid())
        m_map.sourceRowsRemoved(first, last - first + 1);
}

void FlatSortFilterProxy::onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                                        const QList<int> &roles)
{
    if (!topLeft.isValid() || topLeft.parent().isValid())
        return;
    const bool refilter = rolesAffectFilter(roles);
    const bool resort =
        m_sortColumn >= topLeft.column() && m_sortColumn <= bottomRight.column() && rolesAffectOrder(roles);
    if (!refilter && !resort && topLeft.row() == 0 && bottomRight.row() == sourceModel()->rowCount() - 1) {
        // Every row, nothing that moves rows (ages ticking on): every row shown changed.
        if (m_map.size() > 0)
            emit dataChanged(index(0, topLeft.column()), index(m_map.size() - 1, bottomRight.column()),
                             roles);
        return;
    }
    ++m_version;
    std::vector<int> hide;
    std::vector<int> show;
    std::vector<int> stay;
    for (int row = topLeft.row(); row <= bottomRight.row(); ++row) {
        const int at = m_map.proxyRow(row);
        const bool accepted = refilter ? acceptsRow(row) : at >= 0;
        if (at >= 0 && !accepted)
            hide.push_back(at);
        else if (at < 0 && accepted)
            show.push_back(row);
        else if (at >= 0)
            stay.push_back(row);
    }
    std::sort(hide.begin(), hide.end());
    hideRows(hide);
    if (resort)
        reposition(stay);
    showRows(std::move(show));

    std::vector<int> positions;
    positions.reserve(stay.size());
    for (const int row : stay)
        positions.push_back(m_map.proxyRow(row));
    std::sort(positions.begin(), positions.end());
    for (const auto &[first, last] : ProxyRowMap::runs(positions))
        emit dataChanged(index(first, topLeft.column()), index(last, bottomRight.column()), roles);
}

void FlatSortFilterProxy::onLayoutAboutToBeChanged()
{
    ++m_version;
    emit layoutAboutToBeChanged();
    m_layoutFrom = persistentIndexList();
    m_layoutSources.clear();
    for (const QModelIndex &index : std::as_const(m_layoutFrom))
        m_layoutSources << QPersistentModelIndex(mapToSource(index));
}

void FlatSortFilterProxy::onLayoutChanged()
{
    rebuild();
    QModelIndexList to;
    for (const QPersistentModelIndex &source : std::as_const(m_layoutSources))
        to << mapFromSource(source);
    changePersistentIndexList(m_layoutFrom, to);
    m_layoutFrom.clear();
    m_layoutSources.clear();
    emit layoutChanged();
}
