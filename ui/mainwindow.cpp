#include "mainwindow.h"

#include "api/httptransport.h"
#include "controllers/mainwindowactions.h"
#include "controllers/pageactions.h"
#include "controllers/pagecontextmenu.h"
#include "controllers/refreshintervalchoice.h"
#include "controllers/rowexportfile.h"
#include "controllers/runcoordinator.h"
#include "controllers/transfernotifier.h"
#include "dialogs/quitconfirmation.h"
#include "models/blaxelsandboxlistmodel.h"
#include "models/localsandboxtreemodel.h"
#include "models/sandboxlistmodel.h"
#include "pages/allsandboxespage.h"
#include "pages/blaxelsandboxespage.h"
#include "pages/localsandboxespage.h"
#include "pages/runspage.h"
#include "pages/sandboxespage.h"
#include "pages/transferspage.h"
#include "session/appsession.h"
#include "session/blaxelsandboxescontroller.h"
#include "session/leakmonitor.h"
#include "session/localsandboxescontroller.h"
#include "session/refreshscheduler.h"
#include "session/sandboxescontroller.h"
#include "widgets/highlightedicon.h"
#include "widgets/statusbarpanel.h"
#include "workspace/transferqueue.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QtConcurrent>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
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
      m_runCoordinator(new RunCoordinator(session, this)),
      m_notifier(new TransferNotifier(session->transfers(), this)), m_statusPanel(new StatusBarPanel(this))
{
    setObjectName(u"mainWindow"_s);
    setWindowIcon(QIcon(u":/icons/sandboxdeck.svg"_s));
    m_navigation->setObjectName(u"navigation"_s);
    m_navigation->setIconSize(QSize(22, 22));
    m_navigation->setFrameShape(QFrame::NoFrame);
    m_navigation->setAccessibleName(tr("Views"));
    const std::initializer_list<std::pair<QString, QString>> entries = {
        {tr("Sandboxes"), u":/icons/sandboxes.svg"_s},     {tr("Local sandboxes"), u":/icons/local.svg"_s},
        {tr("Blaxel sandboxes"), u":/icons/blaxel.svg"_s}, {tr("All sandboxes"), u":/icons/all.svg"_s},
        {tr("Transfers"), u":/icons/transfers.svg"_s},     {tr("Runs"), u":/icons/runs.svg"_s}};
    for (const auto &[text, icon] : entries)
        new QListWidgetItem(HighlightedIcon::withSelectedColour(QIcon(icon),
                                                                palette().color(QPalette::HighlightedText),
                                                                m_navigation->iconSize()),
                            text, m_navigation);
    m_navigation->setFixedWidth(m_navigation->sizeHintForColumn(0) + 24);
    m_navigation->setSpacing(2);

    m_stack->addWidget(m_sandboxesPage);
    m_stack->addWidget(m_localPage);
    m_stack->addWidget(m_blaxelPage);
    m_stack->addWidget(m_allPage);
    m_stack->addWidget(m_transfersPage);
    m_stack->addWidget(m_runsPage);
    auto *central = new QWidget(this);
    auto *layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_navigation);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);
    statusBar()->addPermanentWidget(m_statusPanel);

    QStringList pageTitles;
    for (int page = 0; page < m_navigation->count(); ++page)
        pageTitles << m_navigation->item(page)->text();
    m_actions = new MainWindowActions(this, pageTitles);
    m_actions->fillMenuBar(menuBar(), m_interval);
    createToolBar();
    connectTransfers();

    connect(m_navigation, &QListWidget::currentRowChanged, this, [this](int row) {
        m_stack->setCurrentIndex(row);
        updateActionStates();
        // The view in front is the one worth fresh data.
        if ((row == LocalSandboxesView || row == RunsView) && !m_local->lastRefreshed().isValid())
            m_local->refresh();
        if (row == AllSandboxesView)
            m_allPage->refreshAll();
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
        m_statusPanel->setConnection(StatusBarPanel::Connection::Connecting);
        refreshCurrent();
    });
    connect(session, &AppSession::blaxelConnectionChanged, this, [this] {
        m_blaxel->clear();
        m_blaxelPage->updateConnection();
        updateActionStates();
    });
    // Blaxel's own refreshes pace the scheduler too; the status bar's connection stays Klavis'.
    connect(m_blaxel, &BlaxelSandboxesController::refreshed, m_scheduler,
            &RefreshScheduler::refreshSucceeded);
    connect(m_blaxel, &BlaxelSandboxesController::refreshFailed, this, [this](const ApiError &error) {
        if (error.httpStatus() == 429)
            m_scheduler->refreshRateLimited(error.retryAfterSeconds());
    });
    connect(m_blaxelPage, &BlaxelSandboxesPage::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_blaxelPage, &BlaxelSandboxesPage::settingsRequested, this, &MainWindow::settingsRequested);
    connect(m_blaxelPage, &BlaxelSandboxesPage::selectionChanged, this, &MainWindow::updateActionStates);
    connect(session, &AppSession::connectionChanged, this, [this] {
        m_allPage->setProfileName(AllSandboxRow::Provider::Klavis, profileLabel());
        m_allPage->setProfileName(AllSandboxRow::Provider::KlavisLocal, profileLabel());
    });
    connect(session, &AppSession::blaxelConnectionChanged, this,
            [this] { m_allPage->setProfileName(AllSandboxRow::Provider::Blaxel, blaxelProfileLabel()); });
    connect(m_allPage, &AllSandboxesPage::statusMessage, this, &MainWindow::showStatusMessage);
    m_allPage->acceptDrops(m_localPage->workspaceActions(), m_blaxelPage->workspaceActions());
    connect(m_allPage, &AllSandboxesPage::selectionChanged, this, &MainWindow::updateActionStates);
    connect(m_sandboxes, &SandboxesController::refreshed, this, &MainWindow::onRefreshed);
    connect(m_local, &LocalSandboxesController::refreshed, this, &MainWindow::onRefreshed);
    connect(m_sandboxes, &SandboxesController::refreshFailed, this, &MainWindow::onRefreshError);
    connect(m_local, &LocalSandboxesController::refreshFailed, this, &MainWindow::onRefreshError);
    connect(m_sandboxesPage, &SandboxesPage::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_localPage, &LocalSandboxesPage::statusMessage, this, &MainWindow::showStatusMessage);
    for (QAbstractItemView *view : {static_cast<QAbstractItemView *>(m_sandboxesPage->view()),
                                    static_cast<QAbstractItemView *>(m_localPage->view()),
                                    static_cast<QAbstractItemView *>(m_blaxelPage->view()),
                                    static_cast<QAbstractItemView *>(m_allPage->view()),
                                    static_cast<QAbstractItemView *>(m_transfersPage->view()),
                                    static_cast<QAbstractItemView *>(m_runsPage->view())}) {
        view->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(view, &QWidget::customContextMenuRequested, this, [this, view](const QPoint &position) {
            PageContextMenu::popup(view, position, contextMenuActions(), this);
        });
    }
    // A selected row that turns idle can no longer be released: its status, not only the selection, counts.
    // A refresh of 100,000 rows can send a thousand dataChanged: the states are worked out once after it.
    auto *statesDue = new QTimer(this);
    statesDue->setSingleShot(true);
    statesDue->setInterval(0);
    connect(statesDue, &QTimer::timeout, this, &MainWindow::updateActionStates);
    connect(m_sandboxes->model(), &QAbstractItemModel::dataChanged, statesDue, qOverload<>(&QTimer::start));
    connect(m_local->model(), &QAbstractItemModel::dataChanged, statesDue, qOverload<>(&QTimer::start));
    connect(m_blaxel->model(), &QAbstractItemModel::dataChanged, statesDue, qOverload<>(&QTimer::start));
    connect(m_sandboxesPage, &SandboxesPage::selectionChanged, this, &MainWindow::updateActionStates);
    connect(m_localPage, &LocalSandboxesPage::selectionChanged, this, &MainWindow::updateActionStates);

    QSettings settings;
    restoreGeometry(settings.value(u"window/geometry"_s).toByteArray());
    restoreState(settings.value(u"window/state"_s).toByteArray());
    m_sandboxesPage->restoreState();
    m_localPage->restoreState();
    m_blaxelPage->restoreState();
    m_allPage->restoreState();
    m_transfersPage->restoreState();
    m_runsPage->restoreState();
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

void MainWindow::createToolBar()
{
    auto *bar = addToolBar(tr("Main"));
    bar->setObjectName(u"mainToolBar"_s);
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(action(u"acquire"_s));
    bar->addAction(action(u"release"_s));
    bar->addAction(action(u"reset"_s));
    bar->addAction(action(u"blaxelCreate"_s));
    bar->addAction(action(u"blaxelDelete"_s));
    m_listOnlyToolBarItems << bar->addSeparator();
    bar->addAction(action(u"copyMcpConfig"_s));
    bar->addAction(action(u"uploadWorkspace"_s));
    bar->addAction(action(u"saveDump"_s));
    bar->addAction(action(u"extractDump"_s));
    m_transferActions = m_transfersPage->pageActions();
    bar->addActions(m_transferActions);
    // New Run is on the menu and its shortcut works in every view; on the toolbar only in the Runs view. A
    // button of its own, so that hiding it there leaves the action itself alone.
    auto *newRun = new QToolButton(bar);
    newRun->setDefaultAction(action(u"newRun"_s));
    newRun->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_newRunToolBarItem = bar->addWidget(newRun);
    m_runActions = m_runsPage->pageActions();
    bar->addActions(m_runActions);
    m_listOnlyToolBarItems << bar->addSeparator();
    bar->addAction(action(u"refresh"_s));
    m_listOnlyToolBarItems << bar->addWidget(m_interval->createComboBox(bar));
    auto *spacer = new QWidget(bar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(spacer);
    bar->addAction(action(u"settings"_s));
}

MainWindow::Page MainWindow::currentPage() const
{
    return Page(m_stack->currentIndex());
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
    connect(m_runsPage->leakMonitor(), &LeakMonitor::leaksChanged, this,
            [this] { m_statusPanel->setLeakCount(m_runsPage->leakMonitor()->count()); });
    connect(m_statusPanel, &StatusBarPanel::leaksClicked, this, [this] { showPage(RunsView); });
    connect(m_runsPage, &RunsPage::statusMessage, this, &MainWindow::showStatusMessage);
    m_runCoordinator->connectPage(m_runsPage);
    connect(m_runCoordinator, &RunCoordinator::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_runCoordinator, &RunCoordinator::runsChanged, this, [this] {
        m_sandboxes->refresh();
        m_local->refresh();
    });
}

void MainWindow::refreshCurrent()
{
    if (currentPage() == LocalSandboxesView)
        m_local->refresh();
    else if (currentPage() == BlaxelSandboxesView)
        m_blaxel->refresh();
    else if (currentPage() == AllSandboxesView)
        m_allPage->refreshAll();
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
    m_statusPanel->setLastRefresh(QDateTime::currentDateTimeUtc());
    m_scheduler->refreshSucceeded();
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
    PageActions::update(this, page);
}

QList<QAction *> MainWindow::contextMenuActions() const
{
    if (currentPage() == TransfersView)
        return m_transferActions;
    if (currentPage() == RunsView)
        return m_runActions;
    QList<QAction *> actions;
    for (const QString &name : PageActions::names(currentPage()))
        actions << (name.isEmpty() ? nullptr : action(name));
    return actions;
}

void MainWindow::chooseExportFile()
{
    QString suggested;
    switch (currentPage()) {
    case SandboxesView:
        suggested = u"sandboxes.csv"_s;
        break;
    case LocalSandboxesView:
        suggested = u"local-sandboxes.csv"_s;
        break;
    case BlaxelSandboxesView:
        suggested = u"blaxel-sandboxes.csv"_s;
        break;
    case AllSandboxesView:
        suggested = u"all-sandboxes.csv"_s;
        break;
    case TransfersView:
    case RunsView:
        return;
    }
    const QString fileName = RowExportFile::choose(this, suggested);
    if (fileName.isEmpty())
        return;
    exportVisibleRows(fileName);
}

void MainWindow::exportVisibleRows(const QString &fileName)
{
    if (currentPage() == TransfersView || currentPage() == RunsView) {
        emit rowsExported(fileName,
                          currentPage() == RunsView
                              ? tr("The Runs view exports a run's manifest instead (Export Manifest…).")
                              : tr("The Transfers view has no rows to export."));
        return;
    }
    // The rows are copied here, on the GUI thread, so that a refresh during the write changes nothing.
    const RowExport rows = currentPage() == SandboxesView         ? m_sandboxesPage->visibleRows()
                           : currentPage() == LocalSandboxesView  ? m_localPage->visibleRows()
                           : currentPage() == BlaxelSandboxesView ? m_blaxelPage->visibleRows()
                                                                  : m_allPage->visibleRows();
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
    m_sandboxesPage->saveState();
    m_localPage->saveState();
    m_blaxelPage->saveState();
    m_allPage->saveState();
    m_transfersPage->saveState();
    m_runsPage->saveState();
    event->accept();
}
