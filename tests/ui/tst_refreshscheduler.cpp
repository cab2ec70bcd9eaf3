// Polling rules: the chosen interval, nothing while minimised (and a refresh on the way back), and a
// stretched interval after a 429 until a refresh succeeds.

#include "demoapp.h"
#include "session/refreshscheduler.h"

#include <QSignalSpy>

class TestRefreshScheduler : public QObject
{
    Q_OBJECT

private slots:
    void intervalsAndPause()
    {
        RefreshScheduler scheduler;
        scheduler.setIntervalSeconds(5);
        QCOMPARE(scheduler.effectiveIntervalSeconds(), 5);
        scheduler.setIntervalSeconds(0);
        QCOMPARE(scheduler.effectiveIntervalSeconds(), 0);

        scheduler.setIntervalSeconds(15);
        QSignalSpy due(&scheduler, &RefreshScheduler::refreshDue);
        scheduler.setPaused(true);
        QCOMPARE(scheduler.effectiveIntervalSeconds(), 0);
        QCOMPARE(due.count(), 0);
        scheduler.setPaused(false);
        QCOMPARE(due.count(), 1); // back from minimised: the list is stale
        QCOMPARE(scheduler.effectiveIntervalSeconds(), 15);
    }

    void backsOffOnRateLimit()
    {
        RefreshScheduler scheduler;
        scheduler.setIntervalSeconds(5);
        scheduler.refreshRateLimited(2);
        QCOMPARE(scheduler.effectiveIntervalSeconds(), 10); // doubled: Retry-After was shorter
        scheduler.refreshRateLimited(45);
        QCOMPARE(scheduler.effectiveIntervalSeconds(), 45); // Retry-After longer than the doubling
        for (int i = 0; i < 10; ++i)
            scheduler.refreshRateLimited(0);
        QCOMPARE(scheduler.effectiveIntervalSeconds(), 300); // capped at five minutes
        scheduler.refreshSucceeded();
        QCOMPARE(scheduler.effectiveIntervalSeconds(), 5);
    }

    void timerFires()
    {
        RefreshScheduler scheduler;
        QSignalSpy due(&scheduler, &RefreshScheduler::refreshDue);
        scheduler.setIntervalSeconds(5);
        QVERIFY(due.wait(7000));
    }

    void minimisingTheWindowPausesPolling()
    {
        DemoApp app;
        QVERIFY(app.started());
        RefreshScheduler *scheduler = app.window()->scheduler();
        QVERIFY(!scheduler->isPaused());
        app.window()->setWindowState(Qt::WindowMinimized);
        QVERIFY(QTest::qWaitFor([scheduler] { return scheduler->isPaused(); }, 2000));
        app.window()->setWindowState(Qt::WindowNoState);
        QVERIFY(QTest::qWaitFor([scheduler] { return !scheduler->isPaused(); }, 2000));
    }
};

QTEST_MAIN(TestRefreshScheduler)
#include "tst_refreshscheduler.moc"
