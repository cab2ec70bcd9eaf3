// Part of tst_runsview: releasing from the Runs view through the window's RunCoordinator (RunReleaser on the
// session's transport and ledger): a ledger run (one release refused by the emulator, then all of them), a
// run only seen as a tag, the leaks; each asked once, checked on the emulator, in the ledger and on screen.

#include "emulatorprobe.h"
#include "runsviewtest.h"

#include "common/errorbanner.h"
#include "mainwindow/statusbarpanel.h"
#include "runsview/runcoordinator.h"
#include "runsview/runleakspanel.h"
#include "session/leakmonitor.h"
#include "session/refreshscheduler.h"

#include <QLabel>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

namespace RunsViewTest {

class ReleaseTest : public Fixture
{
    Q_OBJECT

private:
    RunCoordinator *coordinator() const { return app->window()->runCoordinator(); }

    // Confirms the Runs view's release of the selected run and waits for its outcome: the summary and the
    // failures.
    bool releaseSelected(QString *summary, QStringList *failures, QString *question = nullptr)
    {
        QSignalSpy finished(coordinator(), &RunCoordinator::releaseFinished);
        // Whoever hears of the end may release again at once.
        bool releasingAtEnd = true;
        const auto atEnd =
            connect(coordinator(), &RunCoordinator::releaseFinished, this,
                    [this, &releasingAtEnd] { releasingAtEnd = coordinator()->isReleasing(); });
        int asked = 0;
        QString asking;
        answerConfirmation(u"Release"_s, &asked, &asking);
        page()->releaseSelectedRun();
        if (question)
            *question = asking;
        const bool ended = asked == 1 && finished.wait(20000);
        disconnect(atEnd);
        if (!ended || releasingAtEnd)
            return false;
        *summary = finished.first().at(0).toString();
        *failures = finished.first().at(1).toStringList();
        return true;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(startApp());
        // Only the requests a test makes reach the emulator (a poll would take an injected fault), and a
        // refused release is not tried again.
        app->window()->scheduler()->setIntervalSeconds(0);
        HttpTransport *transport = session()->transport();
        TransportConfig config = transport->config();
        config.maxAttempts = 1;
        transport->setConfig(config);
        seedRun();
    }

    void cleanupTestCase() { stopApp(); }

    void releaseAllOfALedgerRunShowsEachFailureThenReleasesTheRest()
    {
        QVERIFY(page()->selectRun(runName));
        QSignalSpy requested(page(), &RunsPage::releaseRunRequested);
        int asked = 0;
        QString question;
        // Cancel: nothing is asked for.
        answerConfirmation(u"Cancel"_s, &asked, &question);
        page()->releaseSelectedRun();
        QCOMPARE(asked, 1);
        QCOMPARE(requested.count(), 0);
        QVERIFY(!coordinator()->isReleasing());

        // Once the first sandbox is released, the emulator refuses the next request: the second release.
        const QStringList held = runSandboxes + QStringList{runLocal};
        m_fault =
            connect(coordinator(), &RunCoordinator::statusMessage, this, [this](const QString &message) {
                if (!message.contains(u"released"_s))
                    return;
                Emulator::FaultSettings faults = EmulatorProbe(app->emulator()).faults();
                faults.failNextRequests = 1;
                faults.failStatus = 503;
                app->emulator()->setFaults(faults);
                disconnect(m_fault);
            });
        QString summary;
        QStringList failures;
        QVERIFY(releaseSelected(&summary, &failures, &question));
        // The question lists the three held sandboxes and not the released one.
        for (const QString &id : held)
            QVERIFY2(question.contains(id), qPrintable(question));
        QVERIFY(!question.contains(releasedSandbox));
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.first().first().toString(), runName);
        QVERIFY2(failures.size() == 1, qPrintable(failures.join(u'\n')));
        QString refused;
        for (const QString &id : held)
            if (failures.first().startsWith(id))
                refused = id;
        QVERIFY2(!refused.isEmpty(), qPrintable(failures.first()));
        QVERIFY2(summary.contains(u"2 released, 1 could not"_s), qPrintable(summary));
        // The banner: the summary, one line per failure.
        ErrorBanner *banner = page()->banner();
        QVERIFY(banner->isVisible());
        QCOMPARE(banner->message(), summary);
        QCOMPARE(banner->details(), failures.join(u'\n'));
        // The refused one is held still, on the server and in the ledger; the run stays open.
        if (refused == runLocal)
            QVERIFY(EmulatorProbe(app->emulator()).localSandboxIds().contains(runLocal));
        else
            QCOMPARE(serverStatus(refused), u"occupied"_s);
        {
            const std::unique_ptr<RunLedger> ledger = openLedger();
            QVERIFY(ledger);
            QCOMPARE(ledger->run(runName)->state, LedgerRunState::Open);
            int stillHeld = 0;
            const QList<LedgerSandbox> sandboxes = ledger->sandboxesOfRun(runName).value();
            for (const LedgerSandbox &sandbox : sandboxes)
                if (sandbox.isHeld()) {
                    ++stillHeld;
                    QCOMPARE(sandbox.sandboxId, refused);
                }
            QCOMPARE(stillHeld, 1);
        }
        QVERIFY2(
            QTest::qWaitFor(
                [this] { return cell(runName, RunListModel::SandboxesColumn).contains(u"1 occupied"_s); },
                10000),
            qPrintable(rowsText()));

        // Again, with nothing refused: the rest goes, the run is released, the banner goes.
        QVERIFY(page()->selectRun(runName));
        QVERIFY(releaseSelected(&summary, &failures));
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u'\n')));
        QVERIFY(!banner->isVisible());
        for (const QString &id : std::as_const(runSandboxes))
            QCOMPARE(serverStatus(id), u"idle"_s);
        QVERIFY(!EmulatorProbe(app->emulator()).localSandboxIds().contains(runLocal));
        const std::unique_ptr<RunLedger> ledger = openLedger();
        QVERIFY(ledger);
        QCOMPARE(ledger->run(runName)->state, LedgerRunState::Released);
        const QList<LedgerSandbox> sandboxes = ledger->sandboxesOfRun(runName).value();
        for (const LedgerSandbox &sandbox : sandboxes)
            QVERIFY2(!sandbox.isHeld(), qPrintable(sandbox.sandboxId));
        QVERIFY(ledger->openIntents()->isEmpty());
        // The page reads the ledger again: the run's row says so.
        QVERIFY2(QTest::qWaitFor([this] { return cell(runName, RunListModel::StateColumn) == u"released"_s; },
                                 10000),
                 qPrintable(rowsText()));
        QVERIFY(!cell(runName, RunListModel::SandboxesColumn).contains(u"occupied"_s));
    }

    void aTagOnlyRunReleasesWhatWasListedWithIt()
    {
        QVERIFY(refreshUntil([this] { return rowOf(tagOnlyRun) >= 0; }));
        QVERIFY(page()->selectRun(tagOnlyRun));
        QSignalSpy requested(page(), &RunsPage::releaseSandboxesRequested);
        QString summary;
        QStringList failures;
        QString question;
        QVERIFY(releaseSelected(&summary, &failures, &question));
        QVERIFY2(question.contains(tagOnlySandbox), qPrintable(question));
        // It says the sandboxes were found only by their tag.
        QVERIFY2(question.contains(u"found only by their tag"_s), qPrintable(question));
        QCOMPARE(requested.count(), 1);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u'\n')));
        QVERIFY2(summary.contains(tagOnlyRun), qPrintable(summary));
        QCOMPARE(serverStatus(tagOnlySandbox), u"idle"_s);
        // The lists are read again: nothing is held with the tag any more.
        QVERIFY2(QTest::qWaitFor(
                     [this] {
                         return rowOf(tagOnlyRun) < 0 ||
                                !cell(tagOnlyRun, RunListModel::SandboxesColumn).contains(u"occupied"_s);
                     },
                     10000),
                 qPrintable(rowsText()));
    }

    void releaseAllLeaksEmptiesTheStatusBarCount()
    {
        LeakMonitor *monitor = page()->leakMonitor();
        QSignalSpy changed(monitor, &LeakMonitor::leaksChanged);
        monitor->recompute();
        QVERIFY(changed.wait(5000));
        QVERIFY(monitor->count() > 0);
        QLabel *indicator = app->window()->statusPanel()->leaksIndicator();
        QVERIFY(!indicator->isHidden());
        const QList<Leak> expected = monitor->report().leaks;
        bool listsLeak = false;
        for (const Leak &each : expected)
            listsLeak |= each.sandboxId == leak;
        QVERIFY(listsLeak);

        QSignalSpy requested(page(), &RunsPage::releaseLeaksRequested);
        QSignalSpy finished(coordinator(), &RunCoordinator::releaseFinished);
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
        QVERIFY(finished.wait(30000));
        const QStringList failures = finished.first().at(1).toStringList();
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u'\n')));
        QCOMPARE(serverStatus(leak), u"idle"_s);
        // The lists refresh after the release, the leaks follow them, and the status bar follows the leaks.
        QVERIFY2(QTest::qWaitFor(
                     [monitor, indicator] { return monitor->count() == 0 && indicator->isHidden(); }, 10000),
                 qPrintable(indicator->text()));
    }

private:
    QMetaObject::Connection m_fault;
};

std::unique_ptr<QObject> newReleaseTest()
{
    return std::make_unique<ReleaseTest>();
}

} // namespace RunsViewTest

#include "tst_runsviewrelease.moc"
