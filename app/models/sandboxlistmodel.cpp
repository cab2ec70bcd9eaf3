#include "models/sandboxlistmodel.h"

#include "models/displaytext.h"
#include "models/relativetime.h"
#include "models/sandboxordering.h"
#include "models/statuskind.h"

#include <QElapsedTimer>
#include <QThreadPool>

#include <algorithm>
#include <bit>
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

SandboxListModel::SandboxListModel(QObject *parent)
    : QAbstractTableModel(parent), m_stepTimer(new QTimer(this))
{
    m_stepTimer->setSingleShot(true);
    m_stepTimer->setInterval(0);
    connect(m_stepTimer, &QTimer::timeout, this, &SandboxListModel::applyNextSteps);
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

// What an application of a snapshot has done so far, across its steps.
struct SandboxListModel::Application
{
    enum class Phase
    {
        Match,
        Remove,
        Change,
        Insert,
        Done
    };

    QList<SandboxSummary> sandboxes; // the snapshot; Change::item points into it
    quint32 generation = 0;
    bool hadRows = false;
    Phase phase = Phase::Match;
    qsizetype next = 0; // Match: entries matched; Change: changes applied; Insert: rows inserted
    qsizetype matched = 0;
    std::vector<Change> changed;
    std::vector<std::unique_ptr<Row>> added;
    QList<SandboxKey> refreshed;
    // Remove: rows before `write` are compacted and final, rows from `read` on not looked at yet.
    qsizetype count = 0;
    qsizetype write = 0;
    qsizetype read = 0;
};

namespace {

// Work between two looks at the clock: small enough that one unit stays far under a frame.
constexpr qsizetype matchBatch = 512;
constexpr qsizetype insertBatch = 1024;
// A step's share of a 16 ms frame, leaving the rest to painting and input.
constexpr qint64 stepBudgetNs = 6'000'000;

} // namespace

void SandboxListModel::applySnapshot(const QList<SandboxSummary> &sandboxes)
{
    // Never interleave: this snapshot supersedes the one under way and one waiting. The rows are consistent
    // between steps, so the half-applied one is dropped (never announced) rather than finished.
    dropApplication();
    startApplying(sandboxes);
    applySteps(std::numeric_limits<qint64>::max());
    m_applying.reset();
}

void SandboxListModel::applySnapshotInSteps(const QList<SandboxSummary> &sandboxes)
{
    if (m_applying) {
        m_waiting = std::make_unique<QList<SandboxSummary>>(sandboxes);
        return;
    }
    startApplying(sandboxes);
    m_stepTimer->start();
}

void SandboxListModel::dropApplication()
{
    m_stepTimer->stop();
    m_applying.reset();
    m_waiting.reset();
}

void SandboxListModel::applyNextSteps()
{
    if (!m_applying)
        return;
    if (!applySteps(stepBudgetNs)) {
        m_stepTimer->start();
        return;
    }
    releaseApplication();
    if (m_waiting) {
        const std::unique_ptr<QList<SandboxSummary>> next = std::move(m_waiting);
        startApplying(*next);
        m_stepTimer->start();
    }
    emit snapshotApplied();
}

void SandboxListModel::releaseApplication()
{
    const std::unique_ptr<Application> app = std::move(m_applying);
    // Freeing a snapshot of 100,000 summaries takes tens of milliseconds: a worker does it. The rows hold
    // copies of their own, so nothing here is shared with the GUI thread but reference counts.
    QThreadPool::globalInstance()->start(
        [sandboxes = std::move(app->sandboxes)]() mutable { sandboxes = {}; });
}

void SandboxListModel::startApplying(const QList<SandboxSummary> &sandboxes)
{
    m_applying = std::make_unique<Application>();
    Application &app = *m_applying;
    app.sandboxes = sandboxes;
    app.generation = ++m_generation;
    app.hadRows = rowCount() > 0;
    if (m_index.capacity() < sandboxes.size())
        m_index.reserve(sandboxes.size()); // one growth instead of a dozen rehashes on the first load
}

bool SandboxListModel::applySteps(qint64 budgetNs)
{
    Application &app = *m_applying;
    QElapsedTimer clock;
    clock.start();
    while (clock.nsecsElapsed() < budgetNs) {
        switch (app.phase) {
        case Application::Phase::Match: {
            // Every entry to its row, one hash lookup each: operator[] inserts a null slot for a new key,
            // which then receives the new row. Nothing the views see changes in this phase.
            const QList<SandboxSummary> &sandboxes = std::as_const(app.sandboxes);
            const qsizetype end = std::min(sandboxes.size(), app.next + matchBatch);
            for (; app.next < end; ++app.next) {
                const SandboxSummary &item = sandboxes.at(app.next);
                Row *&slot = m_index[SandboxKey{item.serverName, item.sandboxId}];
                if (!slot) {
                    auto row = std::make_unique<Row>();
                    row->summary = item;
                    row->seen = app.generation;
                    slot = row.get();
                    app.added.push_back(std::move(row));
                } else if (slot->seen != app.generation) {
                    slot->seen = app.generation;
                    ++app.matched;
                    if (const unsigned columns = changedColumns(slot->summary, item))
                        app.changed.push_back({slot, &item, columns});
                }
            }
            if (app.next < sandboxes.size())
                break;
            if (app.hadRows) {
                app.refreshed.reserve(qsizetype(app.changed.size()) + qsizetype(app.added.size()));
                for (const Change &change : app.changed)
                    app.refreshed.append({change.item->serverName, change.item->sandboxId});
                for (const auto &row : app.added)
                    app.refreshed.append({row->summary.serverName, row->summary.sandboxId});
            }
            app.count = qsizetype(m_rows.size());
            if (app.matched < app.count)
                app.phase = Application::Phase::Remove;
            else
                startChanges(app);
            break;
        }
        case Application::Phase::Remove:
            if (!removeNextUnseenRun(app))
                startChanges(app);
            break;
        case Application::Phase::Change:
            if (size_t(app.next) < app.changed.size()) {
                app.next = qsizetype(applyChangeRun(app.changed, size_t(app.next)));
                break;
            }
            app.next = 0;
            app.phase = Application::Phase::Insert;
            break;
        case Application::Phase::Insert: {
            // New rows, appended in the snapshot's order, a batch at a time.
            const qsizetype end = std::min(qsizetype(app.added.size()), app.next + insertBatch);
            if (app.next < end) {
                for (qsizetype i = app.next; i < end; ++i)
                    app.added[size_t(i)]->searchText = m_facets.adopt(&app.added[size_t(i)]->summary);
                const int first = rowCount();
                beginInsertRows({}, first, first + int(end - app.next) - 1);
                if (app.next == 0)
                    m_rows.reserve(m_rows.size() + app.added.size());
                for (; app.next < end; ++app.next) {
                    auto &row = app.added[size_t(app.next)];
                    row->slot = qsizetype(m_rows.size());
                    m_rows.push_back(std::move(row));
                }
                m_rankColumn = -1;
                endInsertRows();
                break;
            }
            app.phase = Application::Phase::Done;
            if (m_facets.takeChanged())
                emit facetsChanged();
            if (!app.refreshed.isEmpty())
                emit rowsRefreshed(app.refreshed);
            return true;
        }
        case Application::Phase::Done:
            return true;
        }
    }
    return false;
}

// Changes go out in row order, after the removals have settled each row's slot.
void SandboxListModel::startChanges(Application &app)
{
    std::sort(app.changed.begin(), app.changed.end(),
              [](const Change &a, const Change &b) { return a.row->slot < b.row->slot; });
    app.next = 0;
    app.phase = Application::Phase::Change;
}

// One dataChanged per run of adjacent rows, over the columns that changed in the run only: a status
// change then leaves a proxy sorted by another column nothing to re-sort. Each run changes just before
// its signal, so that a sorting proxy sees one run of rows out of place at a time, never rows whose
// change it has not been told about yet.
size_t SandboxListModel::applyChangeRun(const std::vector<Change> &changed, size_t first)
{
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
    return end;
}

// During the removal m_rows has a gap (m_gapStart, m_gapSize) that moves from the front to the back, so
// each row moves at most once however many runs are removed, and the model is consistent after each run,
// also between steps.
bool SandboxListModel::removeNextUnseenRun(Application &app)
{
    const quint32 generation = app.generation;
    const qsizetype count = app.count;
    qsizetype first = app.read;
    while (first < count && m_rows[first]->seen == generation)
        ++first;
    if (first == count) {
        for (qsizetype i = app.read; i < count; ++i, ++app.write) {
            if (i != app.write) {
                m_rows[app.write] = std::move(m_rows[i]);
                m_rows[app.write]->slot = app.write;
            }
        }
        m_rows.resize(size_t(app.write));
        m_gapStart = 0;
        m_gapSize = 0;
        return false;
    }
    qsizetype last = first;
    while (last + 1 < count && m_rows[last + 1]->seen != generation)
        ++last;
    // Move the kept rows before the run across the gap, so that the gap ends where the run starts.
    for (qsizetype i = app.read; i < first; ++i, ++app.write) {
        if (i != app.write) {
            m_rows[app.write] = std::move(m_rows[i]);
            m_rows[app.write]->slot = app.write;
        }
    }
    m_gapStart = app.write;
    m_gapSize = first - app.write;
    beginRemoveRows({}, int(app.write), int(app.write + last - first));
    for (qsizetype i = first; i <= last; ++i) {
        m_facets.forget(m_rows[i]->summary);
        m_index.remove(SandboxKey{m_rows[i]->summary.serverName, m_rows[i]->summary.sandboxId});
        m_rows[i].reset();
    }
    app.read = last + 1;
    m_gapSize = app.read - app.write;
    m_rankColumn = -1;
    endRemoveRows();
    return true;
}

void SandboxListModel::clear()
{
    dropApplication();
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
