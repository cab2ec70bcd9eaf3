#pragma once

// The fixture of tst_screenshots: one executable (CI cost) in parts, each a test class of its own file:
// tst_screenshotsviews.cpp (every view in the README's themes and languages), tst_screenshotssizes.cpp (the
// views at the window sizes a user is likely to have), tst_screenshotsdialogs.cpp (Settings with profiles,
// the New run wizard and the reconcile dialog). tst_screenshots.cpp runs them in turn.

#include "../postedevents.h"
#include "api/apiresult.h"
#include "demoapp.h"
#include "screenshotfile.h"
#include "serviceharness.h"

#include "allsandboxes/allsandboxespage.h"
#include "blaxel/blaxelcreatedialog.h"
#include "blaxel/blaxelsandboxespage.h"
#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "common/elasticcolumn.h"
#include "common/jsontreeview.h"
#include "inspector/inspectpage.h"
#include "inspector/sandboxworktabs.h"
#include "klavis/acquiredialog.h"
#include "klavis/sandboxdetailspane.h"
#include "ledger/ledgeraccess.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "local/localworkspaceactions.h"
#include "models/allsandboxesmodel.h"
#include "models/blaxelsandboxlistmodel.h"
#include "models/jsontreemodel.h"
#include "models/mcptoollistmodel.h"
#include "models/sandboxlistmodel.h"
#include "models/universelistmodel.h"
#include "preferences/blaxelimportdialog.h"
#include "preferences/profileform.h"
#include "preferences/settingsdialog.h"
#include "preferences/themeapplier.h"
#include "runsview/newrunplanpage.h"
#include "runsview/newrunprogresspage.h"
#include "runsview/newrunsandboxespage.h"
#include "runsview/newrunwizard.h"
#include "runsview/reconciledialog.h"
#include "runsview/runspage.h"
#include "serverdata/sandboxdatapage.h"
#include "session/blaxelsandboxescontroller.h"
#include "session/leakmonitor.h"
#include "session/universescontroller.h"
#include "settings/credentialstore.h"
#include "settings/profilestore.h"
#include "settings/themesetting.h"
#include "transfers/transferspage.h"
#include "universes/universeinstancetab.h"
#include "universes/universespage.h"
#include "universes/universetaskstab.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"
#include <QLineEdit>
#include <QTableWidget>

#include <algorithm>
#include <memory>
#include <QDir>
#include <QDragEnterEvent>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QPalette>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyleFactory>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>

namespace ScreenshotsTest {

using namespace Qt::StringLiterals;

inline QString outputDir()
{
    return QStringLiteral(SANDBOXDECK_SCREENSHOT_DIR);
}

// A picture shows what is there when it is taken. Once the data it shows have arrived (each caller waits for
// its own), what is left is the lists' column fit, which waits a quarter second after rows arrive
// (ElasticColumn) and is done here at once, and the layout passes that posts and the changes before it did.
inline void save(QWidget *widget, const QString &name)
{
    for (ElasticColumn *columns : widget->window()->findChildren<ElasticColumn *>())
        columns->fit();
    QVERIFY(PostedEvents::layoutsSettled());
    ScreenshotFile::save(widget, outputDir(), name);
}

// `dialog` shown and on screen, for save().
inline bool exposed(QWidget *dialog)
{
    return QTest::qWaitForWindowExposed(dialog);
}

// The All sandboxes view once every provider's rows are in, the first three rows selected.
inline bool showAllSandboxes(MainWindow *window)
{
    window->showPage(MainWindow::AllSandboxesView);
    AllSandboxesModel *model = window->allSandboxesPage()->model();
    const auto hasAllProviders = [model] {
        QSet<int> providers;
        for (int row = 0; row < model->rowCount(); ++row)
            providers.insert(int(model->rowAt(row).provider));
        return providers.size() == 3;
    };
    if (!QTest::qWaitFor(hasAllProviders, 10000))
        return false;
    QTableView *table = window->allSandboxesPage()->view();
    // Several rows: the pane sums them up from the rows themselves, nothing to fetch.
    table->selectionModel()->select(QItemSelection(table->model()->index(0, 0), table->model()->index(2, 0)),
                                    QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

// The Blaxel view with `name` selected and its details loaded.
inline bool showBlaxelSandbox(MainWindow *window, const QString &name)
{
    window->showPage(MainWindow::BlaxelSandboxesView);
    QTableView *table = window->blaxelSandboxesPage()->view();
    if (!QTest::qWaitFor([table] { return table->model()->rowCount() > 0; }, 10000))
        return false;
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        if (table->model()->index(row, 0).data(BlaxelSandboxListModel::NameRole).toString() == name) {
            QSignalSpy loaded(window->blaxelSandboxesController(), &BlaxelSandboxesController::detailsLoaded);
            table->selectRow(row);
            return !loaded.isEmpty() || loaded.wait(10000);
        }
    }
    return false;
}

// The Runs view with a run of the ledger (three of the demo's occupied sandboxes, one released), the
// runs the seed's tags make, and the leaks of the demo; the ledger's run selected.
inline bool showRuns(const DemoApp &app)
{
    QList<LedgerSandbox> sandboxes;
    const SandboxListModel *listed = app.controller()->window()->sandboxesController()->model();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (int row = 0; row < listed->rowCount() && sandboxes.size() < 4; ++row) {
        const SandboxSummary &summary = listed->sandboxAt(row);
        if (summary.status != u"occupied"_s)
            continue;
        LedgerSandbox sandbox;
        sandbox.sandboxId = summary.sandboxId;
        sandbox.servers = {summary.serverName};
        sandbox.run = u"swe-eval-0412"_s;
        sandbox.ttlSeconds = 3600;
        sandbox.acquiredAt = now.addSecs(-600 - 60 * sandboxes.size());
        sandboxes.append(sandbox);
    }
    LedgerWorker *ledger = app.controller()->session()->ledger();
    ledger->post<LedgerDone>([sandboxes](RunLedger &ledger) -> LedgerResult<LedgerDone> {
        LedgerRun run;
        run.name = u"swe-eval-0412"_s;
        run.state = LedgerRunState::Open;
        run.benchmark = u"swe-bench"_s;
        run.createdAt = QDateTime::currentDateTimeUtc().addSecs(-900);
        run.ttlSeconds = 3600;
        (void)ledger.createRun(run);
        for (const LedgerSandbox &sandbox : sandboxes)
            (void)ledger.recordAcquired(sandbox);
        if (!sandboxes.isEmpty())
            (void)ledger.recordReleased(LedgerProvider::Klavis, sandboxes.last().sandboxId,
                                        LedgerRelease::Released);
        return LedgerDone{};
    });
    ledger->flush();
    MainWindow *window = app.window();
    window->showPage(MainWindow::RunsView);
    RunsPage *page = window->runsPage();
    if (!QTest::qWaitFor([page] { return page->selectRun(u"swe-eval-0412"_s); }, 10000))
        return false;
    QSignalSpy leaksCounted(page->leakMonitor(), &LeakMonitor::leaksChanged);
    page->leakMonitor()->recompute();
    return (!leaksCounted.isEmpty() || leaksCounted.wait(10000)) && page->leakMonitor()->count() > 0;
}

// The Universes view with the demo's software universe chosen and `tab` in front: its initial data
// expanded a level, its tasks loaded with task 2 chosen, or an instance acquired and task 2 verified
// against it (FAILED with the reason, as a fresh instance is).
inline bool showUniverses(MainWindow *window, UniversesPage::Tab tab)
{
    window->showPage(MainWindow::UniversesView);
    UniversesPage *page = window->universesPage();
    UniversesController *controller = window->universesController();
    if (!QTest::qWaitFor([controller] { return controller->model()->rowCount() > 0; }, 10000))
        return false;
    const QString universe = u"acme-software"_s;
    page->tabs()->setCurrentIndex(UniversesPage::InitialDataTab);
    page->selectUniverse(universe);
    if (page->currentUniverseId() != universe)
        return false;
    if (tab == UniversesPage::InitialDataTab) {
        JsonTreeView *data = page->initialDataView();
        if (!QTest::qWaitFor([data] { return data->model()->rowCount() > 0 && !data->isBusy(); }, 10000))
            return false;
        data->expandAll(); // fetches every level; then the services and their collections are shown
        data->treeView()->collapseAll();
        data->treeView()->expandToDepth(1);
        return true;
    }
    page->tabs()->setCurrentIndex(UniversesPage::TasksTab);
    UniverseTasksTab *tasks = page->tasksTab();
    const int count = tasks->taskList()->rowCount();
    if (!QTest::qWaitFor([tasks, count] { return tasks->loadedCount() == count; }, 20000))
        return false;
    tasks->selectTask(u"2"_s); // loaded above: shown at once
    if (tab == UniversesPage::TasksTab)
        return true;
    page->tabs()->setCurrentIndex(UniversesPage::InstanceTab);
    UniverseInstanceTab *instance = page->instanceTab();
    instance->runField()->setText(u"support-eval"_s);
    instance->acquire();
    if (!QTest::qWaitFor([instance] { return !instance->currentInstanceId().isEmpty(); }, 10000))
        return false;
    QSignalSpy verdict(instance, &UniverseInstanceTab::verdictShown);
    instance->verify();
    return verdict.wait(10000);
}

std::unique_ptr<QObject> newViewsTest();
std::unique_ptr<QObject> newSizesTest();
std::unique_ptr<QObject> newDialogsTest();

} // namespace ScreenshotsTest
