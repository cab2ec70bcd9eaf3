#pragma once

#include <QTreeWidget>

class RunListModel;
struct RunListEntry;

// The Runs view's sandboxes of the selected run: provider, servers, id, status (as the run's model words
// it), when acquired and released, and the time left to its TTL (none for an imported run, a record of the
// past).
class RunSandboxesTable final : public QTreeWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunSandboxesTable)

public:
    explicit RunSandboxesTable(const RunListModel *model, QWidget *parent = nullptr);

    // The sandboxes of `run` as of now; empty for none.
    void showRun(const RunListEntry *run);

private:
    const RunListModel *m_model;
};
