#include "mainwindow/mainwindow.h"

#include "allsandboxes/allsandboxespage.h"
#include "api/httptransport.h"
#include "blaxel/blaxelsandboxespage.h"
#include "common/connecthint.h"
#include "klavis/sandboxespage.h"
#include "local/localsandboxespage.h"
#include "mainwindow/actiontooltip.h"
#include "mainwindow/mainwindowactions.h"
#include "mainwindow/mainwindowlayout.h"
#include "mainwindow/pageactions.h"
#include "mainwindow/quitconfirmation.h"
#include "mainwindow/refreshintervalchoice.h"
#include "mainwindow/statusbarpanel.h"
#include "models/blaxelsandboxlistmodel.h"
#include "models/localsandboxtreemodel.h"
#include "models/sandboxlistmodel.h"
#include "models/universelistmodel.h"
#include "runsview/expirynotifier.h"
#include "runsview/runcoordinator.h"
#include "runsview/runspage.h"
#include "sandboxlist/rowexportfile.h"
#include "sandboxlist/sandboxlistpage.h"
#include "session/appsession.h"
#include "session/blaxelsandboxescontroller.h"
#include "session/leakmonitor.h"
#include "session/localsandboxescontroller.h"
#include "session/refreshscheduler.h"
#include "session/sandboxescontroller.h"
#include "session/sandboxlistcontroller.h"
#include "session/universescontroller.h"
#include "transfers/transfernotifier.h"
#include "transfers/transferspage.h"
#include "universes/universespage.h"
#include "workspace/transferqueue.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QFutureWatcher>
#include <QHash>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QtConcurrent>
#include <QTimer>
#include <QTreeView>

#include <algorithm>

using namespace Qt::StringLiterals;

MainWindow::MainWindow(AppSession *session, QWidget *parent)
    : QMainWindow(parent), m_session(session), m_sandboxes(new SandboxesController(session, this)),
      m_local(new LocalSandboxesController(session, this)),
      m_blaxel(new BlaxelSandboxesController(session, this)), m_scheduler(new RefreshScheduler(this)),
      m_interval(new RefreshIntervalChoice(m_scheduler, this)), m_navigation(new QListWidget(this)),
      m_stack(new QStackedWidget(this)), m_sandboxesPage(new SandboxesPage(m_sandboxes, m_stack)),
      m_localPage(new LocalSandboxesPage(m_local, m_stack)),
      m_blaxelPage(new BlaxelSandboxesPage(m_blaxel, m_stack)),
      m_allPage(new AllSandboxesPage(m_sandboxes, m_local, m_blaxel, m_stack)),
      m_transfersPage(new TransfersPage(session->transfers(), m_stack)),
      m_runsPage(new RunsPage(session, m_sandboxes, m_local, m_stack)),
      m_universes(new UniversesController(session, this)),
      m_universesPage(new UniversesPage(m_universes, m_stack)),
      m_runCoordinator(new RunCoordinator(session, this)),
      m_notifier(new TransferNotifier(session->transfers(), this)),
      m_expiry(new ExpiryNotifier(session->leakMonitor(), this)), m_statusPanel(new StatusBarPanel(this))
{
    setObjectName(u"mainWindow"_s);
    setWindowIcon(QIcon(u":/icons/sandboxdeck.svg"_s));
    MainWindowLayout::fillNavigation(m_navigation);
    MainWindowLayout::placePages(
        this, m_navigation, m_stack,
        {m_sandboxesPage, m_localPage, m_blaxelPage, m_allPage, m_transfersPage, m_runsPage, m_universesPage},
        m_statusPanel);
    QStringList pageTitles;
    for (int page = 0; page < m_navigation->count(); ++page)
        pageTitles << m_navigation->item(page)->text();
    m_actions = new MainWindowActions(this, pageTitles);
    m_actions->fillMenuBar(menuBar(), m_interval);
    const MainWindowLayout::ToolBarItems toolBar = MainWindowLayout::createToolBar(
        this, m_interval, m_transfersPage->pageActions(), m_runsPage->pageActions());
    m_transferActions = toolBar.transferActions;
    m_runActions = toolBar.runActions;
    m_newRunToolBarItem = toolBar.newRun;
    m_listOnlyToolBarItems = toolBar.listOnly;
    connectTransfers();

    connect(m_navigation, &QListWidget::currentRowChanged, this, [this](int row) {
        m_stack->setCurrentIndex(row);
        updateActionStates();
        showRefreshTimeOfCurrentView();
        // The view in front is the one worth fresh data.
        if ((row == LocalSandboxesView || row == RunsView) && !m_local->lastRefreshed().isValid())
            m_local->refresh();
        if (row == AllSandboxesView)
            m_allPage->refresh();
        if (row == UniversesView && m_universes->model()->rowCount() == 0)
            m_universes->refresh();
    });
    connect(m_scheduler, &RefreshScheduler::refreshDue, this, &MainWindow::refreshCurrent);
    connect(session->transport(), &HttpTransport::inFlightChanged, m_statusPanel,
            &StatusBarPanel::setRequestsInFlight);
    connect(session->transport(), &HttpTransport::authenticationFailed, this, [this](int status) {
        m_statusPanel->setConnection(status == 401 ? StatusBarPanel::Connection::KeyMissing
                                                   : StatusBarPanel::Connection::KeyRefused);
        emit apiKeyNeeded(status);
    });
    connect(session, &AppSession::connectionChanged, this, [this] {
        updateTitle();
        m_sandboxes->clear();
        m_local->clear();
        showKlavisConnection();
        refreshCurrent();
    });
    showKlavisConnection();
    for (SandboxListPage *page :
         {static_cast<SandboxListPage *>(m_sandboxesPage), static_cast<SandboxListPage *>(m_localPage)}) {
        connect(page, &SandboxListPage::settingsRequested, this, &MainWindow::settingsRequested);
        connect(page, &SandboxListPage::demoRequested, this, &MainWindow::demoRequested);
    }
    connect(session, &AppSession::blaxelConnectionChanged, this, [this] {
        m_blaxel->clear();
        m_blaxelPage->updateConnection();
        updateActionStates();
    });
    // Blaxel's own refreshes pace the scheduler too; the status bar's connection stays Klavis'.
    connect(m_blaxel, &BlaxelSandboxesController::refreshed, this, [this] {
        m_scheduler->refreshSucceeded();
        showRefreshTimeOfCurrentView();
    });
    connect(m_universes, &UniversesController::refreshed, this, [this] {
        m_scheduler->refreshSucceeded();
        showRefreshTimeOfCurrentView();
    });
    connect(m_blaxel, &BlaxelSandboxesController::refreshFailed, this, [this](const ApiError &error) {
        if (error.httpStatus() == 429)
            m_scheduler->refreshRateLimited(error.retryAfterSeconds());
    });
    connect(m_blaxelPage, &BlaxelSandboxesPage::settingsRequested, this, &MainWindow::settingsRequested);
    connect(session, &AppSession::connectionChanged, this, [this] {
        m_allPage->setProfileName(AllSandboxRow::Provider::Klavis, profileLabel());
        m_allPage->setProfileName(AllSandboxRow::Provider::KlavisLocal, profileLabel());
    });
    connect(session, &AppSession::blaxelConnectionChanged, this,
            [this] { m_allPage->setProfileName(AllSandboxRow::Provider::Blaxel, blaxelProfileLabel()); });
    m_allPage->acceptDrops(m_localPage->workspaceActions(), m_blaxelPage->workspaceActions());
    for (SandboxListController *controller :
         {static_cast<SandboxListController *>(m_sandboxes), static_cast<SandboxListController *>(m_local)}) {
        connect(controller, &SandboxListController::refreshed, this, &MainWindow::onRefreshed);
        connect(controller, &SandboxListController::refreshFailed, this, &MainWindow::onRefreshError);
    }
    QList<QAbstractItemView *> views;
    for (SandboxListPage *page : listPages()) {
        connect(page, &SandboxListPage::statusMessage, this, &MainWindow::showStatusMessage);
        connect(page, &SandboxListPage::selectionChanged, this, &MainWindow::updateActionStates);
        views << page->itemView();
    }
    MainWindowLayout::connectContextMenus(this, views + QList<QAbstractItemView *>{m_transfersPage->view(),
                                                                                   m_runsPage->view(),
                                                                                   m_universesPage->view()});
    // A selected row that turns idle can no longer be released: its status, not only the selection, counts.
    // A refresh of 100,000 rows can send a thousand dataChanged: the states are worked out once after it.
    auto *statesDue = new QTimer(this);
    statesDue->setSingleShot(true);
    statesDue->setInterval(0);
    connect(statesDue, &QTimer::timeout, this, &MainWindow::updateActionStates);
    connect(m_sandboxes->model(), &QAbstractItemModel::dataChanged, statesDue, qOverload<>(&QTimer::start));
    connect(m_local->model(), &QAbstractItemModel::dataChanged, statesDue, qOverload<>(&QTimer::start));
    connect(m_blaxel->model(), &QAbstractItemModel::dataChanged, statesDue, qOverload<>(&QTimer::start));

    QSettings settings;
    restoreGeometry(settings.value(u"window/geometry"_s).toByteArray());
    restoreState(settings.value(u"window/state"_s).toByteArray());
    restoreViewStates();
    m_allPage->setProfileName(AllSandboxRow::Provider::Klavis, profileLabel());
    m_allPage->setProfileName(AllSandboxRow::Provider::KlavisLocal, profileLabel());
    m_allPage->setProfileName(AllSandboxRow::Provider::Blaxel, blaxelProfileLabel());
    if (!settings.contains(u"window/geometry"_s))
        resize(1280, 780);
    m_navigation->setCurrentRow(SandboxesView);
    updateTitle();
    updateActionStates();
    // Window-modal and not waited for: the export's end arrives from the event loop, not a nested one.
    connect(this, &MainWindow::rowsExported, this, [this](const QString &, const QString &error) {
        if (error.isEmpty())
            return;
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), error, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
}

QAction *MainWindow::action(const QString &name) const
{
    return m_actions->action(name);
}

MainWindow::Page MainWindow::currentPage() const
{
    return Page(m_stack->currentIndex());
}

QList<SandboxListPage *> MainWindow::listPages() const
{
    return {m_sandboxesPage, m_localPage, m_blaxelPage, m_allPage};
}

SandboxListPage *MainWindow::currentListPage() const
{
    return qobject_cast<SandboxListPage *>(m_stack->currentWidget());
}

void MainWindow::focusSearch()
{
    if (SandboxListPage *page = currentListPage()) {
        page->focusSearch();
        return;
    }
    if (currentPage() == UniversesView) {
        m_universesPage->focusSearch();
        return;
    }
    showPage(SandboxesView);
    m_sandboxesPage->focusSearch();
}

void MainWindow::saveViewStates() const
{
    for (const SandboxListPage *page : listPages())
        page->saveState();
    m_transfersPage->saveState();
    m_runsPage->saveState();
    m_universesPage->saveState();
}

void MainWindow::restoreViewStates()
{
    for (SandboxListPage *page : listPages())
        page->restoreState();
    m_transfersPage->restoreState();
    m_runsPage->restoreState();
    m_universesPage->restoreState();
}

void MainWindow::showPage(Page page)
{
    m_navigation->setCurrentRow(page);
}

void MainWindow::connectTransfers()
{
    TransferQueue *queue = m_session->transfers();
    connect(queue, &TransferQueue::activeCountChanged, m_statusPanel, &StatusBarPanel::setTransfersInFlight);
    connect(m_statusPanel, &StatusBarPanel::transfersClicked, this, [this] { showPage(TransfersView); });
    connect(m_transfersPage, &TransfersPage::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_notifier, &TransferNotifier::statusMessage, this, &MainWindow::showStatusMessage);
    // The Runs view's leaks, counted in the status bar whatever view is in front.
    connect(m_session->leakMonitor(), &LeakMonitor::leaksChanged, this,
            [this] { m_statusPanel->setLeakCount(m_session->leakMonitor()->count()); });
    connect(m_statusPanel, &StatusBarPanel::leaksClicked, this, [this] { showPage(RunsView); });
    // Sandboxes about to reach the end of their TTL: Klavis cannot extend one, so the person is told.
    connect(m_expiry, &ExpiryNotifier::expiringChanged, m_statusPanel, &StatusBarPanel::setExpiringCount);
    connect(m_expiry, &ExpiryNotifier::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_runsPage, &RunsPage::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_universesPage, &UniversesPage::statusMessage, this, &MainWindow::showStatusMessage);
    // An instance taken or given back belongs in the Runs view (under its run, or as a leak).
    connect(m_universes, &UniversesController::heldChanged, m_runsPage, &RunsPage::reload);
    m_runCoordinator->connectPage(m_runsPage);
    connect(m_runCoordinator, &RunCoordinator::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_runCoordinator, &RunCoordinator::runsChanged, this, [this] {
        m_sandboxes->refresh();
        m_local->refresh();
    });
}

void MainWindow::refreshCurrent()
{
    if (SandboxListPage *page = currentListPage())
        page->refresh();
    else if (currentPage() == UniversesView)
        m_universes->refresh();
    else if (currentPage() == RunsView) {
        // A run's rows come from both lists and the ledger.
        m_sandboxes->refresh();
        m_local->refresh();
        m_runsPage->reload();
    } else
        m_sandboxes->refresh();
}

void MainWindow::onRefreshed()
{
    m_statusPanel->setConnection(StatusBarPanel::Connection::Connected);
    showRefreshTimeOfCurrentView();
    m_scheduler->refreshSucceeded();
}

void MainWindow::showRefreshTimeOfCurrentView()
{
    QList<QDateTime> times;
    switch (currentPage()) {
    case LocalSandboxesView:
        times = {m_local->lastRefreshed()};
        break;
    case BlaxelSandboxesView:
        times = {m_blaxel->lastRefreshed()};
        break;
    case UniversesView:
        times = {m_universes->lastRefreshed()};
        break;
    case AllSandboxesView:
        times = {m_sandboxes->lastRefreshed(), m_local->lastRefreshed()};
        if (m_blaxel->isConnected())
            times << m_blaxel->lastRefreshed();
        break;
    case RunsView:
        times = {m_sandboxes->lastRefreshed(), m_local->lastRefreshed()};
        break;
    case SandboxesView:
    case TransfersView:
        times = {m_sandboxes->lastRefreshed()};
        break;
    }
    const bool unknown =
        std::any_of(times.cbegin(), times.cend(), [](const QDateTime &t) { return !t.isValid(); });
    m_statusPanel->setLastRefresh(unknown ? QDateTime() : *std::min_element(times.cbegin(), times.cend()));
}

void MainWindow::onRefreshError(const ApiError &error)
{
    if (error.httpStatus() == 429)
        m_scheduler->refreshRateLimited(error.retryAfterSeconds());
    if (error.kind() == ApiError::Kind::Network || error.kind() == ApiError::Kind::Timeout)
        m_statusPanel->setConnection(StatusBarPanel::Connection::Offline, error.message());
}

int MainWindow::statusTimeoutMs(const QString &message)
{
    // A long message (a failure's reason) must be read, not glimpsed: time to read it at a slow pace,
    // within reason.
    constexpr int usualMs = 8000;
    return std::clamp(int(message.size()) * 80, usualMs, 30'000);
}

void MainWindow::showStatusMessage(const QString &message)
{
    statusBar()->showMessage(message, statusTimeoutMs(message));
}

QString MainWindow::profileLabel() const
{
    return m_session->isDemo() ? tr("Demo") : m_session->profileName();
}

QString MainWindow::blaxelProfileLabel() const
{
    if (m_session->blaxelProfileName().isEmpty())
        return m_session->isDemo() ? tr("Demo") : QString();
    return m_session->blaxelProfileName();
}

void MainWindow::updateTitle()
{
    const QString profile = m_session->isDemo() ? tr("Demo") : m_session->profileName();
    setWindowTitle(profile.isEmpty() ? u"SandboxDeck"_s : u"SandboxDeck — "_s + profile);
    m_statusPanel->setProfile(m_session->profileName(), m_session->isDemo());
}

void MainWindow::showKlavisConnection()
{
    // Without a key there is nobody to connect to: "Connecting…" would wait forever.
    const bool connected = m_session->hasKey();
    m_sandboxesPage->setConnected(connected);
    m_localPage->setConnected(connected);
    m_statusPanel->setConnection(connected ? StatusBarPanel::Connection::Connecting
                                           : StatusBarPanel::Connection::NoProfile);
    const QString noAccount = connected ? QString() : m_sandboxesPage->connectHint()->title();
    QAction *newRun = action(u"newRun"_s);
    newRun->setEnabled(connected);
    ActionToolTip::show(newRun, noAccount);
    updateActionStates();
}

void MainWindow::updateActionStates()
{
    const Page page = currentPage();
    for (QAction *item : std::as_const(m_listOnlyToolBarItems))
        item->setVisible(page != TransfersView);
    for (QAction *item : std::as_const(m_transferActions))
        item->setVisible(page == TransfersView);
    for (QAction *item : std::as_const(m_runActions))
        item->setVisible(page == RunsView);
    m_newRunToolBarItem->setVisible(page == RunsView);
    PageActions::update(this);
    // A list without an account has nothing to refresh from.
    const SandboxListPage *front = currentListPage();
    action(u"refresh"_s)->setEnabled(front ? front->isConnected() : m_session->hasKey());
}

QList<QAction *> MainWindow::contextMenuActions() const
{
    if (currentPage() == TransfersView)
        return m_transferActions;
    if (currentPage() == RunsView)
        return m_runActions;
    QList<QAction *> actions;
    if (const SandboxListPage *page = currentListPage()) {
        for (const QString &name : page->contextActionNames())
            actions << (name.isEmpty() ? nullptr : action(name));
    } else {
        actions << action(u"refresh"_s);
    }
    return actions;
}

void MainWindow::chooseExportFile()
{
    // The Transfers, Runs and Universes views have no rows to export.
    const SandboxListPage *page = currentListPage();
    if (!page)
        return;
    const QString fileName = RowExportFile::choose(this, page->exportFileName());
    if (fileName.isEmpty())
        return;
    exportVisibleRows(fileName);
}

void MainWindow::exportVisibleRows(const QString &fileName)
{
    const SandboxListPage *page = currentListPage();
    if (!page) {
        emit rowsExported(fileName,
                          currentPage() == RunsView
                              ? tr("The Runs view exports a run's manifest instead (Export Manifest…).")
                          : currentPage() == UniversesView ? tr("The Universes view has no rows to export.")
                                                           : tr("The Transfers view has no rows to export."));
        return;
    }
    // The rows are copied here, on the GUI thread, so that a refresh during the write changes nothing.
    const RowExport rows = page->visibleRows();
    const int rowCount = int(rows.rowCount());
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, fileName, rowCount] {
        watcher->deleteLater();
        const QString error = watcher->result();
        if (error.isEmpty())
            showStatusMessage(
                tr("Exported %n row(s) to %1.", nullptr, rowCount).arg(QDir::toNativeSeparators(fileName)));
        emit rowsExported(fileName, error);
    });
    watcher->setFuture(QtConcurrent::run(&RowExportFile::write, rows, fileName));
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::WindowStateChange)
        m_scheduler->setPaused(isMinimized());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!QuitConfirmation::confirm(m_session->transfers(), this)) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(u"window/geometry"_s, saveGeometry());
    settings.setValue(u"window/state"_s, saveState());
    saveViewStates();
    event->accept();
}
