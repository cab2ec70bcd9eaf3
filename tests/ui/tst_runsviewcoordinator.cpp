// Part of tst_runsview: the window's RunCoordinator beyond releases. The reconcile offer (nothing to offer
// on a clean ledger; a leftover of a dead process's acquire released, another adopted, through the dialog),
// and the New run wizard opened by the window's action, one at a time, its run in the Runs view once done.

#include "runsviewtest.h"

#include "runsview/newrunplanpage.h"
#include "runsview/newrunprogresspage.h"
#include "runsview/newrunsandboxespage.h"
#include "runsview/newrunwizard.h"
#include "runsview/reconciledialog.h"
#include "runsview/runcoordinator.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>

using namespace Qt::StringLiterals;

namespace RunsViewTest {

class CoordinatorTest : public Fixture
{
    Q_OBJECT

private:
    RunCoordinator *coordinator() const { return app->window()->runCoordinator(); }

    QList<ReconcileDialog *> reconcileDialogs() const
    {
        QList<ReconcileDialog *> shown;
        for (ReconcileDialog *dialog : app->window()->findChildren<ReconcileDialog *>())
            if (dialog->isVisible())
                shown << dialog;
        return shown;
    }

    // What a run's process leaves when it dies between writing its acquire intent and hearing the answer:
    // the run and the open intent in the ledger, a sandbox with the run's tag on the server. The intent's
    // id; the sandbox in `sandboxId`.
    qint64 interruptedAcquire(const QString &run, QString *sandboxId)
    {
        const std::unique_ptr<RunLedger> ledger = openLedger();
        if (!ledger)
            return 0;
        LedgerRun entry;
        entry.name = run;
        entry.state = LedgerRunState::Open;
        entry.createdAt = QDateTime::currentDateTimeUtc();
        if (!ledger->createRun(entry).ok())
            return 0;
        LedgerOperation intent;
        intent.kind = LedgerOperationKind::Acquire;
        intent.server = u"github"_s;
        intent.run = run;
        intent.tags = {run};
        intent.startedAt = QDateTime::currentDateTimeUtc();
        intent.processId = 0x7ffffff0; // no such process
        const auto id = ledger->beginOperation(intent);
        if (!id.ok())
            return 0;
        *sandboxId = acquire(run).sandboxId;
        return sandboxId->isEmpty() ? 0 : id.value();
    }

    // offerReconcile(), the dialog listing `sandboxId` of `run`, `choice` for it, Apply; waits until the
    // coordinator says the runs changed.
    void decide(const QString &run, const QString &sandboxId, const QString &choice)
    {
        QSignalSpy scanned(coordinator(), &RunCoordinator::reconcileScanned);
        QSignalSpy changed(coordinator(), &RunCoordinator::runsChanged);
        coordinator()->offerReconcile();
        QVERIFY(scanned.wait(10000));
        QCOMPARE(scanned.first().first().toBool(), true);
        const QList<ReconcileDialog *> dialogs = reconcileDialogs();
        QCOMPARE(dialogs.size(), 1);
        ReconcileDialog *dialog = dialogs.first();
        QCOMPARE(dialog->leftoverTable()->rowCount(), 1);
        QStringList cells;
        for (int column = 0; column < dialog->leftoverTable()->columnCount(); ++column)
            if (QTableWidgetItem *item = dialog->leftoverTable()->item(0, column))
                cells << item->text();
        QVERIFY2(cells.contains(sandboxId) && cells.contains(run), qPrintable(cells.join(u" | "_s)));
        QComboBox *box = dialog->choiceBox(0);
        box->setCurrentIndex(box->findText(choice));
        QCOMPARE(box->currentText(), choice);
        dialog->buttonBox()->button(QDialogButtonBox::Apply)->click();
        QVERIFY(changed.wait(10000));
        QVERIFY(reconcileDialogs().isEmpty());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(startApp());
        MainWindow *window = app->window();
        window->resize(1280, 780);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        window->showPage(MainWindow::RunsView);
    }

    void cleanupTestCase() { stopApp(); }

    void aCleanLedgerOffersNothing()
    {
        QSignalSpy scanned(coordinator(), &RunCoordinator::reconcileScanned);
        coordinator()->offerReconcile();
        QVERIFY(scanned.wait(10000));
        QCOMPARE(scanned.first().first().toBool(), false);
        QVERIFY(reconcileDialogs().isEmpty());
        // Nothing is held for the next offer.
        scanned.clear();
        coordinator()->offerReconcile();
        QVERIFY(scanned.wait(10000));
        QCOMPARE(scanned.first().first().toBool(), false);
    }

    void aLeftoverOfADeadProcessIsReleasedOnTheUsersWord()
    {
        const QString run = u"crashed-1"_s;
        QString sandboxId;
        const qint64 intentId = interruptedAcquire(run, &sandboxId);
        QVERIFY(intentId > 0);
        QCOMPARE(serverStatus(sandboxId), u"occupied"_s);
        decide(run, sandboxId, u"Release"_s);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(serverStatus(sandboxId), u"idle"_s);
        const std::unique_ptr<RunLedger> ledger = openLedger();
        QVERIFY(ledger);
        QCOMPARE(ledger->operation(intentId)->state, LedgerOperationState::Abandoned);
        QVERIFY(ledger->openIntents()->isEmpty());
        const QList<LedgerSandbox> sandboxes = ledger->sandboxesOfRun(run).value();
        for (const LedgerSandbox &sandbox : sandboxes)
            QVERIFY(!sandbox.isHeld());
    }

    void aLeftoverOfADeadProcessIsAdoptedOnTheUsersWord()
    {
        const QString run = u"crashed-2"_s;
        QString sandboxId;
        const qint64 intentId = interruptedAcquire(run, &sandboxId);
        QVERIFY(intentId > 0);
        decide(run, sandboxId, u"Adopt"_s);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(serverStatus(sandboxId), u"occupied"_s); // the run keeps it
        const std::unique_ptr<RunLedger> ledger = openLedger();
        QVERIFY(ledger);
        QCOMPARE(ledger->operation(intentId)->state, LedgerOperationState::Adopted);
        QVERIFY(ledger->openIntents()->isEmpty());
        const QList<LedgerSandbox> held = ledger->sandboxesOfRun(run).value();
        QCOMPARE(held.size(), 1);
        QCOMPARE(held.first().sandboxId, sandboxId);
        QVERIFY(held.first().isHeld());
        // The Runs view reads the ledger again: the run holds it.
        QVERIFY2(
            QTest::qWaitFor(
                [this, run] { return cell(run, RunListModel::SandboxesColumn).contains(u"1 occupied"_s); },
                10000),
            qPrintable(rowsText()));
        // Decided: nothing is offered again.
        QSignalSpy scanned(coordinator(), &RunCoordinator::reconcileScanned);
        coordinator()->offerReconcile();
        QVERIFY(scanned.wait(10000));
        QCOMPARE(scanned.first().first().toBool(), false);
    }

    void theNewRunActionOpensOneWizardWhoseRunAppearsInTheView()
    {
        QAction *action = app->window()->action(u"newRun"_s);
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(u"Ctrl+Shift+N"_s));
        action->trigger();
        QPointer<NewRunWizard> wizard = coordinator()->wizard();
        QVERIFY(wizard);
        QVERIFY(QTest::qWaitForWindowExposed(wizard));
        // A second trigger brings the same one forward.
        action->trigger();
        QCOMPARE(coordinator()->wizard(), wizard.data());
        QCOMPARE(app->window()->findChildren<NewRunWizard *>().size(), 1);

        const QString run = u"wizard-run-1"_s;
        QLineEdit *name = wizard->planPage()->nameEdit();
        name->setFocus();
        QTest::keyClicks(name, run);
        wizard->planPage()->ttlCheck()->setChecked(false);
        wizard->next();
        QCOMPARE(wizard->currentId(), int(NewRunWizard::SandboxesPage));
        QVERIFY(
            QTest::qWaitFor([&wizard] { return wizard->sandboxesPage()->countSpin(u"github"_s); }, 10000));
        wizard->sandboxesPage()->countSpin(u"github"_s)->setValue(2);
        wizard->next();
        QCOMPARE(wizard->currentId(), int(NewRunWizard::SeedsPage));
        wizard->next();
        QCOMPARE(wizard->currentId(), int(NewRunWizard::SummaryPage));
        QSignalSpy finished(wizard->progressPage(), &NewRunProgressPage::runFinished);
        wizard->next();
        QVERIFY(
            QTest::qWaitFor([&wizard] { return wizard->currentId() == NewRunWizard::ProgressPage; }, 5000));
        QVERIFY(!finished.isEmpty() || finished.wait(20000));
        QCOMPARE(finished.first().first().value<RunProvisioner::Outcome>(),
                 RunProvisioner::Outcome::Completed);

        // The view follows without a refresh of the user's: the run, its two sandboxes held.
        QVERIFY2(QTest::qWaitFor(
                     [this, run] {
                         return rowOf(run) >= 0 &&
                                cell(run, RunListModel::SandboxesColumn).contains(u"2 occupied"_s);
                     },
                     10000),
                 qPrintable(rowsText()));
        QCOMPARE(cell(run, RunListModel::StateColumn), u"open"_s);

        // Closed, it is gone; the action opens a new one.
        wizard->close();
        QVERIFY(QTest::qWaitFor([&wizard] { return wizard.isNull(); }, 5000));
        QVERIFY(!coordinator()->wizard());
        action->trigger();
        QVERIFY(coordinator()->wizard());
        coordinator()->wizard()->close();
    }
};

std::unique_ptr<QObject> newCoordinatorTest()
{
    return std::make_unique<CoordinatorTest>();
}

} // namespace RunsViewTest

#include "tst_runsviewcoordinator.moc"
