#include "models/sandboxlistmodel.h"

#include "models/displaytext.h"
#include "models/relativetime.h"
#include "models/sandboxordering.h"
#include "models/statuskind.h"

#include <algorithm>
#include <bit>

using namespace Qt::StringLiterals;

struct SandboxListModel::Row
{
    SandboxSummary summary;
    QString searchText;
    qsizetype slot = -1; // position in m_rows; -1 while a new row waits to be inserted
    quint32 seen = 0;    // the last snapshot generation that listed this row
    bool busy = false;
};

namespace {

// The columns whose cells differ between two versions of a row, one bit per column; 0 when equal.
unsigned changedColumns(const SandboxSummary &a, const SandboxSummary &b)
{
    unsigned columns = 0;
    const auto mark = [&columns](bool differs, int column) {
        if (differs)
            columns |= 1u << column;
    };
    mark(a.serverName != b.serverName, SandboxListModel::ServerColumn); // a change of case shows
    mark(a.sandboxId != b.sandboxId, SandboxListModel::SandboxIdColumn);
    mark(a.status != b.status, SandboxListModel::StatusColumn);
    mark(a.benchmark != b.benchmark, SandboxListModel::BenchmarkColumn);
    mark(a.tags != b.tags, SandboxListModel::TagsColumn);
    mark(a.updatedAt != b.updatedAt || a.updatedAtText != b.updatedAtText, SandboxListModel::UpdatedColumn);
    return columns;
}

} // namespace

SandboxListModel::SandboxListModel(QObject *parent) : QAbstractTableModel(parent) {}

SandboxListModel::~SandboxListModel() = default;

int SandboxListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(qsizetype(m_rows.size()) - m_gapSize);
}

int SandboxListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SandboxListModel::data(const QModelIndex &index, int role) const
{
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid));
    if (!index.isValid())
        return {};
    const Row &row = *rowAt(index.row());
    const SandboxSummary &s = row.summary;
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case ServerColumn:
            return DisplayText::visible(s.serverName);
        case SandboxIdColumn:
            return DisplayText::visible(s.sandboxId);
        case StatusColumn:
            return DisplayText::visible(s.status);
        case BenchmarkColumn:
            return DisplayText::visible(s.benchmark);
        case TagsColumn:
            return DisplayText::visible(s.tags.join(u", "_s));
        case UpdatedColumn:
            // An unparsable time is shown as it came rather than hidden.
            return s.updatedAt.isValid() ? RelativeTime::relativeAge(s.updatedAt, now())
                                         : DisplayText::visible(s.updatedAtText);
        }
        return {};
    case Qt::ToolTipRole:
        if (column == UpdatedColumn)
            return s.updatedAt.isValid() ? RelativeTime::absoluteTime(s.updatedAt)
                                         : DisplayText::visible(s.updatedAtText);
        if (column == TagsColumn && !s.tags.isEmpty())
            return DisplayText::visible(s.tags.join(u", "_s));
        return {};
    case SandboxIdRole:
        return s.sandboxId;
    case ServerNameRole:
        return s.serverName;
    case StatusRole:
        return s.status;
    case BenchmarkRole:
        return s.benchmark;
    case TagsRole:
        return s.tags;
    case UpdatedAtRole:
        return s.updatedAt;
    case BusyRole:
        return row.busy;
    case StatusKindRole:
        return int(StatusKind::of(s.status));
    case SortRole:
        if (column == UpdatedColumn)
            return s.updatedAt;
        if (column == TagsColumn) {
            // Entry by entry, as SandboxOrdering compares them: joined, "team b" would sort before "team,
            // ci".
            QStringList tags;
            for (const QString &tag : s.tags)
                tags.append(tag.toLower());
            return tags;
        }
        return data(index, Qt::DisplayRole).toString().toLower();
    }
    return {};
}

QVariant SandboxListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ServerColumn:
        return tr("Server");
    case SandboxIdColumn:
        return tr("Sandbox ID");
    case StatusColumn:
        return tr("Status");
    case BenchmarkColumn:
        return tr("Benchmark");
    case TagsColumn:
        return tr("Tags");
    case UpdatedColumn:
        return tr("Updated");
    }
    return {};
}

QHash<int, QByteArray> SandboxListModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(SandboxIdRole, "sandboxId");
    names.insert(ServerNameRole, "serverName");
    names.insert(StatusRole, "status");
    names.insert(BenchmarkRole, "benchmark");
    names.insert(TagsRole, "tags");
    names.insert(UpdatedAtRole, "updatedAt");
    names.insert(SortRole, "sortValue");
    names.insert(BusyRole, "busy");
    names.insert(StatusKindRole, "statusKind");
    return names;
}

void SandboxListModel::applySnapshot(const QList<SandboxSummary> &sandboxes)
{
    const quint32 generation = ++m_generation;
    const bool hadRows = rowCount() > 0;
    std::vector<Change> changed;
    std::vector<std::unique_ptr<Row>> added;
    qsizetype matched = 0;
    if (m_index.capacity() < sandboxes.size())
        m_index.reserve(sandboxes.size()); // one growth instead of a dozen rehashes on the first load

    // Pass 1: match every entry to its row. One hash lookup per entry: operator[] inserts a null slot
    // for a new key, which then receives the new row.
    for (const SandboxSummary &item : sandboxes) {
        Row *&slot = m_index[SandboxKey{item.serverName, item.sandboxId}];
        if (!slot) {
            auto row = std::make_unique<Row>();
            row->summary = item;
            row->seen = generation;
            slot = row.get();
            added.push_back(std::move(row));
        } else if (slot->seen != generation) {
            slot->seen = generation;
            ++matched;
            if (const unsigned columns = changedColumns(slot->summary, item))
                changed.push_back({slot, &item, columns});
        }
    }

    // Pass 2: rows the snapshot no longer lists.
    if (matched < qsizetype(m_rows.size()))
        removeUnseen(generation);

    QList<SandboxKey> refreshed;
    if (hadRows) {
        refreshed.reserve(qsizetype(changed.size()) + qsizetype(added.size()));
        for (const Change &change : changed)
            refreshed.append({change.item->serverName, change.item->sandboxId});
        for (const auto &row : added)
            refreshed.append({row->summary.serverName, row->summary.sandboxId});
    }

    // Pass 3: changed rows.
    applyChanges(changed);

    // Pass 4: new rows, appended in the snapshot's order in one range.
    if (!added.empty()) {
        for (const auto &row : added)
            row->searchText = m_facets.adopt(&row->summary);
        const int first = rowCount();
        beginInsertRows({}, first, first + int(added.size()) - 1);
        m_rows.reserve(m_rows.size() + added.size());
        for (auto &row : added) {
            row->slot = qsizetype(m_rows.size());
            m_rows.push_back(std::move(row));
        }
        m_rankColumn = -1;
        endInsertRows();
    }

    if (m_facets.takeChanged())
        emit facetsChanged();
    if (!refreshed.isEmpty())
        emit rowsRefreshed(refreshed);
}

// One dataChanged per run of adjacent rows, over the columns that changed in the run only: a status
// change then leaves a proxy sorted by another column nothing to re-sort. Each run changes just before
// its signal, so that a sorting proxy sees one run of rows out of place at a time, never rows whose
// change it has not been told about yet.
void SandboxListModel::applyChanges(std::vector<Change> &changed)
{
    std::sort(changed.begin(), changed.end(),
              [](const Change &a, const Change &b) { return a.row->slot < b.row->slot; });
    for (size_t first = 0; first < changed.size();) {
        size_t end = first + 1;
        while (end < changed.size() && changed[end].row->slot == changed[end - 1].row->slot + 1)
            ++end;
        unsigned columns = 0;
        for (size_t i = first; i < end; ++i) {
            Row &row = *changed[i].row;
            const SandboxSummary old = std::exchange(row.summary, *changed[i].item);
            row.searchText = m_facets.adopt(&row.summary);
            m_facets.forget(old);
            columns |= changed[i].columns;
        }
        m_rankColumn = -1;
        const int firstColumn = std::countr_zero(columns);
        const int lastColumn = int(sizeof(unsigned) * 8) - 1 - std::countl_zero(columns);
        emit dataChanged(index(int(changed[first].row->slot), firstColumn),
                         index(int(changed[end - 1].row->slot), lastColumn));
        first = end;
    }
}

void SandboxListModel::removeUnseen(quint32 generation)
{
    const qsizetype count = qsizetype(m_rows.size());
    qsizetype write = 0; // rows before it are compacted and final
    qsizetype read = 0;  // rows from it on have not been looked at
    while (read < count) {
        qsizetype first = read;
        while (first < count && m_rows[first]->seen == generation)
            ++first;
        if (first == count)
            break;
        qsizetype last = first;
        while (last + 1 < count && m_rows[last + 1]->seen != generation)
            ++last;
        // Move the kept rows before the range across the gap, so that the gap ends where it starts.
        for (qsizetype i = read; i < first; ++i, ++write) {
            if (i != write) {
                m_rows[write] = std::move(m_rows[i]);
                m_rows[write]->slot = write;
            }
        }
        m_gapStart = write;
        m_gapSize = first - write;
        beginRemoveRows({}, int(write), int(write + last - first));
        for (qsizetype i = first; i <= last; ++i) {
            m_facets.forget(m_rows[i]->summary);
            m_index.remove(SandboxKey{m_rows[i]->summary.serverName, m_rows[i]->summary.sandboxId});
            m_rows[i].reset();
        }
        read = last + 1;
        m_gapSize = read - write;
        m_rankColumn = -1;
        endRemoveRows();
    }
    for (qsizetype i = read; i < count; ++i, ++write) {
        if (i != write) {
            m_rows[write] = std::move(m_rows[i]);
            m_rows[write]->slot = write;
        }
    }
    m_rows.resize(size_t(write));
    m_gapStart = 0;
    m_gapSize = 0;
}

void SandboxListModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_index.clear();
    m_facets.clear();
    m_rankColumn = -1;
    endResetModel();
    if (m_facets.takeChanged())
        emit facetsChanged();
}

SandboxListModel::Row *SandboxListModel::rowAt(int row) const
{
    Q_ASSERT(row >= 0 && row < rowCount());
    return m_rows[size_t(row < m_gapStart ? row : row + m_gapSize)].get();
}

int SandboxListModel::logicalRow(const Row &row) const
{
    if (row.slot < 0)
        return -1;
    return int(row.slot < m_gapStart ? row.slot : row.slot - m_gapSize);
}

const SandboxSummary &SandboxListModel::sandboxAt(int row) const
{
    return rowAt(row)->summary;
}

const QString &SandboxListModel::searchText(int row) const
{
    return rowAt(row)->searchText;
}

bool SandboxListModel::isBusy(int row) const
{
    return rowAt(row)->busy;
}

int SandboxListModel::rowOf(const QString &serverName, const QString &sandboxId) const
{
    const Row *row = m_index.value(SandboxKey{serverName, sandboxId});
    return row ? logicalRow(*row) : -1;
}

int SandboxListModel::compareRows(int leftRow, int rightRow, int column) const
{
    return SandboxOrdering::compare(rowAt(leftRow)->summary, rowAt(rightRow)->summary, column);
}

const std::vector<quint32> &SandboxListModel::sortRanks(int column) const
{
    if (m_rankColumn != column) {
        m_ranks = SandboxOrdering::ranks(
            rowCount(), column, [this](int row) -> const SandboxSummary & { return sandboxAt(row); });
        m_rankColumn = column;
    }
    return m_ranks;
}

void SandboxListModel::setBusy(const QString &serverName, const QString &sandboxId, bool busy)
{
    const int row = rowOf(serverName, sandboxId);
    if (row < 0 || rowAt(row)->busy == busy)
        return;
    rowAt(row)->busy = busy;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1), {BusyRole});
}

QStringList SandboxListModel::knownServers() const
{
    return m_facets.servers();
}

QStringList SandboxListModel::knownBenchmarks() const
{
    return m_facets.benchmarks();
}

QStringList SandboxListModel::knownStatuses() const
{
    return m_facets.statuses();
}

QStringList SandboxListModel::knownTags() const
{
    return m_facets.tags();
}

void SandboxListModel::setReferenceTime(const QDateTime &now)
{
    m_referenceTime = now;
    refreshAges();
}

void SandboxListModel::refreshAges()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, UpdatedColumn), index(rowCount() - 1, UpdatedColumn),
                         {Qt::DisplayRole, Qt::ToolTipRole});
}

QDateTime SandboxListModel::now() const
{
    return m_referenceTime.isValid() ? m_referenceTime : QDateTime::currentDateTimeUtc();
}
