#pragma once

#include "api/blaxelsandbox.h"
#include "blaxel/blaxelsandboxtabs.h"
#include "sandboxlist/sandboxlistpage.h"

#include <QStringList>

#include <optional>

class ConnectHint;
class BlaxelSandboxDetailsPane;
class BlaxelSandboxDialogs;
class BlaxelSandboxesController;
class QCheckBox;
class QPushButton;
class QTableView;
class PreviewsPane;
class FilesPane;
class ProcessesPane;
class TerminalPane;
class QTimer;
class WorkspaceActions;

// The Blaxel sandboxes view: search, status and "show terminated" filters, the table and the details pane;
// without a connected Blaxel profile, a hint that leads to Settings instead. It turns user intent into
// controller calls and shows what comes back; the details pane follows the selected sandbox in the store.
class BlaxelSandboxesPage final : public SandboxListPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxesPage)

public:
    explicit BlaxelSandboxesPage(BlaxelSandboxesController *controller, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    QCheckBox *showTerminatedBox() const { return m_showTerminated; }
    BlaxelSandboxDetailsPane *detailsPane() const { return m_details; }
    // The details side's tabs: the details, then the sandbox's terminals.
    BlaxelSandboxTabs *sideTabs() const { return m_sideTabs; }
    TerminalPane *terminalPane() const { return m_sideTabs->terminalPane(); }
    FilesPane *filesPane() const { return m_sideTabs->filesPane(); }
    ProcessesPane *processesPane() const { return m_sideTabs->processesPane(); }
    PreviewsPane *previewsPane() const { return m_sideTabs->previewsPane(); }
    QPushButton *settingsButton() const;
    // The "Add a Blaxel profile" hint is in front (no Blaxel profile is connected).
    bool showsConnectHint() const;

    QStringList selectedNames() const;
    // The selected sandboxes a delete applies to (neither deleting nor terminated); `leftOut`, when given,
    // receives how many selected ones it skips.
    QStringList selectedDeletableNames(int *leftOut = nullptr) const;

    QStringList contextActionNames() const override;
    VerbState verbState(Verb verb) const override;
    RowExport visibleRows() const override;
    QString exportFileName() const override;

    WorkspaceActions *workspaceActions() const { return m_workspace; }
    // The workspace of the one selected sandbox: upload a folder into it, save or extract its dump.
    void uploadWorkspace();
    void saveDump();
    void extractDump();

    void createSandbox();
    // The one selected sandbox's display name, labels and TTL, in a dialog, changed while it runs.
    void editSelected();
    void deleteSelected();
    void copySelectedNames();
    void selectSandbox(const QString &name);
    // The session's Blaxel connection changed: the hint or the list, and a fresh list.
    void updateConnection();

    void saveState() const override;
    void restoreState() override;

protected:
    void onSelectionChanged() override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void setupView();
    void followShownSandbox();
    void updateEmptyHint();
    void setupDropTargets();
    // The one selected sandbox for a workspace verb, or "" after saying why there is none.
    QString workspaceSandbox(const QString &noneMessage);

    BlaxelSandboxesController *m_controller;
    ConnectHint *m_connectHint;
    QCheckBox *m_showTerminated;
    QTableView *m_view;
    BlaxelSandboxDetailsPane *m_details;
    BlaxelSandboxTabs *m_sideTabs = nullptr;
    QTimer *m_clock; // the countdowns and ages, once a second while the page is shown
    QString m_shownName;
    std::optional<BlaxelSandbox> m_shownSandbox;
    WorkspaceActions *m_workspace;
    BlaxelSandboxDialogs *m_dialogs;
};
