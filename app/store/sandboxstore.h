#pragma once

#include "store/sandboxstoresignals.h"
#include "store/storedsandboxes.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QSet>

#include <memory>

// What the server last listed of one provider's sandboxes, held once for the whole session: the list models,
// the details panes, the All view, the Runs view and the leak monitor all read it, so that no view can show a
// sandbox as it was while another shows it as it is. A snapshot is immutable once published: a reader keeps
// the shared pointer for as long as it needs a consistent picture (a worker working out the leaks, a model
// applying it in steps) and drops it when done; there is only ever one copy of each sandbox.
//
// publish() builds the index on a worker thread, so that 100,000 sandboxes never hold the GUI thread; a
// list given while another is being indexed wins over it.
template <typename Traits> class SandboxStore final : public SandboxStoreSignals
{
public:
    using Item = typename Traits::Item;
    using Key = typename Traits::Key;

    struct Snapshot
    {
        QList<Item> items; // in the server's order
        QHash<Key, qsizetype> index;
        QDateTime listedAt; // invalid before the first list
        quint64 generation = 0;

        const Item *find(const Key &key) const
        {
            const auto it = index.constFind(key);
            return it == index.cend() ? nullptr : &items[*it];
        }
    };
    using SnapshotPointer = std::shared_ptr<const Snapshot>;

    explicit SandboxStore(QObject *parent = nullptr);
    ~SandboxStore() override;

    // Never null: before the first list, an empty snapshot.
    SnapshotPointer snapshot() const { return m_snapshot; }
    const Item *find(const Key &key) const { return m_snapshot->find(key); }
    qsizetype size() const { return m_snapshot->items.size(); }
    bool hasListed() const { return m_snapshot->listedAt.isValid(); }

    // The list as the server answered it. published() follows once it is indexed.
    void publish(QList<Item> items);
    // The same at once, on this thread: a few sandboxes, or a test.
    void publishNow(QList<Item> items);
    // One sandbox as a details reply has it now, replacing its listed version (or added, when the list has
    // not got it yet), published at once. It copies the list: for the small lists (local sandboxes, Blaxel),
    // not for 100,000 Klavis sandboxes, whose details are not a list item.
    void replace(const Item &item);
    // Until the last list given is published.
    bool isPublishing() const { return m_pending != m_snapshot->generation; }
    // Forgets everything (another account): an empty snapshot, published at once.
    void clear();

    // An action (release, reset, delete) is in flight on a sandbox: every view marks its row.
    bool isBusy(const Key &key) const { return m_busy.contains(key); }
    const QSet<Key> &busyKeys() const { return m_busy; }
    void setBusy(const Key &key, bool busy);

    // `last`, when given, is the snapshot the new one follows: its sandboxes' unchanged texts are shared.
    static std::shared_ptr<Snapshot> makeSnapshot(QList<Item> items, quint64 generation,
                                                  const SnapshotPointer &last = {});

private:
    void take(SnapshotPointer snapshot);

    SnapshotPointer m_snapshot;
    quint64 m_pending = 0; // the generation of the last list given
    QSet<Key> m_busy;
};

using KlavisSandboxStore = SandboxStore<KlavisSandboxes>;
using LocalSandboxStore = SandboxStore<LocalSandboxes>;
using BlaxelSandboxStore = SandboxStore<BlaxelSandboxes>;

extern template class SandboxStore<KlavisSandboxes>;
extern template class SandboxStore<LocalSandboxes>;
extern template class SandboxStore<BlaxelSandboxes>;
