#pragma once

#include "models/rowexport.h"

#include <QStringList>
#include <QWidget>

class BlaxelConnectHint;
class BlaxelSandboxDetailsPane;
class BlaxelSandboxesController;
class ErrorBanner;
class QCheckBox;
class QPushButton;
class QSplitter;
class QStackedWidget;
class QTableView;
class QTimer;
class RowChangeFlash;
class SandboxFilterBar;
class SplitterSizing;
class WorkspaceActions;

// The Blaxel sandboxes view: search, status and "show terminated" filters, the table and the details pane;
// without a connected Blaxel profile, a hint that leads to Settings instead. It turns user intent into
// controller calls and shows what comes back.
class BlaxelSandboxesPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxesPage)

public:
    explicit BlaxelSandboxesPage(BlaxelSandboxesController *controller, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    SandboxFilterBar *filterBar() const { return m_filterBar; }
    QCheckBox *showTerminatedBox() const { return m_showTerminated; }
    BlaxelSandboxDetailsPane *detailsPane() const { return m_details; }
    ErrorBanner *banner() const { return m_banner; }
    QPushButton *settingsButton() const;
    // The "Add a Blaxel profile" hint is in front (no Blaxel profile is connected).
    bool showsConnectHint() const;

    QStringList selectedNames() const;
    // The rows the table shows, in its order, for File > Export Visible Rows.
    RowExport visibleRows() const;
    // The selected sandboxes a delete applies to (neither deleting nor terminated); `leftOut`, when given,
    // receives how many selected ones it skips.
    QStringList selectedDeletableNames(int *leftOut = nullptr) const;

    WorkspaceActions *workspaceActions() const { return m_workspace; }
    // The workspace of the one selected sandbox: upload a folder into it, save or extract its dump.
    void uploadWorkspace();
    void saveDump();
    void extractDump();

    void createSandbox();
    void deleteSelected();
    void copySelectedNames();
    void focusSearch();
    void selectSandbox(const QString &name);
    // The session's Blaxel connection changed: the hint or the list, and a fresh list.
    void updateConnection();

    void saveState() const;
    void restoreState();

signals:
    void statusMessage(const QString &message);
    void selectionChanged(int count);
    void settingsRequested();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void setupView();
    void onSelectionChanged();
    void updateEmptyHint();
    void setupDropTargets();
    // The one selected sandbox for a workspace verb, or "" after saying why there is none.
    QString workspaceSandbox(const QString &noneMessage);

    BlaxelSandboxesController *m_controller;
    QStackedWidget *m_stack;
    BlaxelConnectHint *m_connectHint;
    ErrorBanner *m_banner;
    SandboxFilterBar *m_filterBar;
    QCheckBox *m_showTerminated;
    QSplitter *m_splitter;
    SplitterSizing *m_splitterSizing;
    QTableView *m_view;
    BlaxelSandboxDetailsPane *m_details;
    class EmptyStateHint *m_emptyHint = nullptr;
    RowChangeFlash *m_flash = nullptr;
    QTimer *m_clock; // the countdowns and ages, once a second while the page is shown
    QString m_shownName;
    WorkspaceActions *m_workspace;
};
