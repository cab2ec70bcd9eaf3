#include "sandboxlistmodel.h"

#include "relativetime.h"

#include <QVarLengthArray>

#include <algorithm>
#include <limits>

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

constexpr QChar fieldSeparator = u'\x1f'; // keeps a search from matching across two fields

int compareText(const QString &a, const QString &b)
{
    return a.compare(b, Qt::CaseInsensitive);
}

int compareTags(const QStringList &a, const QStringList &b)
{
    const qsizetype common = std::min(a.size(), b.size());
    for (qsizetype i = 0; i < common; ++i)
        if (const int order = compareText(a[i], b[i]); order != 0)
            return order;
    return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

int compareTimes(const QDateTime &a, const QDateTime &b)
{
    // Unknown times sort before every known one.
    const qint64 left = a.isValid() ? a.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min();
    const qint64 right = b.isValid() ? b.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min();
    return left < right ? -1 : (left > right ? 1 : 0);
}

} // namespace

SandboxListModel::SandboxListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

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
            return s.serverName;
        case SandboxIdColumn:
            return s.sandboxId;
        case StatusColumn:
            return s.status;
        case BenchmarkColumn:
            return s.benchmark;
        case TagsColumn:
            return s.tags.join(u", "_s);
        case UpdatedColumn:
            // An unparsable time is shown as it came rather than hidden.
            return s.updatedAt.isValid() ? RelativeTime::relativeAge(s.updatedAt, now()) : s.updatedAtText;
        }
        return {};
    case Qt::ToolTipRole:
        if (column == UpdatedColumn)
            return s.updatedAt.isValid() ? RelativeTime::absoluteTime(s.updatedAt) : s.updatedAtText;
        if (column == TagsColumn && !s.tags.isEmpty())
            return s.tags.join(u", "_s);
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
    case SortRole:
        if (column == UpdatedColumn)
            return s.updatedAt;
        if (column == TagsColumn)
            return s.tags.join(u", "_s).toLower();
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
    return names;
}

void SandboxListModel::applySnapshot(const QList<SandboxSummary> &sandboxes)
{
    const quint32 generation = ++m_generation;
    std::vector<std::pair<Row *, const SandboxSummary *>> changed;
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
            if (!(slot->summary == item))
                changed.emplace_back(slot, &item);
        }
    }

    // Pass 2: rows the snapshot no longer lists.
    if (matched < qsizetype(m_rows.size()))
        removeUnseen(generation);

    // Pass 3: changed rows, in row order, one dataChanged per contiguous run.
    std::sort(changed.begin(), changed.end(),
              [](const auto &a, const auto &b) { return a.first->slot < b.first->slot; });
    for (const auto &[row, item] : changed) {
        const SandboxSummary old = std::exchange(row->summary, *item);
        adopt(*row);
        forget(old);
    }
    for (size_t i = 0; i < changed.size();) {
        size_t end = i + 1;
        while (end < changed.size() && changed[end].first->slot == changed[end - 1].first->slot + 1)
            ++end;
        emit dataChanged(index(int(changed[i].first->slot), 0),
                         index(int(changed[end - 1].first->slot), ColumnCount - 1));
        i = end;
    }

    // Pass 4: new rows, appended in the snapshot's order in one range.
    if (!added.empty()) {
        for (const auto &row : added)
            adopt(*row);
        const int first = rowCount();
        beginInsertRows({}, first, first + int(added.size()) - 1);
        m_rows.reserve(m_rows.size() + added.size());
        for (auto &row : added) {
            row->slot = qsizetype(m_rows.size());
            m_rows.push_back(std::move(row));
        }
        endInsertRows();
    }

    if (takeFacetsChanged())
        emit facetsChanged();
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
            forget(m_rows[i]->summary);
            m_index.remove(SandboxKey{m_rows[i]->summary.serverName, m_rows[i]->summary.sandboxId});
            m_rows[i].reset();
        }
        read = last + 1;
        m_gapSize = read - write;
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

// Interns the row's repeated strings and builds its search text; forget() undoes the counting.
void SandboxListModel::adopt(Row &row)
{
    SandboxSummary &s = row.summary;
    const auto server = m_servers.acquire(s.serverName);
    const auto status = m_statuses.acquire(s.status);
    const auto benchmark = m_benchmarks.acquire(s.benchmark);
    s.serverName = server.value;
    s.status = status.value;
    s.benchmark = benchmark.value;
    const QString id = s.sandboxId.toLower(); // shares the string when it is already lower case

    QVarLengthArray<QString, 4> tags;
    qsizetype length = server.lower.size() + id.size() + status.lower.size() + benchmark.lower.size() + 3;
    for (const QString &tag : std::as_const(s.tags)) {
        tags.append(m_tags.acquire(tag).lower);
        length += tags.back().size() + 1;
    }
    QString text;
    text.reserve(length);
    text.append(server.lower).append(fieldSeparator).append(id).append(fieldSeparator);
    text.append(status.lower).append(fieldSeparator).append(benchmark.lower);
    for (const QString &tag : tags)
        text.append(fieldSeparator).append(tag);
    row.searchText = std::move(text);
}

void SandboxListModel::forget(const SandboxSummary &summary)
{
    m_servers.release(summary.serverName);
    m_statuses.release(summary.status);
    m_benchmarks.release(summary.benchmark);
    for (const QString &tag : summary.tags)
        m_tags.release(tag);
}

bool SandboxListModel::takeFacetsChanged()
{
    // Every counter's flag is taken, so none carries a stale "changed" into the next snapshot.
    const bool servers = m_servers.takeChanged();
    const bool statuses = m_statuses.takeChanged();
    const bool benchmarks = m_benchmarks.takeChanged();
    const bool tags = m_tags.takeChanged();
    return servers || statuses || benchmarks || tags;
}

void SandboxListModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_index.clear();
    m_servers.clear();
    m_statuses.clear();
    m_benchmarks.clear();
    m_tags.clear();
    endResetModel();
    if (takeFacetsChanged())
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
    const SandboxSummary &a = rowAt(leftRow)->summary;
    const SandboxSummary &b = rowAt(rightRow)->summary;
    switch (column) {
    case ServerColumn:
        return compareText(a.serverName, b.serverName);
    case SandboxIdColumn:
        return compareText(a.sandboxId, b.sandboxId);
    case StatusColumn:
        return compareText(a.status, b.status);
    case BenchmarkColumn:
        return compareText(a.benchmark, b.benchmark);
    case TagsColumn:
        return compareTags(a.tags, b.tags);
    case UpdatedColumn:
        return compareTimes(a.updatedAt, b.updatedAt);
    }
    return 0;
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
    return m_servers.values();
}

QStringList SandboxListModel::knownBenchmarks() const
{
    return m_benchmarks.values();
}

QStringList SandboxListModel::knownStatuses() const
{
    return m_statuses.values();
}

QStringList SandboxListModel::knownTags() const
{
    return m_tags.values();
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
