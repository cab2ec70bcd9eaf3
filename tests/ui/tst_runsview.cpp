// The Runs view on the demo emulator, with the ledger in a file of the test's ($SANDBOXDECK_LEDGER): a run
// the ledger knows with sandboxes really acquired, a run only seen as a tag, a leak, the countdown, the
// manifest out and back in, the dumps of a run's local workspaces and the one question before a release.

#include "demoapp.h"

#include "api/acquiredsandbox.h"
#include "api/klavissandboxservice.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "models/runlistmodel.h"
#include "pages/runspage.h"
#include "session/leakmonitor.h"
#include "widgets/runleakspanel.h"
#include "widgets/statusbarpanel.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"
#include "json/jsonschemavalidator.h"

#include <QAbstractButton>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

namespace {

const QString runName = u"bench-run-1"_s;
const QString tagOnlyRun = u"script-run-7"_s;

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

// Clicks the button named `text` of the next confirmation, counting how many were shown.
void answerConfirmation(const QString &text, int *asked, QString *question)
{
    answerNextDialog<QMessageBox>([text, asked, question](QMessageBox *box) {
        ++*asked;
        *question = box->text() + u'\n' + box->informativeText();
        for (QAbstractButton *button : box->buttons())
            if (button->text() == text) {
                button->click();
                return;
            }
        box->reject();
    });
}

} // namespace

class TestRunsView : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_folder;
    std::unique_ptr<DemoApp> m_app;
    QStringList m_runSandboxes; // Klavis sandboxes of runName, held
    QString m_releasedSandbox;
    QString m_runLocal;
    QString m_tagOnlySandbox;
    QString m_leak;

    RunsPage *page() const { return m_app->window()->runsPage(); }
    RunListModel *model() const { return page()->model(); }

    AcquiredSandbox acquire(const QString &tag)
    {
        AcquireRequest request;
        request.serverName = u"github"_s;
        request.tag = tag;
        request.ttlSeconds = 600;
        std::optional<ApiResult<AcquiredSandbox>> answer;
        m_app->controller()->session()->sandboxes()->acquire(
            request, this, [&answer](const ApiResult<AcquiredSandbox> &result) { answer = result; });
        if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 10000) || !answer->ok())
            return {};
        return answer->value();
    }

    int rowOf(const QString &name, bool imported = false) const { return model()->rowOf(name, imported); }
    QString cell(const QString &name, int column, bool imported = false) const
    {
        return model()->index(rowOf(name, imported), column).data().toString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_folder.isValid());
        const QString ledgerPath = m_folder.filePath(u"ledger.sqlite"_s);
        qputenv("SANDBOXDECK_LEDGER", ledgerPath.toUtf8());
        m_app = std::make_unique<DemoApp>();
        QVERIFY(m_app->started());
        QVERIFY(m_app->waitForSandboxes());

        // Sandboxes really acquired against the emulator: three for the run (one released again), one
        // with a tag no ledger knows, one with no tag at all.
        for (int i = 0; i < 3; ++i) {
            const AcquiredSandbox sandbox = acquire(runName);
            QVERIFY(!sandbox.sandboxId.isEmpty());
            m_runSandboxes << sandbox.sandboxId;
        }
        m_releasedSandbox = m_runSandboxes.takeLast();
        m_tagOnlySandbox = acquire(tagOnlyRun).sandboxId;
        m_leak = acquire(QString()).sandboxId;
        QVERIFY(!m_tagOnlySandbox.isEmpty() && !m_leak.isEmpty());
        m_runLocal = m_app->emulator()->localSandboxIds().first();

        // The run as a CLI in another process would write it, on the same file.
        RunLedger ledger;
        QVERIFY(ledger.open(ledgerPath).ok());
        const QDateTime now = QDateTime::currentDateTimeUtc();
        LedgerRun run;
        run.name = runName;
        run.state = LedgerRunState::Open;
        run.createdAt = now;
        run.benchmark = u"bench-a"_s;
        run.ttlSeconds = 600;
        QVERIFY(ledger.createRun(run).ok());
        const auto record = [&](LedgerProvider provider, const QString &id, const QString &server) {
            LedgerSandbox sandbox;
            sandbox.provider = provider;
            sandbox.sandboxId = id;
            sandbox.servers = {server};
            sandbox.run = runName;
            sandbox.tags = {runName};
            sandbox.ttlSeconds = 600;
            sandbox.acquiredAt = now;
            return ledger.recordAcquired(sandbox).ok();
        };
        for (const QString &id : std::as_const(m_runSandboxes))
            QVERIFY(record(LedgerProvider::Klavis, id, u"github"_s));
        QVERIFY(record(LedgerProvider::Klavis, m_releasedSandbox, u"github"_s));
        QVERIFY(record(LedgerProvider::KlavisLocal, m_runLocal, u"filesystem"_s));
        QVERIFY(
            ledger.recordReleased(LedgerProvider::Klavis, m_releasedSandbox, LedgerRelease::Released).ok());
        LedgerOperation failed;
        failed.kind = LedgerOperationKind::Acquire;
        failed.server = u"slack"_s;
        failed.run = runName;
        failed.startedAt = now;
        const auto intent = ledger.beginOperation(failed);
        QVERIFY(intent.ok());
        QVERIFY(ledger.finishOperation(intent.value(), {LedgerOperationState::Failed, {}, u"refused"_s, {}})
                    .ok());
        std::optional<ApiResult<SandboxActionResult>> released;
        m_app->controller()->session()->sandboxes()->release(
            u"github"_s, m_releasedSandbox, this,
            [&released](const ApiResult<SandboxActionResult> &result) { released = result; });
        QVERIFY(QTest::qWaitFor([&released] { return released.has_value(); }, 10000));

        MainWindow *window = m_app->window();
        window->resize(1280, 780);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        window->showPage(MainWindow::RunsView);
        QCOMPARE(window->currentPage(), MainWindow::RunsView);
        window->refreshCurrent();
        const bool shown = QTest::qWaitFor(
            [this] {
                return rowOf(runName) >= 0 && rowOf(tagOnlyRun) >= 0 &&
                       cell(runName, RunListModel::SandboxesColumn).contains(u"3 occupied"_s);
            },
            10000);
        QStringList rows;
        for (int row = 0; row < model()->rowCount(); ++row)
            rows << model()->index(row, 0).data().toString() + u": "_s +
                        model()->index(row, RunListModel::SandboxesColumn).data().toString();
        QVERIFY2(shown, qPrintable(rows.join(u"; "_s)));
    }

    void cleanupTestCase()
    {
        m_app.reset();
        qunsetenv("SANDBOXDECK_LEDGER");
    }

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
        for (const QString &id : std::as_const(m_runSandboxes))
            QVERIFY(ids.contains(id));
        QVERIFY(ids.contains(m_runLocal) && ids.contains(m_releasedSandbox));
        QVERIFY(page()->releaseAction()->isEnabled());
        QVERIFY(page()->exportManifestAction()->isEnabled());
    }

    void theCountdownRunsWhileShown()
    {
        QVERIFY(model()->isTicking());
        const qint64 first = secondsOf(cell(runName, RunListModel::TimeLeftColumn));
        QVERIFY2(first > 500 && first <= 600, qPrintable(cell(runName, RunListModel::TimeLeftColumn)));
        QTest::qWait(1100);
        const qint64 second = secondsOf(cell(runName, RunListModel::TimeLeftColumn));
        QVERIFY2(second > 0 && second < first, qPrintable(u"%1 then %2"_s.arg(first).arg(second)));
        QCOMPARE(RunListModel::timeLeftText(QDateTime::currentDateTimeUtc().addSecs(-1),
                                            QDateTime::currentDateTimeUtc()),
                 u"expired"_s);
        // Hidden, nothing ticks.
        m_app->window()->showPage(MainWindow::SandboxesView);
        QVERIFY(!model()->isTicking());
        m_app->window()->showPage(MainWindow::RunsView);
        QVERIFY(model()->isTicking());
    }

    void aTagOnlyRunAppears()
    {
        QCOMPARE(cell(tagOnlyRun, RunListModel::StateColumn), u"not in the ledger"_s);
        QCOMPARE(cell(tagOnlyRun, RunListModel::SandboxesColumn), u"1 occupied"_s);
        QVERIFY(!model()->index(rowOf(tagOnlyRun), 0).data(RunListModel::InLedgerRole).toBool());
        QVERIFY(page()->selectRun(tagOnlyRun));
        QCOMPARE(page()->detailsTable()->topLevelItemCount(), 1);
        QCOMPARE(page()->detailsTable()->topLevelItem(0)->text(2), m_tagOnlySandbox);
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
        QTreeWidget *table = page()->leaksPanel()->table();
        QCOMPARE(table->topLevelItemCount(), monitor->count());
        QStringList leakIds;
        for (int row = 0; row < table->topLevelItemCount(); ++row) {
            leakIds << table->topLevelItem(row)->text(0);
            if (table->topLevelItem(row)->text(0) == m_leak)
                QCOMPARE(table->topLevelItem(row)->text(4), u"Unclaimed"_s);
        }
        QVERIFY(leakIds.contains(m_leak));
        QVERIFY(leakIds.contains(m_tagOnlySandbox)); // no open run of this ledger claims it
        for (const QString &id : std::as_const(m_runSandboxes))
            QVERIFY2(!leakIds.contains(id), qPrintable(id)); // the open run claims its own
        // The status bar says as many and leads to the Runs view.
        QLabel *indicator = m_app->window()->statusPanel()->leaksIndicator();
        QVERIFY(!indicator->isHidden());
        QVERIFY2(indicator->text().contains(u">%1 leak"_s.arg(monitor->count())),
                 qPrintable(indicator->text()));
        m_app->window()->showPage(MainWindow::SandboxesView);
        emit indicator->linkActivated(u"leaks"_s);
        QCOMPARE(m_app->window()->currentPage(), MainWindow::RunsView);
    }

    void releasingTheLeaksAsksOnce()
    {
        const QList<Leak> expected = page()->leakMonitor()->report().leaks;
        QSignalSpy requested(page(), &RunsPage::releaseLeaksRequested);
        int asked = 0;
        QString question;
        answerConfirmation(u"Release"_s, &asked, &question);
        page()->leaksPanel()->releaseAll();
        QCOMPARE(asked, 1);
        // The oldest are named, the rest counted.
        QVERIFY2(question.contains(expected.first().sandboxId), qPrintable(question));
        QVERIFY(expected.size() <= 15 || question.contains(u"and %1 more"_s.arg(expected.size() - 15)));
        QCOMPARE(requested.count(), 1);
        const auto leaks = requested.first().first().value<QList<Leak>>();
        QCOMPARE(leaks.size(), expected.size());
        for (int i = 0; i < leaks.size(); ++i)
            QCOMPARE(leaks[i].sandboxId, expected[i].sandboxId);
    }

    void releaseAllAsksOnceAndNamesWhatGoes()
    {
        QVERIFY(page()->selectRun(runName));
        QSignalSpy requested(page(), &RunsPage::releaseRunRequested);
        int asked = 0;
        QString question;
        // Cancel first: nothing is asked for.
        answerConfirmation(u"Cancel"_s, &asked, &question);
        page()->releaseSelectedRun();
        QCOMPARE(asked, 1);
        QCOMPARE(requested.count(), 0);
        answerConfirmation(u"Release"_s, &asked, &question);
        page()->releaseSelectedRun();
        QCOMPARE(asked, 2);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.first().first().toString(), runName);
        // The question lists the three held sandboxes and not the released one.
        for (const QString &id : std::as_const(m_runSandboxes))
            QVERIFY2(question.contains(id), qPrintable(question));
        QVERIFY(question.contains(m_runLocal));
        QVERIFY(!question.contains(m_releasedSandbox));
        QVERIFY(question.contains(u"3"_s));
    }

    void theLocalWorkspacesAreDumpedOneArchiveEach()
    {
        QVERIFY(page()->selectRun(runName));
        QVERIFY(page()->dumpAction()->isEnabled());
        TransferQueue *queue = m_app->controller()->session()->transfers();
        const auto before = queue->jobs().size();
        QCOMPARE(page()->dumpSelectedRunTo(m_folder.path()), 1);
        QCOMPARE(queue->jobs().size(), before + 1);
        TransferJob *job = queue->jobs().last();
        QVERIFY(QTest::qWaitFor([job] { return job->isFinished(); }, 20000));
        QCOMPARE(job->state(), TransferJob::State::Done);
        QVERIFY(QFile::exists(m_folder.filePath(runName + u'-' + m_runLocal + u".tar.gz"_s)));
    }

    void theManifestGoesOutValidAndComesBackImported()
    {
        QVERIFY(page()->selectRun(runName));
        const QString fileName = m_folder.filePath(u"manifest.json"_s);
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
        QVERIFY(QJsonDocument(manifest).toJson().contains(m_runSandboxes.first().toUtf8()));

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
        QFile junk(m_folder.filePath(u"junk.json"_s));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("{\"kind\": \"something else\"}");
        junk.close();
        imported.clear();
        page()->importManifestFrom(junk.fileName());
        QVERIFY(imported.wait(10000));
        QVERIFY(!imported.first().at(1).toString().isEmpty());
    }
};

QTEST_MAIN(TestRunsView)
#include "tst_runsview.moc"
