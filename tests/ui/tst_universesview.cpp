// The Universes view on the demo emulator, end to end: the catalogue, a universe's initial data and tasks,
// an instance acquired in a run (in the ledger, the Runs view and the run's manifest), a task done through
// the instance's MCP tools and verified as passed, a fresh instance failing it with the reason shown, and
// the run's Release All giving the instance back.

#include "common/errorbanner.h"
#include "common/jsontreeview.h"
#include "demoapp.h"
#include "emulator/klavis/universecatalog.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"
#include "models/jsontreemodel.h"
#include "models/runlistmodel.h"
#include "models/universelistmodel.h"
#include "runsview/runcoordinator.h"
#include "runsview/runspage.h"
#include "session/refreshscheduler.h"
#include "session/universescontroller.h"
#include "universes/universeinstancetab.h"
#include "universes/universespage.h"
#include "universes/universetaskstab.h"

#include <QAbstractButton>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTabWidget>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

namespace {

const QString universeId = u"acme-software"_s;
const QString runName = u"univ-run"_s;
// Its only instance given back, univ-run is released and takes no new one: the next acquire names another.
const QString againRunName = u"univ-run-again"_s;

// Clicks `text` on the next message box and counts it.
void answerConfirmation(const QString &text, int *asked)
{
    answerNextDialog<QMessageBox>([text, asked](QMessageBox *box) {
        ++*asked;
        for (QAbstractButton *button : box->buttons())
            if (button->text() == text) {
                button->click();
                return;
            }
        box->reject();
    });
}

} // namespace

class TestUniversesView : public QObject
{
    Q_OBJECT

    std::unique_ptr<DemoApp> app;

    UniversesPage *page() const { return app->window()->universesPage(); }
    UniverseInstanceTab *instanceTab() const { return page()->instanceTab(); }

    QList<LedgerSandbox> heldInstances()
    {
        QList<LedgerSandbox> held;
        bool answered = false;
        app->window()->universesController()->loadHeld(
            this, [&](const QList<LedgerSandbox> &list, const QString &) {
                held = list;
                answered = true;
            });
        if (!QTest::qWaitFor([&] { return answered; }, 10000))
            qWarning("the ledger did not answer");
        return held;
    }

    // Acquires with the tab's button and waits for the held list to show the new instance.
    QString acquire()
    {
        const QString before = instanceTab()->currentInstanceId();
        QSignalSpy loaded(instanceTab(), &UniverseInstanceTab::heldLoaded);
        instanceTab()->acquire();
        if (!QTest::qWaitFor(
                [&] { return !loaded.isEmpty() && instanceTab()->currentInstanceId() != before; }, 10000))
            return {};
        return instanceTab()->currentInstanceId();
    }

    bool verify(bool *passed)
    {
        QSignalSpy shown(instanceTab(), &UniverseInstanceTab::verdictShown);
        instanceTab()->verify();
        if (!shown.wait(10000))
            return false;
        *passed = shown.first().first().toBool();
        return true;
    }

private slots:
    void initTestCase()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        app->window()->scheduler()->setIntervalSeconds(0);
    }

    void cleanupTestCase() { app.reset(); }

    void catalogueListsTheEmulatorsUniverses()
    {
        app->window()->showPage(MainWindow::UniversesView);
        QCOMPARE(app->window()->currentPage(), MainWindow::UniversesView);
        QCOMPARE(app->window()->action(u"page%1"_s.arg(int(MainWindow::UniversesView)))->shortcut(),
                 QKeySequence(u"Ctrl+7"_s));
        UniverseListModel *model = app->window()->universesController()->model();
        QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() > 0, 10000);
        QStringList listed;
        for (const Universe &universe : model->universes())
            listed << universe.id;
        listed.sort();
        QStringList seeded = Emulator::UniverseCatalog::instance().universeIds();
        seeded.sort();
        QCOMPARE(listed, seeded);
        // The first is chosen; the search narrows the list.
        QVERIFY(!page()->currentUniverseId().isEmpty());
        page()->searchField()->setText(u"no such universe at all"_s);
        QCOMPARE(page()->view()->model()->rowCount(), 0);
        page()->searchField()->clear();
        QCOMPARE(page()->view()->model()->rowCount(), model->rowCount());
    }

    void initialDataTreeHasTheServices()
    {
        page()->tabs()->setCurrentIndex(UniversesPage::InitialDataTab);
        QSignalSpy shown(page(), &UniversesPage::initialDataShown);
        page()->selectUniverse(universeId);
        QCOMPARE(page()->currentUniverseId(), universeId);
        QVERIFY(shown.wait(10000));
        const auto universe = Emulator::UniverseCatalog::instance().universe(universeId);
        QVERIFY(universe.has_value());
        const QJsonObject data = page()->initialDataView()->json().toObject();
        QCOMPARE(data.keys(), Emulator::UniverseCatalog::services(*universe));
        QVERIFY(data.contains(u"slack"_s));
        QTRY_COMPARE(page()->initialDataView()->model()->rowCount(), data.size());
        // The personas are listed.
        QCOMPARE(page()->personaTable()->rowCount(), universe->value(u"personas"_s).toArray().size());
        QVERIFY(page()->personaTable()->rowCount() > 0);
    }

    void tasksLoadWithTheirPrompt()
    {
        page()->tabs()->setCurrentIndex(UniversesPage::TasksTab);
        UniverseTasksTab *tasks = page()->tasksTab();
        const int count = int(
            Emulator::UniverseCatalog::taskNums(*Emulator::UniverseCatalog::instance().universe(universeId))
                .size());
        QCOMPARE(tasks->taskList()->rowCount(), count);
        QTRY_COMPARE_WITH_TIMEOUT(tasks->loadedCount(), count, 20000);
        tasks->selectTask(u"2"_s);
        QCOMPARE(tasks->currentTaskNumber(), u"2"_s);
        const UniverseTask *task = app->window()->universesController()->cachedTask(universeId, u"2"_s);
        QVERIFY(task);
        QVERIFY(!task->prompt.isEmpty());
        QCOMPARE(tasks->promptEdit()->toPlainText(), task->prompt);
        QVERIFY(tasks->promptEdit()->isReadOnly());
        tasks->copyPrompt();
        QCOMPARE(QGuiApplication::clipboard()->text(), task->prompt);
        QCOMPARE(instanceTab()->verifyButton()->text(), u"Verify Task 2"_s);
    }

    void acquireShowsTheUrlsAndTheLedgerHoldsIt()
    {
        page()->tabs()->setCurrentIndex(UniversesPage::InstanceTab);
        instanceTab()->runField()->setText(runName);
        const QString id = acquire();
        QVERIFY(!id.isEmpty());
        const QMap<QString, QString> urls = instanceTab()->mcpUrls(id);
        QVERIFY(urls.contains(u"slack"_s));
        QTableWidget *servers = instanceTab()->serverTable();
        QCOMPARE(servers->rowCount(), urls.size());
        QStringList shownServices;
        for (int row = 0; row < servers->rowCount(); ++row) {
            shownServices << servers->item(row, 0)->text();
            QVERIFY(servers->cellWidget(row, 2)); // its copy button
        }
        QCOMPARE(shownServices, urls.keys());
        const QList<LedgerSandbox> held = heldInstances();
        const auto mine = std::find_if(held.cbegin(), held.cend(),
                                       [&](const LedgerSandbox &sandbox) { return sandbox.sandboxId == id; });
        QVERIFY(mine != held.cend());
        QCOMPARE(mine->provider, LedgerProvider::KlavisUniverse);
        QCOMPARE(mine->run, runName);
        QCOMPARE(mine->benchmark, universeId);

        // The config export writes every service's URL.
        QTemporaryDir folder;
        QSignalSpy exported(instanceTab(), &UniverseInstanceTab::configExported);
        instanceTab()->exportMcpConfigTo(folder.filePath(u"mcp.json"_s));
        QVERIFY(exported.wait(10000));
        QCOMPARE(exported.first().at(1).toString(), QString());
        QFile config(folder.filePath(u"mcp.json"_s));
        QVERIFY(config.open(QIODevice::ReadOnly));
        const QByteArray written = config.readAll();
        QVERIFY(written.contains(urls.value(u"slack"_s).toUtf8()));
    }

    void aTaskDoneThroughMcpVerifiesAsPassed()
    {
        bool passed = true;
        QVERIFY(verify(&passed));
        QVERIFY(!passed);
        QVERIFY2(instanceTab()->verdictLabel()->text().startsWith(u"FAILED"_s),
                 qPrintable(instanceTab()->verdictLabel()->text()));

        // Task 2: the release announcement in #releases, through the instance's Slack MCP server.
        QNetworkAccessManager network;
        McpClient mcp(&network);
        mcp.setUrl(QUrl(instanceTab()->mcpUrls(instanceTab()->currentInstanceId()).value(u"slack"_s)));
        McpCall *call = mcp.callTool(
            u"post_message"_s,
            {{u"channel"_s, u"#releases"_s},
             {u"text"_s, u"Storefront v2.4.0 is out: faster product search and a checkout rounding fix."_s}});
        bool called = false;
        connect(call, &McpCall::finished, this, [&] {
            called = true;
            QVERIFY2(!call->error().isError(), qPrintable(call->error().message));
        });
        QTRY_VERIFY_WITH_TIMEOUT(called, 10000);

        QVERIFY(verify(&passed));
        QVERIFY2(passed, qPrintable(instanceTab()->verdictLabel()->text()));
        QVERIFY(instanceTab()->verdictLabel()->text().startsWith(u"PASSED"_s));
        QVERIFY(page()->errorBanner()->isHidden());
    }

    void releasedAndAcquiredAgainItFailsWithTheReason()
    {
        const QString first = instanceTab()->currentInstanceId();
        int asked = 0;
        QSignalSpy loaded(instanceTab(), &UniverseInstanceTab::heldLoaded);
        answerConfirmation(u"Release"_s, &asked);
        instanceTab()->releaseCurrent();
        QCOMPARE(asked, 1);
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty() && instanceTab()->heldList()->findData(first) < 0, 10000);
        for (const LedgerSandbox &held : heldInstances())
            QVERIFY(held.sandboxId != first);
        // Holding nothing, the run is released, not left open.
        std::optional<LedgerResult<LedgerRun>> run;
        app->controller()->session()->ledger()->post<LedgerRun>(
            [](RunLedger &ledger) { return ledger.run(runName); }, this,
            [&](const LedgerResult<LedgerRun> &result) { run = result; });
        QTRY_VERIFY(run.has_value());
        QVERIFY(run->ok());
        QCOMPARE(run->value().state, LedgerRunState::Released);

        instanceTab()->runField()->setText(againRunName);
        QVERIFY(!acquire().isEmpty());
        bool passed = true;
        QVERIFY(verify(&passed));
        QVERIFY(!passed);
        const QString verdict = instanceTab()->verdictLabel()->text();
        QVERIFY2(verdict.startsWith(u"FAILED: task 2"_s), qPrintable(verdict));
        // The reason follows the time: more than the bare verdict.
        QVERIFY2(verdict.count(u':') >= 3 && verdict.size() > 30, qPrintable(verdict));
        QVERIFY(instanceTab()->verdictLabel()->palette().color(QPalette::WindowText) !=
                instanceTab()->palette().color(QPalette::WindowText));
    }

    void theInstanceIsInTheRunsViewAndItsManifestAndReleaseAllGivesItBack()
    {
        const QString id = instanceTab()->currentInstanceId();
        app->window()->showPage(MainWindow::RunsView);
        RunsPage *runs = app->window()->runsPage();
        QSignalSpy loaded(runs, &RunsPage::runsLoaded);
        runs->reload();
        QVERIFY(loaded.wait(10000));
        QVERIFY(runs->selectRun(againRunName));
        QTreeWidget *details = runs->detailsTable();
        QList<QTreeWidgetItem *> rows = details->findItems(id, Qt::MatchExactly, 2);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first()->text(0), u"Klavis universe"_s);
        QVERIFY(rows.first()->text(1).contains(u"slack"_s));

        QTemporaryDir folder;
        QSignalSpy exported(runs, &RunsPage::manifestExported);
        runs->exportManifestTo(folder.filePath(u"manifest.json"_s));
        QVERIFY(exported.wait(10000));
        QCOMPARE(exported.first().at(1).toString(), QString());
        QFile file(folder.filePath(u"manifest.json"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray manifest = file.readAll();
        QVERIFY(manifest.contains(id.toUtf8()));
        QVERIFY(manifest.contains("klavis-universe"));

        int asked = 0;
        QSignalSpy finished(app->window()->runCoordinator(), &RunCoordinator::releaseFinished);
        answerConfirmation(u"Release"_s, &asked);
        runs->releaseSelectedRun();
        QCOMPARE(asked, 1);
        QVERIFY(finished.wait(20000));
        QVERIFY2(finished.first().at(1).toStringList().isEmpty(),
                 qPrintable(finished.first().at(1).toStringList().join(u'\n')));
        for (const LedgerSandbox &held : heldInstances())
            QVERIFY2(held.sandboxId != id, qPrintable(held.sandboxId));
    }

    // Every instance taken: the banner says so in a sentence, and nothing is held for the failed acquire.
    void aFullPoolSaysSo()
    {
        app->emulator()->setInstancesPerUniverse(1);
        app->window()->showPage(MainWindow::UniversesView);
        page()->tabs()->setCurrentIndex(UniversesPage::InstanceTab);
        instanceTab()->runField()->clear();
        const QString taken = acquire();
        QVERIFY(!taken.isEmpty());
        const qsizetype heldBefore = heldInstances().size();
        instanceTab()->acquire();
        ErrorBanner *banner = page()->errorBanner();
        QTRY_VERIFY_WITH_TIMEOUT(!banner->isHidden(), 10000);
        QVERIFY2(banner->message().startsWith(u"No idle instance of acme-software"_s),
                 qPrintable(banner->message()));
        QVERIFY(banner->details().contains(u"503"_s) || banner->details().contains(u"idle"_s));
        QCOMPARE(heldInstances().size(), heldBefore);
        QCOMPARE(instanceTab()->currentInstanceId(), taken);
    }
};

QTEST_MAIN(TestUniversesView)
#include "tst_universesview.moc"
