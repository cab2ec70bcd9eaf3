// Every view of a sandbox reads the session's stores: the details panes follow their row's identity through
// a release, a deployment and a removal, and the leak count is the account's whatever a view filters. Driven
// as a person drives the window, against the in-process demo emulator over real HTTP.

#include "demoapp.h"
#include "emulatorprobe.h"

#include "api/blaxelcreaterequest.h"
#include "blaxel/blaxelsandboxdetailspane.h"
#include "blaxel/blaxelsandboxespage.h"
#include "common/jsontreeview.h"
#include "inspector/sandboxworktabs.h"
#include "klavis/sandboxdetailspane.h"
#include "klavis/sandboxespage.h"
#include "mainwindow/statusbarpanel.h"
#include "models/blaxelsandboxlistmodel.h"
#include "models/sandboxlistmodel.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "serverdata/sandboxdatapage.h"
#include "session/blaxelsandboxescontroller.h"
#include "session/leakmonitor.h"
#include "session/refreshscheduler.h"
#include "session/universescontroller.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>

#include <optional>

using namespace Qt::StringLiterals;

class TestOneSourceOfTruth : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<DemoApp> app;

    SandboxesController *klavis() const { return app->window()->sandboxesController(); }

    // Selects the Klavis sandbox `key` in the Sandboxes view.
    bool selectKlavis(const SandboxKey &key) const
    {
        QTableView *view = app->sandboxesPage()->view();
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            const QModelIndex index = view->model()->index(row, 0);
            if (index.data(SandboxListModel::SandboxIdRole).toString() == key.sandboxId) {
                view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                   QItemSelectionModel::Rows);
                return true;
            }
        }
        return false;
    }

    // An occupied Klavis sandbox of the demo account, as the store lists it.
    SandboxKey occupiedSandbox() const
    {
        for (const SandboxSummary &sandbox : klavis()->store()->snapshot()->items) {
            if (sandbox.status == u"occupied")
                return {sandbox.serverName, sandbox.sandboxId};
        }
        return {};
    }

    bool refreshedKlavis()
    {
        QSignalSpy refreshed(klavis(), &SandboxListController::refreshed);
        klavis()->refresh();
        return refreshed.wait(10000);
    }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        app->window()->scheduler()->setIntervalSeconds(0); // the tests refresh by hand
        app->window()->resize(1280, 780);
        app->window()->show();
        QVERIFY(app->waitForSandboxes());
        QTRY_VERIFY(!klavis()->isRefreshing());
    }

    void cleanup() { app.reset(); }

    // After a release the pane says what the row says: idle, and the lease's MCP URL is gone with it.
    void aReleasedRowsPaneShowsIdleAndNoUrl()
    {
        const SandboxKey key = occupiedSandbox();
        QVERIFY(!key.sandboxId.isEmpty());
        QVERIFY(selectKlavis(key));
        SandboxDetailsPane *pane = app->sandboxesPage()->detailsPane();
        QTRY_VERIFY(pane->shownUrlCount() > 0); // the details arrived with the lease's URL
        QCOMPARE(pane->shownStatus(), u"occupied"_s);
        QTRY_VERIFY(app->sandboxesPage()->workTabs()->serverChoice()->count() > 0);

        QSignalSpy finished(klavis(), &SandboxListController::bulkFinished);
        klavis()->runBulk(SandboxesController::Bulk::Release, {key});
        QVERIFY(finished.wait(10000));
        // The release refreshes the list; the row and the pane follow the store.
        QTRY_COMPARE(klavis()->store()->find(key) ? klavis()->store()->find(key)->status : QString(),
                     u"idle"_s);
        QTRY_COMPARE(pane->shownStatus(), u"idle"_s);
        QTRY_COMPARE(pane->shownUrlCount(), 0);
        QCOMPARE(app->sandboxesPage()->workTabs()->serverChoice()->count(), 0);
        QCOMPARE(app->sandboxesPage()->selectedKeys().size(), 1); // still selected: the same sandbox
    }

    // A dump shown from before a reset says it is stale once the list shows the reset; a new dump is not.
    void aDumpFromBeforeAResetSaysItIsStale()
    {
        SandboxDataPage *data = app->sandboxesPage()->dataPage();
        SandboxKey key;
        for (const SandboxSummary &sandbox : klavis()->store()->snapshot()->items)
            if (sandbox.status == u"occupied" && selectKlavis({sandbox.serverName, sandbox.sandboxId}) &&
                data->hasDataEndpoints()) {
                key = {sandbox.serverName, sandbox.sandboxId};
                break;
            }
        QVERIFY2(!key.sandboxId.isEmpty(),
                 "the demo has an occupied sandbox of a server with data endpoints");
        QSignalSpy shown(data, &SandboxDataPage::dumpShown);
        data->dump();
        QVERIFY(shown.wait(10000));
        QVERIFY2(data->statusLabel()->text().startsWith(u"Dumped "_s),
                 qPrintable(data->statusLabel()->text()));

        QSignalSpy finished(klavis(), &SandboxListController::bulkFinished);
        klavis()->runBulk(SandboxesController::Bulk::Reset, {key});
        QVERIFY(finished.wait(10000));
        QVERIFY(refreshedKlavis());
        QTRY_VERIFY2(data->statusLabel()->text().startsWith(u"Stale: dumped "_s),
                     qPrintable(data->statusLabel()->text()));
        QVERIFY(data->treeView()->json().isObject()); // the old tree stays, marked

        data->dump();
        QVERIFY(shown.wait(10000));
        QVERIFY2(data->statusLabel()->text().startsWith(u"Dumped "_s),
                 qPrintable(data->statusLabel()->text()));
    }

    // The leaks are the account's: a filter in the Sandboxes view changes what it shows, never the count.
    void theLeakCountIsTheSameUnderEveryFilter()
    {
        LeakMonitor *leaks = app->controller()->session()->leakMonitor();
        QTRY_VERIFY(leaks->count() > 0);
        QVERIFY(refreshedKlavis());
        QTRY_VERIFY(!klavis()->isRefreshing());
        const int before = leaks->count();
        const QString text = app->window()->statusPanel()->leaksIndicator()->text();
        SandboxFilterBar *bar = app->sandboxesPage()->filterBar();
        for (const QString &server : {u"github"_s, u"slack"_s}) {
            bar->clearFilters();
            QComboBox *servers = nullptr;
            for (QComboBox *combo : bar->findChildren<QComboBox *>()) {
                if (combo->findText(server) >= 0)
                    servers = combo;
            }
            QVERIFY(servers);
            servers->setCurrentIndex(servers->findText(server));
            QVERIFY(app->sandboxesPage()->view()->model()->rowCount() < klavis()->model()->rowCount());
            QSignalSpy changed(leaks, &LeakMonitor::leaksChanged);
            QVERIFY(refreshedKlavis());
            QTRY_VERIFY(!changed.isEmpty());
            QCOMPARE(leaks->count(), before);
            QCOMPARE(app->window()->statusPanel()->leaksIndicator()->text(), text);
        }
    }

    // "Refreshed ... ago" is the time of the list in front, not the Klavis list's on every view.
    void theRefreshTimeIsTheViewsOwn()
    {
        MainWindow *window = app->window();
        window->showPage(MainWindow::SandboxesView);
        QVERIFY(refreshedKlavis());
        const QDateTime klavis = window->sandboxesController()->lastRefreshed();
        QCOMPARE(window->statusPanel()->lastRefresh(), klavis);
        window->showPage(MainWindow::BlaxelSandboxesView);
        BlaxelSandboxesController *blaxel = window->blaxelSandboxesController();
        blaxel->refresh();
        QTRY_VERIFY(blaxel->lastRefreshed().isValid() && blaxel->lastRefreshed() != klavis);
        QTRY_COMPARE(window->statusPanel()->lastRefresh(), blaxel->lastRefreshed());
        window->showPage(MainWindow::UniversesView);
        UniversesController *universes = window->universesController();
        QTRY_VERIFY(universes->lastRefreshed().isValid());
        QTRY_COMPARE(window->statusPanel()->lastRefresh(), universes->lastRefreshed());
        // Back on a view: its own time again.
        window->showPage(MainWindow::BlaxelSandboxesView);
        QCOMPARE(window->statusPanel()->lastRefresh(), blaxel->lastRefreshed());
    }

    // A Blaxel sandbox created here deploys while it is selected: its pane moves on with its row.
    void aBlaxelPaneFollowsItsRow()
    {
        Emulator::BlaxelSettings settings = EmulatorProbe(app->emulator()).blaxelSettings();
        settings.transitionMs = 500;
        app->emulator()->setBlaxelSettings(settings);
        app->window()->showPage(MainWindow::BlaxelSandboxesView);
        BlaxelSandboxesController *blaxel = app->window()->blaxelSandboxesController();
        QTRY_VERIFY(blaxel->lastRefreshed().isValid());
        BlaxelCreateRequest request;
        request.name = u"follow-me"_s;
        request.image = u"blaxel/base-image:latest"_s;
        QSignalSpy listed(blaxel, &BlaxelSandboxesController::createdSandboxListed);
        std::optional<ApiResult<BlaxelSandbox>> created;
        blaxel->create(request, this, [&](const ApiResult<BlaxelSandbox> &result) { created = result; });
        QTRY_VERIFY_WITH_TIMEOUT(created.has_value(), 10000);
        QVERIFY2(created->ok(), qPrintable(created->ok() ? QString() : created->error().fullText()));
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 10000);
        BlaxelSandboxesPage *page = app->window()->blaxelSandboxesPage();
        page->selectSandbox(u"follow-me"_s);
        BlaxelSandboxDetailsPane *pane = page->detailsPane();
        QTRY_COMPARE(pane->currentName(), u"follow-me"_s);
        QCOMPARE(pane->shownStatus(), u"DEPLOYING"_s);
        // The row turns DEPLOYED at a refresh; the pane with it, without a click. A refresh asked for while
        // one is in flight replaces it, so the next is asked only once the last has answered.
        const auto deployed = [blaxel] {
            if (!blaxel->isRefreshing())
                blaxel->refresh();
            return blaxel->store()->find(u"follow-me"_s)->status == u"DEPLOYED";
        };
        QTRY_VERIFY_WITH_TIMEOUT(deployed(), 10000);
        QTRY_COMPARE(pane->shownStatus(), u"DEPLOYED"_s);
        // Deleted for good: the pane says it is gone once the list no longer has it.
        QSignalSpy finished(blaxel, &SandboxListController::bulkFinished);
        blaxel->deleteSandboxes({u"follow-me"_s});
        QVERIFY(finished.wait(10000));
        QTRY_VERIFY(pane->shownStatus() == u"TERMINATED"_s || pane->currentName().isEmpty());
    }
};

QTEST_MAIN(TestOneSourceOfTruth)
#include "tst_onesourceoftruth.moc"
