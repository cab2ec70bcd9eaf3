#pragma once

#include "models/allsandboxrow.h"

#include <QSet>
#include <QTimer>

#include <deque>
#include <functional>
#include <vector>

class AllSandboxesModel;

// How one provider's rows differ from what the All view's block of them shows, as a worker worked it out.
struct AllSandboxesChange
{
    std::vector<size_t> removed;                           // ascending positions in the block as compared
    std::vector<std::pair<size_t, AllSandboxRow>> changed; // ascending positions, before the removals
    // The block as it is once the change is applied, every row in the new list's strings: swapped in at the
    // end, so that the block holds nothing of the last list (its unchanged rows would keep it alive). The
    // rows kept come first, in the block's order, then the new ones in the store's order, from `firstAdded`
    // on: those are inserted from here, not from a list of their own (100,000 rows are 15 MB a list).
    std::vector<AllSandboxRow> settled;
    size_t firstAdded = 0;
    size_t addedCount() const { return settled.size() - firstAdded; }
    QSet<QString> statuses;
};

// Brings the All sandboxes model's blocks to the changes its workers worked out, in steps of a few
// milliseconds that yield to the event loop: a sorted view answers each changed, removed and inserted run,
// and 100,000 rows at once (the first list, a new account) held the GUI thread for a quarter of a second. The
// model is consistent between steps. It is the model's friend: it moves the rows and sends the model's
// signals.
class AllSandboxesApplier final
{
    Q_DISABLE_COPY_MOVE(AllSandboxesApplier)

public:
    // `done(provider, changedRows)` follows the last step of each change.
    AllSandboxesApplier(AllSandboxesModel &model, std::function<void(AllSandboxRow::Provider, bool)> done);

    void apply(AllSandboxRow::Provider provider, AllSandboxesChange change);
    bool isApplying() const { return !m_queue.empty(); }

private:
    enum class Phase
    {
        Change,
        Remove,
        Insert
    };
    struct Pending
    {
        AllSandboxRow::Provider provider;
        AllSandboxesChange change;
        Phase phase = Phase::Change;
        size_t next = 0; // Change: the next changed entry; Remove: runs left (from the back); Insert: added
        bool removing = false;
    };

    void step();
    // One unit of work of the front change; false when it is done.
    bool advance(Pending &pending);
    bool applyChangeRun(Pending &pending);
    bool removeRun(Pending &pending);
    bool insertBatch(Pending &pending);
    void settle(Pending &pending);

    AllSandboxesModel &m_model;
    std::function<void(AllSandboxRow::Provider, bool)> m_done;
    std::deque<Pending> m_queue;
    QTimer m_timer;
};
