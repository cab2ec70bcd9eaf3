#include "models/sandboxlistmodel.h"

#include "models/displaytext.h"
#include "models/relativetime.h"
#include "models/sandboxordering.h"
#include "models/sandboxsnapshotapplier.h"
#include "models/statuskind.h"

using namespace Qt::StringLiterals;

SandboxListModel::SandboxListModel(QObject *parent)
    : QAbstractTableModel(parent), m_applier(std::make_unique<SandboxSnapshotApplier>(*this))
{}

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
    m_applier->applyAtOnce(sandboxes);
}

void SandboxListModel::applySnapshotInSteps(const QList<SandboxSummary> &sandboxes)
{
    m_applier->applyInSteps(sandboxes);
}

bool SandboxListModel::isApplying() const
{
    return m_applier->isApplying();
}

void SandboxListModel::setStore(const KlavisSandboxStore *store)
{
    if (m_store)
        disconnect(m_store, nullptr, this, nullptr);
    m_store = store;
    if (!store)
        return;
    connect(store, &SandboxStoreSignals::published, this, &SandboxListModel::followStore);
    connect(store, &SandboxStoreSignals::busyChanged, this, [this] { showBusyOf(m_store->busyKeys()); });
    // Rows a list adds while an action runs on them (an acquire's refresh) take its mark too.
    connect(this, &SandboxListModel::snapshotApplied, this, [this] { showBusyOf(m_store->busyKeys()); });
    followStore();
}

void SandboxListModel::followStore()
{
    if (!m_store->hasListed()) {
        m_busyShown.clear();
        clear();
        return;
    }
    applySnapshotInSteps(m_store->snapshot()->items);
}

void SandboxListModel::showBusyOf(const QSet<SandboxKey> &busy)
{
    for (const SandboxKey &key : std::as_const(m_busyShown)) {
        if (!busy.contains(key))
            setBusy(key.serverName, key.sandboxId, false);
    }
    for (const SandboxKey &key : busy)
        setBusy(key.serverName, key.sandboxId, true);
    m_busyShown = busy;
}

void SandboxListModel::clear()
{
    m_applier->drop();
    beginResetModel();
    m_rows.clear();
    m_gapStart = 0;
    m_gapSize = 0;
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

std::function<std::vector<quint32>()> SandboxListModel::rankTask(int column) const
{
    return SandboxOrdering::rankTask(rowCount(), column,
                                     [this](int row) -> const SandboxSummary & { return sandboxAt(row); });
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
