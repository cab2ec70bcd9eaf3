// The New run wizard and the reconcile dialog: pages filled as a user does, a run provisioned against the
// emulator over loopback HTTP into a real ledger file, its exports written and read back; a cancel in the
// middle, a refused name, a bad seed file; the decisions of the reconcile dialog.

#include "api/apiresult.h"
#include "serviceharness.h"
#include "testwidgets.h"

#include "dialogs/newrunexportspage.h"
#include "dialogs/newrunplanpage.h"
#include "dialogs/newrunprogresspage.h"
#include "dialogs/newrunsandboxespage.h"
#include "dialogs/newrunseedspage.h"
#include "dialogs/newrunsummarypage.h"
#include "dialogs/newrunwizard.h"
#include "dialogs/reconciledialog.h"
#include "ledger/ledgeraccess.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "models/runprogressmodel.h"
#include "runs/runprovisioner.h"
#include "widgets/errorcolour.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

// Clicks `buttonText` in the next message box that opens (its exec() blocks the caller).
void answerNextMessageBox(const QString &buttonText)
{
    QTimer::singleShot(0, qApp, [buttonText] {
        auto *tries = new int(250);
        auto *timer = new QTimer;
        timer->setInterval(20);
        QObject::connect(timer, &QTimer::timeout, timer, [timer, tries, buttonText] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            const bool gone = --*tries <= 0;
            if (!box && !gone)
                return;
            if (box)
                for (QAbstractButton *button : box->buttons())
                    if (button->text().remove(u'&') == buttonText)
                        button->click();
            timer->stop();
            timer->deleteLater();
            delete tries;
        });
        timer->start();
    });
}

} // namespace

class TestNewRunWizard : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void badNameIsRefusedOnThePlanPage();
    void takenNameIsRefusedAtStart();
    void provisionsARunAndWritesItsExports();
    void aFailureLooksLikeOneAndLosesNothing();
    void cancelInTheMiddleOffersRelease();
    void closingWhileProvisioningAsksFirst();
    void badSeedFileShowsItsError();
    void choicesAreRemembered();
    void reconcileDecisionsAreEmittedAsChosen();
    void reconcileDecideLaterDecidesNothing();

private:
    // A wizard shown over a provisioner on the emulator and the test's ledger.
    std::unique_ptr<NewRunWizard> makeWizard();
    // The first page filled and left: name, no TTL (so the emulator keeps what it gave).
    void fillPlanPage(NewRunWizard *wizard, const QString &name);
    // Types a count for `server` the way a user does: the filter, Enter, the number.
    static void typeCount(NewRunSandboxesPage *page, const QString &server, int count);
    static void addLocalSet(NewRunSandboxesPage *page, const QStringList &servers, int count);
    static void next(NewRunWizard *wizard);
    // Starts the run from the summary and waits until it ends; false when it did not.
    static bool startAndWait(NewRunWizard *wizard, int timeoutMs = 20000);

    std::unique_ptr<QTemporaryDir> m_dir;
    // The test's own connection to the file (set-ups and checks); the provisioner writes through the worker,
    // as in the window.
    std::unique_ptr<RunLedger> m_ledger;
    std::unique_ptr<LedgerWorker> m_worker;
    std::unique_ptr<ServiceHarness> m_emulator;
    std::unique_ptr<RunProvisioner> m_provisioner;
};

void TestNewRunWizard::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir->filePath(u"settings"_s));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir->filePath(u"settings"_s));
    QSettings().clear();
    m_ledger = std::make_unique<RunLedger>();
    QVERIFY(m_ledger->open(m_dir->filePath(u"ledger.sqlite"_s)).ok());
    m_emulator = std::make_unique<ServiceHarness>();
    m_worker = std::make_unique<LedgerWorker>();
    m_worker->open(m_dir->filePath(u"ledger.sqlite"_s));
    m_provisioner =
        std::make_unique<RunProvisioner>(m_emulator->transport.get(), LedgerAccess(m_worker.get()));
}

void TestNewRunWizard::cleanup()
{
    m_provisioner.reset();
    m_emulator.reset();
    m_worker.reset();
    m_ledger.reset();
    m_dir.reset();
}

std::unique_ptr<NewRunWizard> TestNewRunWizard::makeWizard()
{
    auto wizard = std::make_unique<NewRunWizard>(m_provisioner.get());
    wizard->setRequestsPerSecond(2);
    wizard->resize(900, 640);
    wizard->show();
    if (!QTest::qWaitForWindowExposed(wizard.get()))
        return nullptr;
    wizard->activateWindow();
    return wizard;
}

void TestNewRunWizard::next(NewRunWizard *wizard)
{
    QAbstractButton *button =
        wizard->button(wizard->currentPage()->isCommitPage() ? QWizard::CommitButton : QWizard::NextButton);
    QTest::mouseClick(button, Qt::LeftButton);
}

void TestNewRunWizard::fillPlanPage(NewRunWizard *wizard, const QString &name)
{
    NewRunPlanPage *page = wizard->planPage();
    QCOMPARE(wizard->currentId(), int(NewRunWizard::PlanPage));
    page->nameEdit()->setFocus();
    QTest::keyClicks(page->nameEdit(), name);
    page->ttlCheck()->setChecked(false);
    next(wizard);
    QCOMPARE(wizard->currentId(), int(NewRunWizard::SandboxesPage));
}

void TestNewRunWizard::typeCount(NewRunSandboxesPage *page, const QString &server, int count)
{
    QLineEdit *filter = page->filterEdit();
    filter->setFocus();
    filter->selectAll();
    QTest::keyClicks(filter, server);
    QTest::keyClick(filter, Qt::Key_Return);
    // Enter put the cursor into that server's count: the number is typed over what it showed.
    auto *spin = qobject_cast<QSpinBox *>(QApplication::focusWidget());
    QVERIFY(spin);
    QCOMPARE(spin, page->countSpin(server));
    QTest::keyClicks(spin, QString::number(count));
    QCOMPARE(spin->value(), count);
    // Enter takes the cursor back to the filter, for the next server; the wizard stays on this page.
    QTest::keyClick(spin, Qt::Key_Return);
    QCOMPARE(QApplication::focusWidget(), filter);
}

void TestNewRunWizard::addLocalSet(NewRunSandboxesPage *page, const QStringList &servers, int count)
{
    for (const QString &server : servers) {
        const auto found = page->localServerList()->findItems(server, Qt::MatchExactly);
        QCOMPARE(found.size(), 1);
        found.first()->setCheckState(Qt::Checked);
    }
    page->localCountSpin()->setValue(count);
    QVERIFY(page->addLocalSetButton()->isEnabled());
    page->addLocalSetButton()->click();
}

bool TestNewRunWizard::startAndWait(NewRunWizard *wizard, int timeoutMs)
{
    QSignalSpy finished(wizard->progressPage(), &NewRunProgressPage::runFinished);
    next(wizard);
    // The page moves on once the provisioner has the run in the ledger (its worker answers).
    if (!QTest::qWaitFor([wizard] { return wizard->currentId() == NewRunWizard::ProgressPage; }, 5000))
        return false;
    return !finished.isEmpty() || finished.wait(timeoutMs);
}

void TestNewRunWizard::badNameIsRefusedOnThePlanPage()
{
    auto wizard = makeWizard();
    QVERIFY(wizard);
    NewRunPlanPage *page = wizard->planPage();
    // Empty: Next is out of reach.
    QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());
    page->nameEdit()->setFocus();
    QTest::keyClicks(page->nameEdit(), u"my run"_s);
    // Said as it is typed, in RunPlanParser's words, and Next does not leave the page.
    QVERIFY(page->nameError().contains(u"tag"_s));
    next(wizard.get());
    QCOMPARE(wizard->currentId(), int(NewRunWizard::PlanPage));
    QVERIFY(!page->nameError().isEmpty());
    page->nameEdit()->clear();
    QTest::keyClicks(page->nameEdit(), u"-rf"_s);
    next(wizard.get());
    QCOMPARE(wizard->currentId(), int(NewRunWizard::PlanPage));

    page->nameEdit()->clear();
    QTest::keyClicks(page->nameEdit(), u"my-run.1"_s);
    QCOMPARE(page->nameError(), QString());
    next(wizard.get());
    QCOMPARE(wizard->currentId(), int(NewRunWizard::SandboxesPage));
    // No sandboxes yet: nothing to go on with.
    QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());
}

void TestNewRunWizard::takenNameIsRefusedAtStart()
{
    LedgerRun taken;
    taken.name = u"taken"_s;
    taken.createdAt = QDateTime::currentDateTimeUtc();
    QVERIFY(m_ledger->createRun(taken).ok());
    auto wizard = makeWizard();
    QVERIFY(wizard);
    fillPlanPage(wizard.get(), u"taken"_s);
    typeCount(wizard->sandboxesPage(), u"github"_s, 1);
    next(wizard.get());
    next(wizard.get());
    QCOMPARE(wizard->currentId(), int(NewRunWizard::SummaryPage));
    next(wizard.get());
    // The provisioner said no before sending anything: the summary says why, and Back still works.
    QTRY_VERIFY2(wizard->summaryPage()->problemText().contains(u"exists already"_s),
                 qPrintable(wizard->summaryPage()->problemText()));
    QCOMPARE(wizard->currentId(), int(NewRunWizard::SummaryPage));
    QCOMPARE(m_emulator->emulator->requestCount("POST", u"/sandbox/github"_s), 0);
    QVERIFY(wizard->button(QWizard::BackButton)->isEnabled());
}

void TestNewRunWizard::provisionsARunAndWritesItsExports()
{
    auto wizard = makeWizard();
    QVERIFY(wizard);
    QSignalSpy started(wizard.get(), &NewRunWizard::runStarted);
    fillPlanPage(wizard.get(), u"eval-6"_s);
    NewRunSandboxesPage *sandboxes = wizard->sandboxesPage();
    typeCount(sandboxes, u"github"_s, 3);
    typeCount(sandboxes, u"slack"_s, 2);
    addLocalSet(sandboxes, {u"filesystem"_s}, 1);
    // Untranslated, %n reads "sandbox(es)"; the English translation makes it "sandboxes".
    QVERIFY2(sandboxes->totalText().startsWith(u"6 sandbox"_s) &&
                 sandboxes->totalText().endsWith(u", about 3 s at 2 requests/s"_s),
             qPrintable(sandboxes->totalText()));
    // The filter never hides what the run already counts.
    sandboxes->filterEdit()->setText(u"jira"_s);
    QVERIFY(sandboxes->countSpin(u"github"_s)->isVisibleTo(wizard.get()));
    QVERIFY(!sandboxes->countSpin(u"notion"_s)->isVisibleTo(wizard.get()));
    // Enter in the empty filter is the wizard's Next.
    sandboxes->filterEdit()->clear();
    QTest::keyClick(sandboxes->filterEdit(), Qt::Key_Return);
    QCOMPARE(wizard->currentId(), int(NewRunWizard::SeedsPage));
    QVERIFY(wizard->seedsPage()->workspaceEdit()->isEnabled()); // the plan has a local sandbox
    next(wizard.get());
    QCOMPARE(wizard->currentId(), int(NewRunWizard::SummaryPage));
    const QString summary = wizard->summaryPage()->planText();
    QVERIFY2(summary.contains(u"3 × github"_s) && summary.contains(u"1 × local sandbox with filesystem"_s),
             qPrintable(summary));

    QVERIFY(startAndWait(wizard.get()));
    QCOMPARE(started.size(), 1);
    RunProgressModel *model = wizard->progressPage()->model();
    QCOMPARE(model->rowCount(), 6);
    QCOMPARE(model->countIn(RunSandboxState::Acquired), 6);
    for (int row = 0; row < model->rowCount(); ++row) {
        QCOMPARE(model->index(row, RunProgressModel::StateColumn).data().toString(), u"acquired"_s);
        QVERIFY(!model->index(row, RunProgressModel::IdColumn).data().toString().isEmpty());
    }
    QCOMPARE(model->index(2, RunProgressModel::SandboxColumn).data().toString(), u"github #3"_s);
    QCOMPARE(model->index(5, RunProgressModel::SandboxColumn).data().toString(), u"local 1 #1: filesystem"_s);
    QCOMPARE(wizard->progressPage()->progressBar()->text(), u"6 of 6"_s);
    QVERIFY(wizard->progressPage()->releaseOffer()->isHidden());
    QVERIFY2(wizard->progressPage()->statusText().startsWith(u"Done: 6 sandbox"_s),
             qPrintable(wizard->progressPage()->statusText()));
    m_worker->flush();
    QCOMPARE(m_ledger->sandboxesOfRun(u"eval-6"_s)->size(), 6);

    next(wizard.get());
    QCOMPARE(wizard->currentId(), int(NewRunWizard::ExportsPage));
    NewRunExportsPage *exports = wizard->exportsPage();
    QVERIFY(exports->urlMapEdit()->text().endsWith(u"eval-6-urls.json"_s));
    const QString out = m_dir->filePath(u"out"_s);
    exports->urlMapEdit()->setText(out + u"/urls.json"_s);
    exports->envEdit()->setText(out + u"/run.env"_s);
    exports->mcpEdit()->setText(out + u"/mcp"_s);
    std::optional<NewRunExportsPage::Result> result;
    connect(exports, &NewRunExportsPage::exportsWritten, this,
            [&result](const NewRunExportsPage::Result &r) { result = r; });
    exports->writeButton()->click();
    QTRY_VERIFY(result.has_value());
    QCOMPARE(result->problems, QStringList());
    QCOMPARE(result->written.size(), 3);
    QVERIFY(exports->resultText().contains(QDir::toNativeSeparators(out + u"/run.env"_s)));

    QFile map(out + u"/urls.json"_s);
    QVERIFY(map.open(QIODevice::ReadOnly));
    const QJsonObject urls = QJsonDocument::fromJson(map.readAll()).object().value(u"urls"_s).toObject();
    QCOMPARE(urls.keys(), (QStringList{u"github_1"_s, u"github_2"_s, u"github_3"_s, u"local_1_1_filesystem"_s,
                                       u"slack_1"_s, u"slack_2"_s}));
    QFile env(out + u"/run.env"_s);
    QVERIFY(env.open(QIODevice::ReadOnly));
    const QByteArray envText = env.readAll();
    QVERIFY(envText.contains("\nGITHUB_3_MCP_URL='http"));
    QVERIFY(envText.contains("\nLOCAL_1_1_FILESYSTEM_MCP_URL='http"));
    const QStringList configs = QDir(out + u"/mcp"_s).entryList(QDir::Files);
    QCOMPARE(configs.size(), 6);
    QFile github(out + u"/mcp/github_2.json"_s);
    QVERIFY(github.open(QIODevice::ReadOnly));
    QVERIFY(QJsonDocument::fromJson(github.readAll())
                .object()
                .value(u"mcpServers"_s)
                .toObject()
                .contains(u"github"_s));
    // The next run's files are offered in the same folder.
    QCOMPARE(QSettings().value(u"newRun/exportFolder"_s).toString(), out);
}

void TestNewRunWizard::aFailureLooksLikeOneAndLosesNothing()
{
    m_emulator->emulator->setEmptyPool(u"jira"_s); // 503: a definite no
    auto wizard = makeWizard();
    QVERIFY(wizard);
    fillPlanPage(wizard.get(), u"partly"_s);
    typeCount(wizard->sandboxesPage(), u"jira"_s, 1);
    typeCount(wizard->sandboxesPage(), u"github"_s, 1);
    next(wizard.get());
    next(wizard.get());
    QVERIFY(startAndWait(wizard.get()));
    RunProgressModel *model = wizard->progressPage()->model();
    QCOMPARE(model->index(0, RunProgressModel::SandboxColumn).data().toString(), u"jira #1"_s);
    QCOMPARE(model->index(0, RunProgressModel::StateColumn).data().toString(), u"failed"_s);
    QVERIFY(model->index(0, 0).data(RunProgressModel::IsFailureRole).toBool());
    QVERIFY(!model->index(0, RunProgressModel::ErrorColumn).data().toString().isEmpty());
    QCOMPARE(model->index(1, RunProgressModel::StateColumn).data().toString(), u"acquired"_s);
    QVERIFY(!model->index(1, 0).data(RunProgressModel::IsFailureRole).toBool());
    QVERIFY2(wizard->progressPage()->statusText().endsWith(u"1 failed."_s),
             qPrintable(wizard->progressPage()->statusText()));
    // The status line is in the error colour; a completed run offers no release.
    const auto *status = wizard->progressPage()->findChild<QLabel *>(u"runStatus"_s);
    QCOMPARE(status->palette().color(QPalette::WindowText), ErrorColour::on(wizard->palette()));
    QVERIFY(wizard->progressPage()->releaseOffer()->isHidden());
}

void TestNewRunWizard::cancelInTheMiddleOffersRelease()
{
    auto faults = m_emulator->emulator->faults();
    faults.latencyMs = 100;
    m_emulator->emulator->setFaults(faults);
    auto wizard = makeWizard();
    QVERIFY(wizard);
    fillPlanPage(wizard.get(), u"cancelled"_s);
    typeCount(wizard->sandboxesPage(), u"github"_s, 5);
    next(wizard.get());
    next(wizard.get());
    NewRunProgressPage *progress = wizard->progressPage();
    // The user presses Cancel run while the second acquire is out: it finishes, nothing after it is asked.
    connect(m_provisioner.get(), &RunProvisioner::sandboxChanged, progress,
            [progress](int index, const RunSandbox &sandbox) {
                if (index == 1 && sandbox.state == RunSandboxState::Acquiring)
                    QTimer::singleShot(0, progress->cancelButton(),
                                       [progress] { progress->cancelButton()->click(); });
            });
    QVERIFY(startAndWait(wizard.get()));
    QCOMPARE(progress->model()->countIn(RunSandboxState::Acquired), 2);
    QCOMPARE(progress->model()->countIn(RunSandboxState::Cancelled), 3);
    QCOMPARE(progress->progressBar()->text(), u"5 of 5"_s);
    QVERIFY(progress->releaseOffer()->isVisible());
    QCOMPARE(progress->releaseButton()->text().remove(u'&'), u"Release the 2 acquired"_s);
    QSignalSpy release(wizard.get(), &NewRunWizard::releaseRequested);
    progress->releaseButton()->click();
    QCOMPARE(release.size(), 1);
    QCOMPARE(release.first().first().toString(), u"cancelled"_s);
    QVERIFY(progress->releaseOffer()->isHidden());
    // The run ended: closing asks nothing.
    wizard->reject();
    QVERIFY(!wizard->isVisible());
}

void TestNewRunWizard::closingWhileProvisioningAsksFirst()
{
    auto faults = m_emulator->emulator->faults();
    faults.latencyMs = 150;
    m_emulator->emulator->setFaults(faults);
    auto wizard = makeWizard();
    QVERIFY(wizard);
    fillPlanPage(wizard.get(), u"closed"_s);
    typeCount(wizard->sandboxesPage(), u"slack"_s, 20);
    next(wizard.get());
    next(wizard.get());
    QSignalSpy finished(wizard->progressPage(), &NewRunProgressPage::runFinished);
    next(wizard.get());
    QVERIFY(wizard->isProvisioning());
    // "Keep provisioning": nothing changes.
    answerNextMessageBox(u"Keep provisioning"_s);
    wizard->reject();
    QVERIFY(wizard->isVisible());
    QVERIFY(wizard->isProvisioning());
    // "Stop the run": cancelled, and the wizard stays to say how it ended and offer the release.
    answerNextMessageBox(u"Stop the run"_s);
    QTest::keyClick(wizard.get(), Qt::Key_Escape);
    QVERIFY(wizard->isVisible());
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.first().first().value<RunProvisioner::Outcome>(), RunProvisioner::Outcome::Cancelled);
    const int held = m_provisioner->heldCount();
    QVERIFY(held >= 1 && held < 20);
    QVERIFY(wizard->progressPage()->releaseOffer()->isVisible());
    wizard->progressPage()->keepButton()->click();
    QVERIFY(wizard->progressPage()->releaseOffer()->isHidden());
}

void TestNewRunWizard::badSeedFileShowsItsError()
{
    const QString seeds = m_dir->filePath(u"seeds.json"_s);
    TestWidgets::writeFile(seeds, R"({"github": 5})");
    auto wizard = makeWizard();
    QVERIFY(wizard);
    fillPlanPage(wizard.get(), u"seeded"_s);
    typeCount(wizard->sandboxesPage(), u"github"_s, 1);
    next(wizard.get());
    NewRunSeedsPage *page = wizard->seedsPage();
    QCOMPARE(wizard->currentId(), int(NewRunWizard::SeedsPage));
    QVERIFY(!page->workspaceEdit()->isEnabled()); // no local sandbox: no workspace
    QSignalSpy checked(page, &NewRunSeedsPage::checked);
    page->seedEdit()->setText(seeds);
    QVERIFY(checked.wait(5000));
    // RunProvisioner::readSeeds's own sentence, beside the field, and no way on.
    QVERIFY2(page->seedError().contains(u"neither a JSON object nor \"default\""_s),
             qPrintable(page->seedError()));
    QVERIFY(page->findChild<QLabel *>(u"seedError"_s)->isVisible());
    QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());
    page->seedEdit()->setText(m_dir->filePath(u"missing.json"_s));
    QVERIFY(checked.wait(5000));
    QVERIFY(page->seedError().startsWith(u"Cannot read"_s));
    QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());

    TestWidgets::writeFile(seeds, R"({"github": "default"})");
    page->seedEdit()->setText(seeds);
    QVERIFY(checked.wait(5000));
    QCOMPARE(page->seedError(), QString());
    QVERIFY(wizard->button(QWizard::NextButton)->isEnabled());
    next(wizard.get());
    QVERIFY(wizard->summaryPage()->planText().contains(seeds));
    QCOMPARE(wizard->plan().seedDataFile, seeds);
}

void TestNewRunWizard::choicesAreRemembered()
{
    {
        auto wizard = makeWizard();
        QVERIFY(wizard);
        NewRunPlanPage *page = wizard->planPage();
        page->benchmarkCombo()->setCurrentIndex(page->benchmarkCombo()->count() - 1);
        page->ttlUnitCombo()->setCurrentIndex(0); // minutes
        TestWidgets::typeInto(page->ttlSpin(), u"90"_s);
        QTest::keyClicks(page->nameEdit(), u"remembered"_s);
        next(wizard.get());
        typeCount(wizard->sandboxesPage(), u"github"_s, 1);
        next(wizard.get());
        next(wizard.get());
        QCOMPARE(wizard->plan().ttlSeconds, std::optional<int>(5400));
        QVERIFY(startAndWait(wizard.get()));
    }
    auto wizard = makeWizard();
    QVERIFY(wizard);
    NewRunPlanPage *page = wizard->planPage();
    QCOMPARE(page->benchmarkCombo()->currentIndex(), page->benchmarkCombo()->count() - 1);
    QCOMPARE(page->ttlSpin()->value(), 90);
    QCOMPARE(page->ttlUnitCombo()->currentIndex(), 0);
    QVERIFY(page->nameEdit()->text().isEmpty()); // a name is per run
    // The TTL cannot leave the API's bounds in either unit.
    QCOMPARE(page->ttlSpin()->maximum(), 1440);
    page->ttlUnitCombo()->setCurrentIndex(1);
    QCOMPARE(page->ttlSpin()->maximum(), 24);
    QCOMPARE(page->ttlSpin()->minimum(), 1);
}

namespace {

LedgerOperation intentOf(qint64 id, const QString &run, const QString &server, LedgerProvider provider)
{
    LedgerOperation intent;
    intent.id = id;
    intent.run = run;
    intent.server = server;
    intent.provider = provider;
    intent.startedAt = QDateTime::currentDateTimeUtc().addSecs(-600);
    return intent;
}

ReconcileReport sampleReport()
{
    ReconcileReport report;
    report.openIntents = {intentOf(11, u"eval-1"_s, u"github"_s, LedgerProvider::Klavis),
                          intentOf(12, u"eval-1"_s, u"filesystem,git"_s, LedgerProvider::KlavisLocal),
                          intentOf(13, u"eval-2"_s, u"slack"_s, LedgerProvider::Klavis)};
    report.leftovers = {
        {LedgerProvider::Klavis, {u"github"_s}, u"sb-1"_s, u"eval-1"_s, 11},
        {LedgerProvider::KlavisLocal, {u"filesystem"_s, u"git"_s}, u"vm-1"_s, u"eval-1"_s, 12}};
    return report;
}

} // namespace

void TestNewRunWizard::reconcileDecisionsAreEmittedAsChosen()
{
    ReconcileDialog dialog(sampleReport());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.leftoverTable()->rowCount(), 2);
    QCOMPARE(dialog.intentTable()->rowCount(), 1); // the slack intent: the server holds nothing for it
    QCOMPARE(dialog.leftoverTable()->item(1, 1)->text(), u"local: filesystem, git"_s);
    QCOMPARE(dialog.leftoverTable()->item(0, 3)->text(), u"10 min ago"_s);
    QPushButton *apply = dialog.buttonBox()->button(QDialogButtonBox::Apply);
    QVERIFY(!apply->isEnabled()); // nothing is chosen for the user

    QSignalSpy adopted(&dialog, &ReconcileDialog::adoptRequested);
    QSignalSpy released(&dialog, &ReconcileDialog::releaseRequested);
    QSignalSpy abandoned(&dialog, &ReconcileDialog::abandonRequested);
    dialog.choiceBox(0)->setCurrentIndex(dialog.choiceBox(0)->findText(u"Release"_s));
    dialog.choiceBox(1)->setCurrentIndex(dialog.choiceBox(1)->findText(u"Adopt"_s));
    qobject_cast<QCheckBox *>(dialog.intentTable()->cellWidget(0, 3))->setChecked(true);
    QVERIFY(apply->isEnabled());
    const QList<ReconcileDecision> decisions = dialog.decisions();
    QCOMPARE(decisions.size(), 3);
    QCOMPARE(decisions[2].kind, ReconcileDecision::Kind::Abandon);
    apply->click();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(released.size(), 1);
    QCOMPARE(released.first().first().value<RunLeftover>().sandboxId, u"sb-1"_s);
    QCOMPARE(adopted.size(), 1);
    const auto adoptedLeftover = adopted.first().first().value<RunLeftover>();
    QCOMPARE(adoptedLeftover.sandboxId, u"vm-1"_s);
    QCOMPARE(adoptedLeftover.intentId, 12);
    QCOMPARE(abandoned.size(), 1);
    QCOMPARE(abandoned.first().at(0).toLongLong(), 13);
    QCOMPARE(abandoned.first().at(1).toString(), ReconcileDialog::abandonNote());
}

void TestNewRunWizard::reconcileDecideLaterDecidesNothing()
{
    ReconcileReport report = sampleReport();
    report.error = u"GET /sandbox?tag=eval-2: 503"_s;
    ReconcileDialog dialog(report);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(dialog.findChild<QLabel *>(u"reconcileError"_s)->text().contains(u"503"_s));
    QSignalSpy adopted(&dialog, &ReconcileDialog::adoptRequested);
    QSignalSpy released(&dialog, &ReconcileDialog::releaseRequested);
    QSignalSpy abandoned(&dialog, &ReconcileDialog::abandonRequested);
    dialog.choiceBox(0)->setCurrentIndex(dialog.choiceBox(0)->findText(u"Adopt"_s));
    dialog.choiceBox(0)->setCurrentIndex(dialog.choiceBox(0)->findText(u"Decide later"_s));
    QVERIFY(dialog.decisions().isEmpty());
    dialog.buttonBox()->button(QDialogButtonBox::Cancel)->click();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QCOMPARE(adopted.size() + released.size() + abandoned.size(), 0);
}

QTEST_MAIN(TestNewRunWizard)
#include "tst_newrunwizard.moc"
