#include "store/sandboxstore.h"

#include "store/processmemory.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>

template <typename Traits>
SandboxStore<Traits>::SandboxStore(QObject *parent)
    : SandboxStoreSignals(parent), m_snapshot(makeSnapshot({}, 0))
{
    ProcessMemory::keepLargeBlocksApart();
}

template <typename Traits> SandboxStore<Traits>::~SandboxStore() = default;

template <typename Traits>
std::shared_ptr<typename SandboxStore<Traits>::Snapshot>
SandboxStore<Traits>::makeSnapshot(QList<Item> items, quint64 generation, const SnapshotPointer &last)
{
    // The last reader to drop a snapshot may be the GUI thread: freeing 100,000 sandboxes there held it for
    // tens of milliseconds, so a worker frees them (or the caller, once the application is gone).
    auto snapshot = std::shared_ptr<Snapshot>(new Snapshot, [](Snapshot *gone) {
        if (QThreadPool *pool = QCoreApplication::instance() ? QThreadPool::globalInstance() : nullptr)
            pool->start([gone] {
                delete gone;
                ProcessMemory::giveFreedPagesBack();
            });
        else
            delete gone;
    });
    snapshot->generation = generation;
    if (last && !last->items.isEmpty()) {
        for (qsizetype i = 0; i < items.size(); ++i)
            if (const Item *known = last->find(Traits::keyOf(items.at(i))))
                Traits::shareUnchanged(items[i], *known);
    }
    snapshot->index.reserve(items.size());
    // From the back, so that of a key listed twice the first entry is the one that stays. Read through
    // at(): the caller may still share the list, and operator[] would copy all of it.
    for (qsizetype i = items.size() - 1; i >= 0; --i)
        snapshot->index.insert(Traits::keyOf(items.at(i)), i);
    snapshot->items = std::move(items);
    if (generation > 0)
        snapshot->listedAt = QDateTime::currentDateTimeUtc();
    return snapshot;
}

template <typename Traits> void SandboxStore<Traits>::publish(QList<Item> items)
{
    const quint64 generation = ++m_pending;
    const QPointer<SandboxStoreSignals> self(this);
    QThreadPool::globalInstance()->start(
        [self, generation, items = std::move(items), last = m_snapshot]() mutable {
            SnapshotPointer snapshot = makeSnapshot(std::move(items), generation, last);
            last.reset(); // not kept alive while the new one waits for the GUI thread
            // Posted to the application object, which outlives every store; `self` is read on its thread.
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [self, snapshot = std::move(snapshot)]() mutable {
                    auto *store = static_cast<SandboxStore *>(self.data());
                    // A later list, or a clear(), has superseded this one.
                    if (store && snapshot->generation == store->m_pending)
                        store->take(std::move(snapshot));
                },
                Qt::QueuedConnection);
        });
}

template <typename Traits> void SandboxStore<Traits>::publishNow(QList<Item> items)
{
    take(makeSnapshot(std::move(items), ++m_pending, m_snapshot));
}

template <typename Traits> void SandboxStore<Traits>::replace(const Item &item)
{
    QList<Item> items = m_snapshot->items;
    if (const auto it = m_snapshot->index.constFind(Traits::keyOf(item)); it != m_snapshot->index.cend())
        items[*it] = item;
    else
        items.append(item);
    const QDateTime listedAt = m_snapshot->listedAt;
    auto snapshot = makeSnapshot(std::move(items), ++m_pending);
    snapshot->listedAt = listedAt.isValid() ? listedAt : snapshot->listedAt;
    take(std::move(snapshot));
}

template <typename Traits> void SandboxStore<Traits>::clear()
{
    auto empty = makeSnapshot({}, ++m_pending);
    empty->listedAt = {};
    m_busy.clear();
    take(std::move(empty));
}

template <typename Traits> void SandboxStore<Traits>::take(SnapshotPointer snapshot)
{
    m_snapshot = std::move(snapshot);
    emit published();
}

template <typename Traits> void SandboxStore<Traits>::setBusy(const Key &key, bool busy)
{
    if (busy == m_busy.contains(key))
        return;
    if (busy)
        m_busy.insert(key);
    else
        m_busy.remove(key);
    emit busyChanged();
}

template class SandboxStore<KlavisSandboxes>;
template class SandboxStore<LocalSandboxes>;
template class SandboxStore<BlaxelSandboxes>;
