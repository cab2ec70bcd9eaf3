#pragma once

#include <QMainWindow>

class AllSandboxesPage;
class AppSession;
class BlaxelSandboxesController;
class BlaxelSandboxesPage;
class LocalSandboxesController;
class LocalSandboxesPage;
class MainWindowActions;
class RefreshIntervalChoice;
class QListWidget;
class QStackedWidget;
class RefreshScheduler;
class RunCoordinator;
class RunsPage;
class SandboxListPage;
class SandboxesController;
class SandboxesPage;
class StatusBarPanel;
class ExpiryNotifier;
class TransferNotifier;
class TransfersPage;
class UniversesController;
class UniversesPage;
class ApiError;
class QAbstractItemView;

// The window: navigation between the views, the toolbar and menus, and the status bar. The pages do
// the work; this routes actions to the page in front.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    enum Page
    {
        SandboxesView,
        LocalSandboxesView,
        BlaxelSandboxesView,
        AllSandboxesView,
        TransfersView,
        RunsView,
        UniversesView
    };

    explicit MainWindow(AppSession *session, QWidget *parent = nullptr);

    SandboxesPage *sandboxesPage() const { return m_sandboxesPage; }
    LocalSandboxesPage *localSandboxesPage() const { return m_localPage; }
    SandboxesController *sandboxesController() const { return m_sandboxes; }
    LocalSandboxesController *localSandboxesController() const { return m_local; }
    BlaxelSandboxesPage *blaxelSandboxesPage() const { return m_blaxelPage; }
    BlaxelSandboxesController *blaxelSandboxesController() const { return m_blaxel; }
    AllSandboxesPage *allSandboxesPage() const { return m_allPage; }
    RefreshScheduler *scheduler() const { return m_scheduler; }
    StatusBarPanel *statusPanel() const { return m_statusPanel; }
    void showPage(Page page);
    Page currentPage() const;
    // The sandbox list in front, or null on the Transfers, Runs and Universes views.
    SandboxListPage *currentListPage() const;
    // Find: the search of the view in front, or the Sandboxes view's from a view without one.
    void focusSearch();
    QAction *action(const QString &name) const;
    TransfersPage *transfersPage() const { return m_transfersPage; }
    TransferNotifier *transferNotifier() const { return m_notifier; }
    ExpiryNotifier *expiryNotifier() const { return m_expiry; }
    RunsPage *runsPage() const { return m_runsPage; }
    RunCoordinator *runCoordinator() const { return m_runCoordinator; }
    UniversesPage *universesPage() const { return m_universesPage; }
    UniversesController *universesController() const { return m_universes; }

    void refreshCurrent();
    // The actions of the right-click menu on the view in front; null entries are separators.
    QList<QAction *> contextMenuActions() const;
    // Writes the rows the view in front shows to a .csv or .json file, off the GUI thread (100,000 rows
    // are megabytes); rowsExported says how it went, and the window shows it.
    void exportVisibleRows(const QString &fileName);
    // Asks for a file and exports the visible rows to it (the Export action).
    void chooseExportFile();
    // How long the status bar shows `message`: the usual 8 s, longer by its length (a failure's reason).
    static int statusTimeoutMs(const QString &message);

signals:
    // 401/403 or no key: the application offers to enter one.
    void apiKeyNeeded(int httpStatus);
    void settingsRequested();
    void demoRequested();
    // The end of exportVisibleRows: error is empty on success.
    void rowsExported(const QString &fileName, const QString &error);

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void connectTransfers();
    void updateTitle();
    QList<SandboxListPage *> listPages() const;
    void saveViewStates() const;
    void restoreViewStates();
    // The profile names the All view's Profile column shows ("Demo" on the demo backend).
    QString profileLabel() const;
    QString blaxelProfileLabel() const;
    void updateActionStates();
    // The Klavis pages, the status bar and New Run follow whether the session has a Klavis key.
    void showKlavisConnection();
    void onRefreshed();
    // The status bar's "Refreshed ... ago" is the view in front's: its own list, or for a view of several
    // lists the oldest of them (none while one never was), never fresher than what the view shows.
    void showRefreshTimeOfCurrentView();
    void onRefreshError(const ApiError &error);
    void showStatusMessage(const QString &message);

    AppSession *m_session;
    SandboxesController *m_sandboxes;
    LocalSandboxesController *m_local;
    BlaxelSandboxesController *m_blaxel;
    RefreshScheduler *m_scheduler;
    RefreshIntervalChoice *m_interval;
    QListWidget *m_navigation;
    QStackedWidget *m_stack;
    SandboxesPage *m_sandboxesPage;
    LocalSandboxesPage *m_localPage;
    BlaxelSandboxesPage *m_blaxelPage;
    AllSandboxesPage *m_allPage;
    TransfersPage *m_transfersPage;
    RunsPage *m_runsPage;
    UniversesController *m_universes;
    UniversesPage *m_universesPage;
    RunCoordinator *m_runCoordinator;
    TransferNotifier *m_notifier;
    ExpiryNotifier *m_expiry;
    StatusBarPanel *m_statusPanel;
    MainWindowActions *m_actions = nullptr;
    QList<QAction *> m_transferActions;      // the Transfers page's own, shown on that view only
    QList<QAction *> m_runActions;           // the Runs page's own, likewise
    QAction *m_newRunToolBarItem = nullptr;  // New Run's button, on the Runs view's toolbar only
    QList<QAction *> m_listOnlyToolBarItems; // the refresh interval: lists refresh, transfers do not
};
