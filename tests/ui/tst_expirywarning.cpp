// The warning before Klavis releases a held sandbox at the end of its TTL, in the real window against the
// demo emulator: a sandbox acquired here with a TTL of five minutes is counted in the status bar (with what
// and when in its tooltip) and announced once by a desktop notification, not again on the next refresh; one
// with the default two hours is not counted; releasing it takes it out of the count.

#include "demoapp.h"

#include "mainwindow/statusbarpanel.h"
#include "runsview/expirynotifier.h"
#include "session/leakmonitor.h"
#include "session/refreshscheduler.h"
#include "session/sandboxescontroller.h"

#include <QLabel>
#include <QSignalSpy>

#include <optional>

using namespace Qt::StringLiterals;

class TestExpiryWarning : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<DemoApp> app;

    SandboxesController *klavis() const { return app->window()->sandboxesController(); }
    QLabel *indicator() const { return app->window()->statusPanel()->expiringIndicator(); }
    ExpiryNotifier *notifier() const { return app->window()->expiryNotifier(); }

    std::optional<AcquiredSandbox> acquire(std::optional<int> ttlSeconds)
    {
        AcquireRequest request;
        request.serverName = u"github"_s;
        request.ttlSeconds = ttlSeconds;
        std::optional<ApiResult<AcquiredSandbox>> result;
        QObject context;
        klavis()->acquire(request, &context, [&](const ApiResult<AcquiredSandbox> &r) { result = r; });
        if (!QTest::qWaitFor([&] { return result.has_value(); }, 10000) || !result->ok())
            return std::nullopt;
        return result->value();
    }

    // A refresh of the Klavis list, and the leak report worked out from it.
    bool refreshedAndReported()
    {
        QSignalSpy reported(app->controller()->session()->leakMonitor(), &LeakMonitor::leaksChanged);
        klavis()->refresh();
        return reported.wait(10000);
    }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        app->window()->scheduler()->setIntervalSeconds(0); // the test refreshes by hand
        QTRY_VERIFY(klavis()->store()->hasListed());
        QVERIFY(refreshedAndReported());
        QVERIFY(!indicator()->isVisibleTo(app->window()));
        QCOMPARE(notifier()->expiringCount(), 0);
    }
    void cleanup() { app.reset(); }

    void aSandboxNearTheEndOfItsTtlIsCountedAndAnnouncedOnce()
    {
        const std::optional<AcquiredSandbox> longLived = acquire(std::nullopt); // the server's 2 h
        QVERIFY(longLived);
        const std::optional<AcquiredSandbox> acquired = acquire(300);
        QVERIFY(acquired);
        QTRY_COMPARE_WITH_TIMEOUT(notifier()->expiringCount(), 1, 10000);
        QVERIFY(indicator()->isVisibleTo(app->window()));
        QVERIFY2(indicator()->text().contains(u"1 sandbox expiring soon"_s), qPrintable(indicator()->text()));
        QVERIFY2(indicator()->toolTip().contains(acquired->sandboxId), qPrintable(indicator()->toolTip()));
        QVERIFY(!indicator()->toolTip().contains(longLived->sandboxId));
        QVERIFY(indicator()->toolTip().contains(u"cannot extend"_s));
        QCOMPARE(notifier()->notificationsGiven(), 1);

        QVERIFY(refreshedAndReported());
        QCOMPARE(notifier()->expiringCount(), 1);
        QCOMPARE(notifier()->notificationsGiven(), 1); // once per sandbox, not per refresh

        klavis()->runBulk(SandboxesController::Bulk::Release, {{acquired->serverName, acquired->sandboxId}});
        QTRY_COMPARE_WITH_TIMEOUT(notifier()->expiringCount(), 0, 10000);
        QVERIFY(!indicator()->isVisibleTo(app->window()));
    }
};

QTEST_MAIN(TestExpiryWarning)
#include "tst_expirywarning.moc"
