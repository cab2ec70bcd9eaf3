// The New run wizard's pages filled as a user does: a refused name, a taken one, a bad seed file, the
// choices remembered. The fixture: a provisioner on the emulator over loopback HTTP into a real ledger file.
#include "tst_newrunwizard.h"
#include "emulatorprobe.h"

#include "testwidgets.h"

#include "ledger/ledgeraccess.h"
#include "runsview/newrunplanpage.h"
#include "runsview/newrunprogresspage.h"
#include "runsview/newrunsandboxespage.h"
#include "runsview/newrunseedspage.h"
#include "runsview/newrunsummarypage.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QTextDocument>

using namespace Qt::StringLiterals;

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
    QCOMPARE(EmulatorProbe(m_emulator->emulator).requestCount("POST", u"/sandbox/github"_s), 0);
    QVERIFY(wizard->button(QWizard::BackButton)->isEnabled());
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
    // A label whose text marks a mnemonic has a buddy; without one Qt draws the '&' ("Per-server &data:").
    for (const QLabel *label : wizard->findChildren<QLabel *>()) {
        const QString text = QString(label->text()).remove(u"&&"_s);
        if (label->textFormat() != Qt::RichText && !Qt::mightBeRichText(label->text()) && text.contains(u'&'))
            QVERIFY2(label->buddy(), qPrintable(label->text()));
    }
    QSignalSpy checked(page, &NewRunSeedsPage::checked);
    page->seedEdit()->setText(seeds);
    QVERIFY(checked.wait(5000));
    // RunSeeder::readSeeds's own sentence, beside the field, and no way on.
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

QTEST_MAIN(TestNewRunWizard)
