#pragma once

#include "models/rowexport.h"

#include <QWidget>

class ErrorBanner;
class EmptyStateHint;
class LocalSandboxDetailsPane;
struct LocalSandbox;
class LocalSandboxesController;
class WorkspaceActions;
class QSplitter;
class SplitterSizing;
class RowChangeFlash;
class QTreeView;
class SandboxFilterBar;
class ExecutionsTab;
class SandboxWorkTabs;

// The Local sandboxes view: sandboxes with their MCP servers as children, and the details pane.
class LocalSandboxesPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalSandboxesPage)

public:
    LocalSandboxesPage(LocalSandboxesController *controller, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    SandboxFilterBar *filterBar() const { return m_filterBar; }
    LocalSandboxDetailsPane *detailsPane() const { return m_details; }
    SandboxWorkTabs *workTabs() const { return m_workTabs; }
    ExecutionsTab *executionsTab() const { return m_executions; }
    ErrorBanner *banner() const { return m_banner; }
    RowChangeFlash *changeFlash() const { return m_flash; }
    WorkspaceActions *workspaceActions() const { return m_workspace; }
    // The one selected local sandbox, or empty.
    QString shownSandboxId() const { return m_shownId; }
    // Selected local sandboxes; a selected server row counts as its sandbox.
    QStringList selectedIds() const;
    // The selected local sandboxes Release and Reset apply to; `leftOut`, when given, receives how many
    // selected ones they skip.
    QStringList selectedActiveIds(int *leftOut = nullptr) const;
    // The sandboxes the filters let through, in the tree's order, for File > Export; MCP URLs masked.
    RowExport visibleRows() const;

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

    void saveState() const;
    void restoreState();

signals:
    void statusMessage(const QString &message);
    void selectionChanged(int count);

private:
    void setupDropTargets();
    WorkspaceActions *createWorkspaceActions(LocalSandboxesController *controller);
    void onSelectionChanged();
    void showSandbox(const LocalSandbox &sandbox); // its details and its servers to inspect
    void updateFacets();

    LocalSandboxesController *m_controller;
    ErrorBanner *m_banner;
    SandboxFilterBar *m_filterBar;
    QSplitter *m_splitter;
    SplitterSizing *m_splitterSizing;
    QTreeView *m_view;
    LocalSandboxDetailsPane *m_details;
    SandboxWorkTabs *m_workTabs;
    ExecutionsTab *m_executions;
    WorkspaceActions *m_workspace;
    RowChangeFlash *m_flash;
    QString m_shownId;
};
