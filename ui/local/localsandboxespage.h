#pragma once

#include "api/localsandbox.h"
#include "sandboxlist/sandboxlistpage.h"

#include <optional>

class ExecutionsTab;
class LocalSandboxDetailsPane;
class LocalSandboxesController;
class QTreeView;
class SandboxWorkTabs;
class WorkspaceActions;

// The Local sandboxes view: sandboxes with their MCP servers as children, and the details pane, which follows
// the selected sandbox in the session's store.
class LocalSandboxesPage final : public SandboxListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalSandboxesPage)

public:
    LocalSandboxesPage(LocalSandboxesController *controller, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    LocalSandboxDetailsPane *detailsPane() const { return m_details; }
    SandboxWorkTabs *workTabs() const { return m_workTabs; }
    ExecutionsTab *executionsTab() const { return m_executions; }
    WorkspaceActions *workspaceActions() const { return m_workspace; }
    // The one selected local sandbox, or empty.
    QString shownSandboxId() const { return m_shownId; }
    // Selected local sandboxes; a selected server row counts as its sandbox.
    QStringList selectedIds() const;
    // The selected local sandboxes Release and Reset apply to; `leftOut`, when given, receives how many
    // selected ones they skip.
    QStringList selectedActiveIds(int *leftOut = nullptr) const;

    QStringList contextActionNames() const override;
    VerbState verbState(Verb verb) const override;
    RowExport visibleRows() const override;
    QString exportFileName() const override;
    int selectedCount() const override { return int(selectedIds().size()); }

    void acquire();
    void releaseSelected();
    void resetSelected();
    void copySelectedIds();
    void copyMcpConfig();
    void uploadWorkspace();
    void saveDump();
    void extractDump();
    // Runs one folder under one name in every selected active local sandbox, in a follow console.
    void runScriptInSelected();
    void selectSandbox(const QString &localSandboxId);

protected:
    void onSelectionChanged() override;

private:
    void setupView();
    void setupDropTargets();
    WorkspaceActions *createWorkspaceActions(LocalSandboxesController *controller);
    void followShownSandbox();
    void showSandbox(const LocalSandbox &sandbox); // its details and its servers to inspect
    void updateFacets();
    void runBulk(bool release);

    LocalSandboxesController *m_controller;
    QTreeView *m_view;
    LocalSandboxDetailsPane *m_details;
    SandboxWorkTabs *m_workTabs;
    ExecutionsTab *m_executions;
    WorkspaceActions *m_workspace;
    QString m_shownId;
    std::optional<LocalSandbox> m_shownSandbox;
};
