// The New run wizard provisioning against the emulator: a run and its exports written and read back, a
// failure that loses nothing, a cancel in the middle that offers release, a close that asks first.
#include "emulatorprobe.h"
#include "tst_newrunwizard.h"

#include "testwidgets.h"

#include "common/errorcolour.h"
#include "models/runprogressmodel.h"
#include "runsview/newrunexportspage.h"
#include "runsview/newrunplanpage.h"
#include "runsview/newrunprogresspage.h"
#include "runsview/newrunsandboxespage.h"
#include "runsview/newrunseedspage.h"
#include "runsview/newrunsummarypage.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

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
    // The run has ended: the way out is Close, which cancels nothing.
    QCOMPARE(wizard->button(QWizard::CancelButton)->text(), u"Close"_s);

    next(wizard.get());
    QCOMPARE(wizard->currentId(), int(NewRunWizard::ExportsPage));
    // Finish, and no Cancel beside it: the exports come after the run.
    QVERIFY(wizard->button(QWizard::CancelButton)->isHidden());
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
    auto faults = EmulatorProbe(m_emulator->emulator).faults();
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
    auto faults = EmulatorProbe(m_emulator->emulator).faults();
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
    // The first acquire is out before the user tries to close: a stop while the run's intent is still being
    // written (the ledger's thread answers when it answers) would leave nothing held to offer.
    QTRY_VERIFY(m_provisioner->sandboxes().value(0).state != RunSandboxState::Pending);
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
