#include "models/blaxelsandboxlistmodel.h"

#include "api/blaxelstatus.h"
#include "models/blaxelsandboxtext.h"
#include "models/displaytext.h"
#include "models/relativetime.h"

#include <algorithm>
#include <bit>

using namespace Qt::StringLiterals;

namespace {

// Two countdowns read a few seconds apart (and rounded by the server) differ by that much without news.
constexpr qint64 countdownToleranceSeconds = 5;

} // namespace

BlaxelSandboxListModel::BlaxelSandboxListModel(QObject *parent) : QAbstractTableModel(parent) {}

BlaxelSandboxListModel::~BlaxelSandboxListModel() = default;

int BlaxelSandboxListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int BlaxelSandboxListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString BlaxelSandboxListModel::shownStatus(int row) const
{
    return shownStatus(m_rows[size_t(row)]);
}

QString BlaxelSandboxListModel::shownStatus(const Row &row) const
{
    const BlaxelSandbox &sandbox = row.sandbox;
    if (m_deleting.contains(sandbox.name) && BlaxelStatus::of(sandbox.status) != BlaxelStatus::Gone)
        return BlaxelStatus::deleting();
    return sandbox.status;
}

QVariant BlaxelSandboxListModel::display(const Row &row, int column) const
{
    const BlaxelSandbox &s = row.sandbox;
    switch (column) {
    case NameColumn:
        return DisplayText::visible(s.name);
    case DisplayNameColumn:
        return DisplayText::visible(s.displayName);
    case StatusColumn:
        return DisplayText::visible(shownStatus(row));
    case StateColumn:
        return DisplayText::visible(s.state);
    case RegionColumn:
        return DisplayText::visible(s.region);
    case ImageColumn:
        return DisplayText::visible(s.image);
    case MemoryColumn:
        return BlaxelSandboxText::memory(s.memoryMb);
    case LabelsColumn:
        return BlaxelSandboxText::labels(s.labels).join(u", "_s);
    case CreatedColumn:
        return RelativeTime::relativeAge(s.createdAt, now());
    case LastUsedColumn:
        return RelativeTime::relativeAge(s.lastUsedAt, now());
    case ExpiresInColumn:
        return row.expiresAt.isValid() ? BlaxelSandboxText::expiresIn(now().secsTo(row.expiresAt))
                                       : QString();
    }
    return {};
}

QVariant BlaxelSandboxListModel::sortValue(const Row &row, int column) const
{
    const BlaxelSandbox &s = row.sandbox;
    switch (column) {
    case MemoryColumn:
        return s.memoryMb;
    case CreatedColumn:
        return s.createdAt;
    case LastUsedColumn:
        return s.lastUsedAt;
    case ExpiresInColumn:
        return row.expiresAt;
    default:
        return display(row, column).toString().toLower();
    }
}

QVariant BlaxelSandboxListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[size_t(index.row())];
    const BlaxelSandbox &s = row.sandbox;
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(row, column);
    case Qt::ToolTipRole:
        switch (column) {
        case CreatedColumn:
            return RelativeTime::absoluteTime(s.createdAt);
        case LastUsedColumn:
            return RelativeTime::absoluteTime(s.lastUsedAt);
        case ExpiresInColumn:
            return RelativeTime::absoluteTime(row.expiresAt);
        case LabelsColumn:
        case ImageColumn:
        case DisplayNameColumn:
            return display(row, column);
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == MemoryColumn || column == ExpiresInColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case NameRole:
        return s.name;
    case StatusRole:
        return shownStatus(row);
    case StatusKindRole:
        return int(BlaxelStatus::of(shownStatus(row)));
    case LabelsRole:
        return BlaxelSandboxText::labels(s.labels);
    case SortRole:
        return sortValue(row, column);
    case DeletingRole:
        return m_deleting.contains(s.name);
    case SearchTextRole:
        return row.searchText;
    case ExpiresAtRole:
        return row.expiresAt;
    }
    return {};
}

QVariant BlaxelSandboxListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QString title = BlaxelSandboxText::columnTitle(section);
    return title.isEmpty() ? QVariant() : QVariant(title);
}

BlaxelSandboxListModel::Row BlaxelSandboxListModel::makeRow(const BlaxelSandbox &sandbox) const
{
    Row row;
    row.sandbox = sandbox;
    if (sandbox.expiresInSeconds)
        row.expiresAt = now().addSecs(*sandbox.expiresInSeconds);
    else if (!sandbox.expires.isEmpty())
        row.expiresAt = QDateTime::fromString(sandbox.expires, Qt::ISODateWithMs);
    QStringList parts{sandbox.name, sandbox.displayName};
    for (auto it = sandbox.labels.cbegin(); it != sandbox.labels.cend(); ++it)
        parts << it.key() + u'=' + it.value();
    row.searchText = parts.join(u'\n').toLower();
    return row;
}

unsigned BlaxelSandboxListModel::changedColumns(const Row &before, const Row &after) const
{
    const BlaxelSandbox &a = before.sandbox;
    const BlaxelSandbox &b = after.sandbox;
    unsigned columns = 0;
    const auto mark = [&columns](bool differs, int column) {
        if (differs)
            columns |= 1u << column;
    };
    mark(a.name != b.name, NameColumn);
    mark(a.displayName != b.displayName, DisplayNameColumn);
    mark(a.status != b.status, StatusColumn);
    mark(a.state != b.state, StateColumn);
    mark(a.region != b.region, RegionColumn);
    mark(a.image != b.image, ImageColumn);
    mark(a.memoryMb != b.memoryMb, MemoryColumn);
    mark(a.labels != b.labels, LabelsColumn);
    mark(a.createdAt != b.createdAt, CreatedColumn);
    mark(a.lastUsedAt != b.lastUsedAt, LastUsedColumn);
    const bool countdownMoved =
        before.expiresAt.isValid() != after.expiresAt.isValid() ||
        (before.expiresAt.isValid() &&
         std::abs(before.expiresAt.secsTo(after.expiresAt)) > countdownToleranceSeconds);
    mark(countdownMoved, ExpiresInColumn);
    return columns;
}

void BlaxelSandboxListModel::replaceRow(int row, Row fresh, unsigned columns)
{
    Row &current = m_rows[size_t(row)];
    if (!(columns & (1u << ExpiresInColumn)))
        fresh.expiresAt = current.expiresAt; // the countdown shown stays steady
    current = std::move(fresh);
    if (columns == 0) {
        // Nothing a cell shows changed; the details (events, envs) may have.
        return;
    }
    const int first = std::countr_zero(columns);
    const int last = int(sizeof(unsigned) * 8) - 1 - std::countl_zero(columns);
    emit dataChanged(index(row, first), index(row, last));
}

void BlaxelSandboxListModel::setStore(const BlaxelSandboxStore *store)
{
    if (m_store)
        disconnect(m_store, nullptr, this, nullptr);
    m_store = store;
    if (!store)
        return;
    connect(store, &SandboxStoreSignals::published, this, &BlaxelSandboxListModel::followStore);
    connect(store, &SandboxStoreSignals::busyChanged, this, [this] { showDeletingOf(m_store->busyKeys()); });
    followStore();
}

void BlaxelSandboxListModel::followStore()
{
    if (!m_store->hasListed()) {
        clear();
        return;
    }
    applySnapshot(m_store->snapshot()->items);
    showDeletingOf(m_store->busyKeys());
}

void BlaxelSandboxListModel::showDeletingOf(const QSet<QString> &busy)
{
    const QSet<QString> shown = m_deleting;
    for (const QString &name : shown) {
        if (!busy.contains(name))
            setDeleting(name, false);
    }
    for (const QString &name : busy)
        setDeleting(name, true);
}

void BlaxelSandboxListModel::applySnapshot(const QList<BlaxelSandbox> &sandboxes)
{
    const bool hadRows = !m_rows.empty();
    QHash<QString, const BlaxelSandbox *> incoming;
    incoming.reserve(sandboxes.size());
    QList<const BlaxelSandbox *> ordered;
    for (const BlaxelSandbox &sandbox : sandboxes) {
        if (sandbox.name.isEmpty() || incoming.contains(sandbox.name))
            continue;
        incoming.insert(sandbox.name, &sandbox);
        ordered << &sandbox;
    }

    // Removals from the back, one signal per run of adjacent rows.
    int row = int(m_rows.size()) - 1;
    bool removed = false;
    while (row >= 0) {
        if (incoming.contains(m_rows[size_t(row)].sandbox.name)) {
            --row;
            continue;
        }
        int first = row;
        while (first > 0 && !incoming.contains(m_rows[size_t(first - 1)].sandbox.name))
            --first;
        beginRemoveRows({}, first, row);
        for (int gone = first; gone <= row; ++gone)
            m_deleting.remove(m_rows[size_t(gone)].sandbox.name);
        m_rows.erase(m_rows.begin() + first, m_rows.begin() + row + 1);
        endRemoveRows();
        removed = true;
        row = first - 1;
    }
    if (removed)
        rebuildIndex();

    QStringList refreshed;
    std::vector<Row> added;
    for (const BlaxelSandbox *sandbox : std::as_const(ordered)) {
        Row fresh = makeRow(*sandbox);
        const auto it = m_index.constFind(sandbox->name);
        if (it == m_index.cend()) {
            added.push_back(std::move(fresh));
            refreshed << sandbox->name;
            continue;
        }
        const unsigned columns = changedColumns(m_rows[size_t(*it)], fresh);
        if (columns)
            refreshed << sandbox->name;
        replaceRow(*it, std::move(fresh), columns);
    }
    if (!added.empty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(added.size()) - 1);
        for (Row &fresh : added) {
            m_index.insert(fresh.sandbox.name, int(m_rows.size()));
            m_rows.push_back(std::move(fresh));
        }
        endInsertRows();
    }
    // A deletion whose sandbox is gone from the listing is over.
    for (auto it = m_deleting.begin(); it != m_deleting.end();) {
        if (!m_index.contains(*it))
            it = m_deleting.erase(it);
        else
            ++it;
    }
    updateStatuses();
    if (hadRows && !refreshed.isEmpty())
        emit rowsRefreshed(refreshed);
}

void BlaxelSandboxListModel::updateSandbox(const BlaxelSandbox &sandbox)
{
    if (sandbox.name.isEmpty())
        return;
    Row fresh = makeRow(sandbox);
    const int row = rowOf(sandbox.name);
    if (row < 0) {
        beginInsertRows({}, rowCount(), rowCount());
        m_index.insert(sandbox.name, rowCount());
        m_rows.push_back(std::move(fresh));
        endInsertRows();
    } else {
        const unsigned columns = changedColumns(m_rows[size_t(row)], fresh);
        replaceRow(row, std::move(fresh), columns);
    }
    updateStatuses();
}

void BlaxelSandboxListModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_index.clear();
    m_deleting.clear();
    endResetModel();
    updateStatuses();
}

const BlaxelSandbox &BlaxelSandboxListModel::sandboxAt(int row) const
{
    Q_ASSERT(row >= 0 && row < rowCount());
    return m_rows[size_t(row)].sandbox;
}

int BlaxelSandboxListModel::rowOf(const QString &name) const
{
    return m_index.value(name, -1);
}

void BlaxelSandboxListModel::setDeleting(const QString &name, bool deleting)
{
    const int row = rowOf(name);
    if (row < 0)
        return;
    if (deleting == m_deleting.contains(name))
        return;
    if (deleting)
        m_deleting.insert(name);
    else
        m_deleting.remove(name);
    emit dataChanged(index(row, StatusColumn), index(row, StatusColumn));
}

QStringList BlaxelSandboxListModel::knownStatuses() const
{
    return m_statuses;
}

void BlaxelSandboxListModel::updateStatuses()
{
    // The notes' words first, in their order, then any word this version does not know.
    QStringList present;
    for (const Row &row : m_rows) {
        const QString word = DisplayText::visible(row.sandbox.status.trimmed().toUpper());
        if (!word.isEmpty() && !present.contains(word))
            present << word;
    }
    QStringList statuses;
    for (const QString &word : BlaxelStatus::statuses()) {
        if (present.removeAll(word) > 0)
            statuses << word;
    }
    present.sort();
    statuses << present;
    if (statuses != m_statuses) {
        m_statuses = statuses;
        emit statusesChanged();
    }
}

void BlaxelSandboxListModel::rebuildIndex()
{
    m_index.clear();
    m_index.reserve(qsizetype(m_rows.size()));
    for (size_t row = 0; row < m_rows.size(); ++row)
        m_index.insert(m_rows[row].sandbox.name, int(row));
}

void BlaxelSandboxListModel::setReferenceTime(const QDateTime &now)
{
    m_referenceTime = now;
    tick();
}

void BlaxelSandboxListModel::tick()
{
    if (rowCount() == 0)
        return;
    const QList<int> roles{Qt::DisplayRole, Qt::ToolTipRole};
    emit dataChanged(index(0, CreatedColumn), index(rowCount() - 1, ExpiresInColumn), roles);
}

QDateTime BlaxelSandboxListModel::now() const
{
    return m_referenceTime.isValid() ? m_referenceTime : QDateTime::currentDateTimeUtc();
}
