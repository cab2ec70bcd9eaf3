#include "models/sandboxsnapshotapplier.h"

#include "models/sandboxlistmodel.h"

#include <QElapsedTimer>
#include <QThreadPool>

#include <algorithm>
#include <bit>
#include <limits>

struct SandboxSnapshotApplier::Change
{
    SandboxListModel::Row *row;
    const SandboxSummary *item; // the row's new content
    unsigned columns;           // one bit per column that differs
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

// What an application of a snapshot has done so far, across its steps.
struct SandboxSnapshotApplier::Application
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
    std::vector<std::unique_ptr<SandboxListModel::Row>> added;
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

SandboxSnapshotApplier::SandboxSnapshotApplier(SandboxListModel &model) : m_model(model)
{
    m_stepTimer.setSingleShot(true);
    m_stepTimer.setInterval(0);
    QObject::connect(&m_stepTimer, &QTimer::timeout, &m_stepTimer, [this] { applyNextSteps(); });
}

SandboxSnapshotApplier::~SandboxSnapshotApplier() = default;

void SandboxSnapshotApplier::applyAtOnce(const QList<SandboxSummary> &sandboxes)
{
    // Never interleave: this snapshot supersedes the one under way and one waiting. The rows are consistent
    // between steps, so the half-applied one is dropped (never announced) rather than finished.
    drop();
    start(sandboxes);
    applySteps(std::numeric_limits<qint64>::max());
    m_applying.reset();
}

void SandboxSnapshotApplier::applyInSteps(const QList<SandboxSummary> &sandboxes)
{
    if (m_applying) {
        m_waiting = std::make_unique<QList<SandboxSummary>>(sandboxes);
        return;
    }
    start(sandboxes);
    m_stepTimer.start();
}

void SandboxSnapshotApplier::drop()
{
    m_stepTimer.stop();
    m_applying.reset();
    m_waiting.reset();
}

void SandboxSnapshotApplier::applyNextSteps()
{
    if (!m_applying)
        return;
    if (!applySteps(stepBudgetNs)) {
        m_stepTimer.start();
        return;
    }
    release();
    if (m_waiting) {
        const std::unique_ptr<QList<SandboxSummary>> next = std::move(m_waiting);
        start(*next);
        m_stepTimer.start();
    }
    emit m_model.snapshotApplied();
}

void SandboxSnapshotApplier::release()
{
    const std::unique_ptr<Application> app = std::move(m_applying);
    // Freeing a snapshot of 100,000 summaries takes tens of milliseconds: a worker does it. The rows hold
    // copies of their own, so nothing here is shared with the GUI thread but reference counts.
    QThreadPool::globalInstance()->start(
        [sandboxes = std::move(app->sandboxes)]() mutable { sandboxes = {}; });
}

void SandboxSnapshotApplier::start(const QList<SandboxSummary> &sandboxes)
{
    m_applying = std::make_unique<Application>();
    Application &app = *m_applying;
    app.sandboxes = sandboxes;
    app.generation = ++m_generation;
    app.hadRows = m_model.rowCount() > 0;
    if (m_model.m_index.capacity() < sandboxes.size())
        m_model.m_index.reserve(sandboxes.size()); // one growth instead of a dozen rehashes on the first load
}

bool SandboxSnapshotApplier::applySteps(qint64 budgetNs)
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
                SandboxListModel::Row *&slot = m_model.m_index[SandboxKey{item.serverName, item.sandboxId}];
                if (!slot) {
                    auto row = std::make_unique<SandboxListModel::Row>();
                    row->summary = item;
                    row->seen = app.generation;
                    slot = row.get();
                    app.added.push_back(std::move(row));
                } else if (slot->seen != app.generation) {
                    slot->seen = app.generation;
                    ++app.matched;
                    if (const unsigned columns = changedColumns(slot->summary, item)) {
                        app.changed.push_back({slot, &item, columns});
                    } else {
                        // The same text, in the new list's strings: the row then holds nothing of the last
                        // list, which can go (two copies of 100,000 ids and tags were 40 MB). The interned
                        // server, status and benchmark stay the facets'.
                        slot->summary.sandboxId = item.sandboxId;
                        slot->summary.tags = item.tags;
                        slot->summary.updatedAtText = item.updatedAtText;
                    }
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
            app.count = qsizetype(m_model.m_rows.size());
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
                    app.added[size_t(i)]->searchText = m_model.m_facets.adopt(&app.added[size_t(i)]->summary);
                const int first = m_model.rowCount();
                m_model.beginInsertRows({}, first, first + int(end - app.next) - 1);
                if (app.next == 0)
                    m_model.m_rows.reserve(m_model.m_rows.size() + app.added.size());
                for (; app.next < end; ++app.next) {
                    auto &row = app.added[size_t(app.next)];
                    row->slot = qsizetype(m_model.m_rows.size());
                    m_model.m_rows.push_back(std::move(row));
                }
                m_model.m_rankColumn = -1;
                m_model.endInsertRows();
                break;
            }
            app.phase = Application::Phase::Done;
            if (m_model.m_facets.takeChanged())
                emit m_model.facetsChanged();
            if (!app.refreshed.isEmpty())
                emit m_model.rowsRefreshed(app.refreshed);
            return true;
        }
        case Application::Phase::Done:
            return true;
        }
    }
    return false;
}

// Changes go out in row order, after the removals have settled each row's slot.
void SandboxSnapshotApplier::startChanges(Application &app)
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
size_t SandboxSnapshotApplier::applyChangeRun(const std::vector<Change> &changed, size_t first)
{
    size_t end = first + 1;
    while (end < changed.size() && changed[end].row->slot == changed[end - 1].row->slot + 1)
        ++end;
    unsigned columns = 0;
    for (size_t i = first; i < end; ++i) {
        SandboxListModel::Row &row = *changed[i].row;
        const SandboxSummary old = std::exchange(row.summary, *changed[i].item);
        row.searchText = m_model.m_facets.adopt(&row.summary);
        m_model.m_facets.forget(old);
        columns |= changed[i].columns;
    }
    m_model.m_rankColumn = -1;
    const int firstColumn = std::countr_zero(columns);
    const int lastColumn = int(sizeof(unsigned) * 8) - 1 - std::countl_zero(columns);
    emit m_model.dataChanged(m_model.index(int(changed[first].row->slot), firstColumn),
                             m_model.index(int(changed[end - 1].row->slot), lastColumn));
    return end;
}

// During the removal m_model.m_rows has a gap (m_model.m_gapStart, m_model.m_gapSize) that moves from the
// front to the back, so each row moves at most once however many runs are removed, and the model is
// consistent after each run, also between steps.
bool SandboxSnapshotApplier::removeNextUnseenRun(Application &app)
{
    const quint32 generation = app.generation;
    const qsizetype count = app.count;
    qsizetype first = app.read;
    while (first < count && m_model.m_rows[first]->seen == generation)
        ++first;
    if (first == count) {
        for (qsizetype i = app.read; i < count; ++i, ++app.write) {
            if (i != app.write) {
                m_model.m_rows[app.write] = std::move(m_model.m_rows[i]);
                m_model.m_rows[app.write]->slot = app.write;
            }
        }
        m_model.m_rows.resize(size_t(app.write));
        m_model.m_gapStart = 0;
        m_model.m_gapSize = 0;
        return false;
    }
    qsizetype last = first;
    while (last + 1 < count && m_model.m_rows[last + 1]->seen != generation)
        ++last;
    // Move the kept rows before the run across the gap, so that the gap ends where the run starts.
    for (qsizetype i = app.read; i < first; ++i, ++app.write) {
        if (i != app.write) {
            m_model.m_rows[app.write] = std::move(m_model.m_rows[i]);
            m_model.m_rows[app.write]->slot = app.write;
        }
    }
    m_model.m_gapStart = app.write;
    m_model.m_gapSize = first - app.write;
    m_model.beginRemoveRows({}, int(app.write), int(app.write + last - first));
    for (qsizetype i = first; i <= last; ++i) {
        m_model.m_facets.forget(m_model.m_rows[i]->summary);
        m_model.m_index.remove(
            SandboxKey{m_model.m_rows[i]->summary.serverName, m_model.m_rows[i]->summary.sandboxId});
        m_model.m_rows[i].reset();
    }
    app.read = last + 1;
    m_model.m_gapSize = app.read - app.write;
    m_model.m_rankColumn = -1;
    m_model.endRemoveRows();
    return true;
}
