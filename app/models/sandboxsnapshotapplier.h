#pragma once

#include "api/sandboxsummary.h"

#include <QList>
#include <QTimer>

#include <memory>
#include <vector>

class SandboxListModel;

// Brings a SandboxListModel's rows to a fresh snapshot as a diff keyed by (server name, sandbox id): rows
// the snapshot no longer lists go, rows that differ change in place, new rows are appended, each in the
// fewest contiguous-range signals. The model owns the rows and says what they show; this class says how a
// snapshot gets there, at once or in steps of a few milliseconds that yield to the event loop, so that a
// refresh of 100,000 rows never holds the GUI thread for a frame. It is the model's friend: it moves the
// rows and sends the model's begin/end signals around each move.
class SandboxSnapshotApplier final
{
    Q_DISABLE_COPY_MOVE(SandboxSnapshotApplier)

public:
    explicit SandboxSnapshotApplier(SandboxListModel &model);
    ~SandboxSnapshotApplier();

    // The whole snapshot now. It supersedes an application under way and a snapshot waiting, which are
    // dropped without being announced.
    void applyAtOnce(const QList<SandboxSummary> &sandboxes);
    // The snapshot in steps; the model's snapshotApplied() follows the last one. A snapshot given while
    // another is being applied waits for it, and replaces any snapshot already waiting.
    void applyInSteps(const QList<SandboxSummary> &sandboxes);
    bool isApplying() const { return m_applying != nullptr; }
    // Forgets the application under way and the snapshot waiting, without announcing either.
    void drop();

private:
    struct Application;
    struct Change;

    void start(const QList<SandboxSummary> &sandboxes);
    // Runs steps until the application is done (true) or `budgetNs` has passed (false).
    bool applySteps(qint64 budgetNs);
    void applyNextSteps();
    void release();
    // Removes one run of rows the snapshot no longer lists; false when none is left.
    bool removeNextUnseenRun(Application &app);
    void startChanges(Application &app);
    // Applies the run of adjacent changed rows starting at `first`; returns the index after it.
    size_t applyChangeRun(const std::vector<Change> &changed, size_t first);

    SandboxListModel &m_model;
    quint32 m_generation = 0;
    std::unique_ptr<Application> m_applying;
    std::unique_ptr<QList<SandboxSummary>> m_waiting; // the next snapshot to apply in steps
    QTimer m_stepTimer;
};
