// Part of tst_runsview: the Runs view itself. A run the ledger knows with sandboxes really acquired, a run
// only seen as a tag, a leak, the countdown, the manifest out and back in, the dumps of a run's local
// workspaces, no reset for a run of universe instances.

#include "runsviewtest.h"

#include "ledger/ledgerworker.h"
#include "mainwindow/statusbarpanel.h"
#include "runsview/runleakspanel.h"
#include "session/leakmonitor.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"
#include "json/jsonschemavalidator.h"

#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

namespace RunsViewTest {

namespace {

// "9 min 58 s", "1 h 05 min", "12 s" back to seconds; -1 for anything else.
qint64 secondsOf(const QString &text)
{
    static const QRegularExpression pattern(u"^(?:(\\d+) h )?(?:(\\d+) min)? ?(?:(\\d+) s)?$"_s);
    const auto match = pattern.match(text);
    if (text.isEmpty() || !match.hasMatch())
        return -1;
    return match.captured(1).toLongLong() * 3600 + match.captured(2).toLongLong() * 60 +
           match.captured(3).toLongLong();
}

} // namespace

class PageTest : public Fixture
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(startApp());
        seedRun();
    }

    void cleanupTestCase() { stopApp(); }

    void aLedgerRunShowsItsSandboxesByStatus()
    {
        // Three held (two Klavis and the local one, "occupied" as their lists say), one failed acquire,
        // one released.
        const QString counts = cell(runName, RunListModel::SandboxesColumn);
        QVERIFY2(counts.contains(u"3 occupied"_s) && counts.contains(u"1 failed"_s) &&
                     counts.contains(u"1 released"_s),
                 qPrintable(counts));
        QCOMPARE(cell(runName, RunListModel::StateColumn), u"open"_s);
        QCOMPARE(cell(runName, RunListModel::BenchmarkColumn), u"bench-a"_s);
        QVERIFY(!cell(runName, RunListModel::AgeColumn).isEmpty());
        // Newest first: the run made a moment ago is above the seed's tags.
        QCOMPARE(rowOf(runName), 0);

        QVERIFY(page()->selectRun(runName));
        QTreeWidget *details = page()->detailsTable();
        QCOMPARE(details->topLevelItemCount(), 4);
        QStringList ids;
        for (int row = 0; row < details->topLevelItemCount(); ++row)
            ids << details->topLevelItem(row)->text(2);
        for (const QString &id : std::as_const(runSandboxes))
            QVERIFY(ids.contains(id));
        QVERIFY(ids.contains(runLocal) && ids.contains(releasedSandbox));
        QVERIFY(page()->releaseAction()->isEnabled());
        QVERIFY(page()->exportManifestAction()->isEnabled());
    }

    void theCountdownRunsWhileShown()
    {
        QVERIFY(model()->isTicking());
        const qint64 first = secondsOf(cell(runName, RunListModel::TimeLeftColumn));
        QVERIFY2(first > 500 && first <= 600, qPrintable(cell(runName, RunListModel::TimeLeftColumn)));
        QSignalSpy ticked(model(), &RunListModel::ticked);
        QVERIFY(ticked.wait(5000));
        // The cell follows the clock: the next second shows once it has passed.
        QTRY_VERIFY_WITH_TIMEOUT(secondsOf(cell(runName, RunListModel::TimeLeftColumn)) < first, 5000);
        const qint64 second = secondsOf(cell(runName, RunListModel::TimeLeftColumn));
        QVERIFY2(second > 0 && second < first, qPrintable(u"%1 then %2"_s.arg(first).arg(second)));
        QCOMPARE(RunListModel::timeLeftText(QDateTime::currentDateTimeUtc().addSecs(-1),
                                            QDateTime::currentDateTimeUtc()),
                 u"expired"_s);
        // Hidden, nothing ticks.
        app->window()->showPage(MainWindow::SandboxesView);
        QVERIFY(!model()->isTicking());
        app->window()->showPage(MainWindow::RunsView);
        QVERIFY(model()->isTicking());
    }

    void aTagOnlyRunAppears()
    {
        QCOMPARE(cell(tagOnlyRun, RunListModel::StateColumn), u"not in the ledger"_s);
        QCOMPARE(cell(tagOnlyRun, RunListModel::SandboxesColumn), u"1 occupied"_s);
        QVERIFY(!model()->index(rowOf(tagOnlyRun), 0).data(RunListModel::InLedgerRole).toBool());
        QVERIFY(page()->selectRun(tagOnlyRun));
        QCOMPARE(page()->detailsTable()->topLevelItemCount(), 1);
        QCOMPARE(page()->detailsTable()->topLevelItem(0)->text(2), tagOnlySandbox);
        QVERIFY(!page()->exportManifestAction()->isEnabled()); // the ledger has no record of it
        // The filter box narrows the list.
        page()->filterEdit()->setText(u"script-run"_s);
        QCOMPARE(page()->view()->model()->rowCount(), 1);
        page()->filterEdit()->clear();
    }

    void aSandboxOutsideAnyRunIsAnUnclaimedLeak()
    {
        LeakMonitor *monitor = page()->leakMonitor();
        QSignalSpy changed(monitor, &LeakMonitor::leaksChanged);
        monitor->recompute();
        QVERIFY(changed.wait(5000));
        QVERIFY(monitor->count() > 0);
        QAbstractItemModel *table = page()->leaksPanel()->table()->model();
        QCOMPARE(table->rowCount(), monitor->count());
        QStringList leakIds;
        for (int row = 0; row < table->rowCount(); ++row) {
            leakIds << table->index(row, 0).data().toString();
            if (leakIds.last() == leak)
                QCOMPARE(table->index(row, 4).data().toString(), u"Unclaimed"_s);
        }
        QVERIFY(leakIds.contains(leak));
        QVERIFY(leakIds.contains(tagOnlySandbox)); // no open run of this ledger claims it
        for (const QString &id : std::as_const(runSandboxes))
            QVERIFY2(!leakIds.contains(id), qPrintable(id)); // the open run claims its own
        // The status bar says as many and leads to the Runs view.
        QLabel *indicator = app->window()->statusPanel()->leaksIndicator();
        QVERIFY(!indicator->isHidden());
        QVERIFY2(indicator->text().contains(u">%1 leak"_s.arg(monitor->count())),
                 qPrintable(indicator->text()));
        app->window()->showPage(MainWindow::SandboxesView);
        emit indicator->linkActivated(u"leaks"_s);
        QCOMPARE(app->window()->currentPage(), MainWindow::RunsView);
    }

    void theLocalWorkspacesAreDumpedOneArchiveEach()
    {
        QVERIFY(page()->selectRun(runName));
        QVERIFY(page()->dumpAction()->isEnabled());
        TransferQueue *queue = app->controller()->session()->transfers();
        const auto before = queue->jobs().size();
        QCOMPARE(page()->dumpSelectedRunTo(folder.path()), 1);
        QCOMPARE(queue->jobs().size(), before + 1);
        TransferJob *job = queue->jobs().last();
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 20000));
        QCOMPARE(job->state(), TransferJob::State::Done);
        QVERIFY(QFile::exists(folder.filePath(runName + u'-' + runLocal + u".tar.gz"_s)));
    }

    void theManifestGoesOutValidAndComesBackImported()
    {
        QVERIFY(page()->selectRun(runName));
        const QString fileName = folder.filePath(u"manifest.json"_s);
        QSignalSpy exported(page(), &RunsPage::manifestExported);
        page()->exportManifestTo(fileName);
        QVERIFY(exported.wait(10000));
        QCOMPARE(exported.first().at(1).toString(), QString());
        QFile file(fileName);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject manifest = QJsonDocument::fromJson(file.readAll()).object();
        QFile schemaFile(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR "/runs/manifest.schema.json"));
        QVERIFY(schemaFile.open(QIODevice::ReadOnly));
        const QJsonObject schema = QJsonDocument::fromJson(schemaFile.readAll()).object();
        QVERIFY(!schema.isEmpty());
        const auto violations = JsonSchemaValidator(schema).validate(manifest, schema);
        for (const auto &violation : violations)
            qWarning() << violation.describe();
        QVERIFY(violations.isEmpty());
        QVERIFY(QJsonDocument(manifest).toJson().contains(runSandboxes.first().toUtf8()));

        QSignalSpy imported(page(), &RunsPage::manifestImported);
        page()->importManifestFrom(fileName);
        QVERIFY(imported.wait(10000));
        QCOMPARE(imported.first().at(1).toString(), QString());
        QVERIFY(rowOf(runName, true) >= 0);
        QVERIFY(rowOf(runName, false) >= 0); // beside the ledger's own
        QCOMPARE(cell(runName, RunListModel::StateColumn, true), u"imported"_s);
        QVERIFY(page()->selectedRun() && page()->selectedRun()->imported);
        QCOMPARE(page()->detailsTable()->topLevelItemCount(), 4);
        // Read-only: nothing to release, reset or dump; its manifest can still be written again.
        QVERIFY(!page()->releaseAction()->isEnabled());
        QVERIFY(!page()->resetAction()->isEnabled());
        QVERIFY(!page()->dumpAction()->isEnabled());
        QVERIFY(page()->exportManifestAction()->isEnabled());

        // A file that is not a manifest is refused with a reason.
        QFile junk(folder.filePath(u"junk.json"_s));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("{\"kind\": \"something else\"}");
        junk.close();
        imported.clear();
        page()->importManifestFrom(junk.fileName());
        QVERIFY(imported.wait(10000));
        QVERIFY(!imported.first().at(1).toString().isEmpty());
    }

    void aRunOfUniverseInstancesOnlyOffersNoReset()
    {
        // Universe instances have no reset of their own (a release re-initializes them): a run that holds
        // nothing else offers none, and says why.
        const QString universeRun = u"universe-run-1"_s;
        {
            const std::unique_ptr<RunLedger> ledger = openLedger();
            QVERIFY(ledger);
            const QDateTime now = QDateTime::currentDateTimeUtc();
            LedgerRun run;
            run.name = universeRun;
            run.state = LedgerRunState::Open;
            run.createdAt = now;
            run.ttlSeconds = 600;
            QVERIFY(ledger->createRun(run).ok());
            LedgerSandbox instance;
            instance.provider = LedgerProvider::KlavisUniverse;
            instance.sandboxId = u"universe-instance-1"_s;
            instance.servers = {u"gmail"_s};
            instance.run = universeRun;
            instance.ttlSeconds = 600;
            instance.acquiredAt = now;
            QVERIFY(ledger->recordAcquired(instance).ok());
        }
        QSignalSpy loaded(page(), &RunsPage::runsLoaded);
        page()->reload();
        QVERIFY(loaded.wait(10000));
        QVERIFY(page()->selectRun(universeRun));
        QVERIFY(page()->releaseAction()->isEnabled());
        QVERIFY(!page()->resetAction()->isEnabled());
        QVERIFY2(page()->resetAction()->toolTip().contains(u"re-initialized on release"_s),
                 qPrintable(page()->resetAction()->toolTip()));
        QVERIFY(!page()->dumpAction()->isEnabled());

        // A run with sandboxes to reset offers it, with its usual tooltip.
        QVERIFY(page()->selectRun(runName));
        QVERIFY(page()->resetAction()->isEnabled());
        QVERIFY(!page()->resetAction()->toolTip().contains(u"universe"_s, Qt::CaseInsensitive));
    }
};

std::unique_ptr<QObject> newPageTest()
{
    return std::make_unique<PageTest>();
}

} // namespace RunsViewTest

#include "tst_runsviewpage.moc"
