#include "models/allsandboxesapplier.h"

#include "models/allsandboxesmodel.h"

#include <QElapsedTimer>
#include <QThreadPool>

namespace {

// A step's share of a 16 ms frame, leaving the rest to painting and input.
constexpr qint64 stepBudgetNs = 6'000'000;
// New rows per signal: a sorted view places each batch with one merge.
constexpr size_t rowsPerInsert = 2048;

} // namespace

AllSandboxesApplier::AllSandboxesApplier(AllSandboxesModel &model,
                                         std::function<void(AllSandboxRow::Provider, bool)> done)
    : m_model(model), m_done(std::move(done))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] { step(); });
}

void AllSandboxesApplier::apply(AllSandboxRow::Provider provider, AllSandboxesChange change)
{
    AllSandboxesModel::Block &block = m_model.m_blocks[size_t(provider)];
    block.statuses = change.statuses;
    Pending pending{provider, std::move(change)};
    m_queue.push_back(std::move(pending));
    if (!m_timer.isActive())
        m_timer.start();
}

void AllSandboxesApplier::step()
{
    QElapsedTimer clock;
    clock.start();
    while (!m_queue.empty() && clock.nsecsElapsed() < stepBudgetNs) {
        Pending &pending = m_queue.front();
        if (advance(pending))
            continue;
        const AllSandboxRow::Provider provider = pending.provider;
        const bool changed = !pending.change.changed.empty() || !pending.change.removed.empty() ||
                             pending.change.addedCount() > 0;
        settle(pending);
        m_queue.pop_front();
        m_done(provider, changed);
    }
    if (!m_queue.empty())
        m_timer.start();
}

bool AllSandboxesApplier::advance(Pending &pending)
{
    switch (pending.phase) {
    case Phase::Change:
        if (applyChangeRun(pending))
            return true;
        pending.phase = Phase::Remove;
        pending.next = pending.change.removed.size();
        return true;
    case Phase::Remove:
        if (removeRun(pending))
            return true;
        pending.phase = Phase::Insert;
        pending.next = 0;
        return true;
    case Phase::Insert:
        return insertBatch(pending);
    }
    return false;
}

// Changes first, while the positions are still the ones compared: one dataChanged per run of rows, with no
// roles named (the row's real values changed, which the proxy filters and sorts by).
bool AllSandboxesApplier::applyChangeRun(Pending &pending)
{
    auto &changed = pending.change.changed;
    if (pending.next >= changed.size())
        return false;
    const size_t first = pending.next;
    size_t end = first + 1;
    while (end < changed.size() && changed[end].first == changed[end - 1].first + 1)
        ++end;
    std::vector<AllSandboxRow> &rows = *m_model.m_blocks[size_t(pending.provider)].rows;
    for (size_t i = first; i < end; ++i)
        rows[changed[i].first] = std::move(changed[i].second);
    const int offset = m_model.offsetOf(pending.provider);
    emit m_model.dataChanged(
        m_model.index(offset + int(changed[first].first), 0),
        m_model.index(offset + int(changed[end - 1].first), AllSandboxesModel::ColumnCount - 1));
    pending.next = end;
    return true;
}

// Removed runs from the back, each announced as the view still has the rows. The rows between two runs move
// once, across a gap that grows towards the front, so that a thousand scattered runs cost one pass over the
// block instead of a thousand; the gap closes after the last run. Between steps the block reads through the
// gap (Block::at), so the model is consistent while runs are still to go.
bool AllSandboxesApplier::removeRun(Pending &pending)
{
    const std::vector<size_t> &removed = pending.change.removed;
    AllSandboxesModel::Block &block = m_model.m_blocks[size_t(pending.provider)];
    std::vector<AllSandboxRow> &rows = *block.rows;
    if (!pending.removing) {
        if (removed.empty())
            return false;
        pending.removing = true;
        block.gapStart = rows.size();
        block.gapSize = 0;
    }
    size_t &last = pending.next; // runs before this index in `removed` are left
    if (last == 0) {
        rows.erase(rows.begin() + qsizetype(block.gapStart),
                   rows.begin() + qsizetype(block.gapStart + block.gapSize));
        block.gapStart = 0;
        block.gapSize = 0;
        pending.removing = false;
        return false;
    }
    size_t first = last - 1;
    while (first > 0 && removed[first - 1] + 1 == removed[first])
        --first;
    const size_t runStart = removed[first];
    const size_t runEnd = removed[last - 1]; // inclusive
    const int offset = m_model.offsetOf(pending.provider);
    m_model.beginRemoveRows({}, offset + int(runStart), offset + int(runEnd));
    // The kept rows after the run slide right by the gap so far, to sit just after the grown gap.
    if (block.gapSize > 0) {
        for (size_t kept = block.gapStart; kept-- > runEnd + 1;)
            rows[kept + block.gapSize] = std::move(rows[kept]);
    }
    block.gapStart = runStart;
    block.gapSize += runEnd - runStart + 1;
    m_model.endRemoveRows();
    last = first;
    return true;
}

// The rows now equal the settled ones, which hold the new list's strings: swapped in without a signal, and
// the rows they replace (the last list's last readers, maybe) freed by a worker.
void AllSandboxesApplier::settle(Pending &pending)
{
    std::vector<AllSandboxRow> &rows = *m_model.m_blocks[size_t(pending.provider)].rows;
    Q_ASSERT(rows == pending.change.settled);
    rows.swap(pending.change.settled);
    QThreadPool::globalInstance()->start([old = std::move(pending.change.settled)]() mutable { old = {}; });
}

bool AllSandboxesApplier::insertBatch(Pending &pending)
{
    const size_t count = pending.change.addedCount();
    if (pending.next >= count)
        return false;
    const size_t end = std::min(count, pending.next + rowsPerInsert);
    AllSandboxesModel::Block &block = m_model.m_blocks[size_t(pending.provider)];
    const int first = m_model.offsetOf(pending.provider) + int(block.size());
    if (pending.next == 0) // one growth for the whole change, not a copy of the block at every doubling
        block.rows->reserve(block.rows->size() + count);
    m_model.beginInsertRows({}, first, first + int(end - pending.next) - 1);
    // Copied (the strings are shared): the settled rows stay whole for settle().
    const auto added = pending.change.settled.cbegin() + qsizetype(pending.change.firstAdded);
    block.rows->insert(block.rows->end(), added + qsizetype(pending.next), added + qsizetype(end));
    m_model.endInsertRows();
    pending.next = end;
    return true;
}
