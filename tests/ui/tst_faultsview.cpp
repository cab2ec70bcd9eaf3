// The app against the demo emulator's fault switches: 5xx on a refresh retried then shown in the banner,
// acquire never repeated, 429 with Retry-After honoured and the polling backing off, a timeout worded
// differently from a cancel, and a full disk during a dump or an extraction (the suite runs on a 2 MiB tmpfs
// of its own: with-small-disk.sh names it in SANDBOXDECK_SMALL_DISK).

#include "demoapp.h"
#include "emulatorprobe.h"

#include "api/httptransport.h"
#include "common/errorbanner.h"
#include "local/localworkspaceactions.h"
#include "models/transfermodel.h"
#include "session/refreshscheduler.h"
#include "transfers/transferspage.h"
#include "workspace/transferjob.h"

#include <QDir>
#include <QRandomGenerator>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

class TestFaultsView : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<DemoApp> app;
    QString disk;

    Emulator::EmulatorServer *emulator() const { return app->emulator(); }
    RefreshScheduler *scheduler() const { return app->window()->scheduler(); }
    ErrorBanner *banner() const { return app->sandboxesPage()->banner(); }

    void setFaults(const std::function<void(Emulator::FaultSettings &)> &change)
    {
        Emulator::FaultSettings faults = EmulatorProbe(emulator()).faults();
        change(faults);
        emulator()->setFaults(faults);
    }

    void configure(const std::function<void(TransportConfig &)> &change)
    {
        HttpTransport *transport = app->controller()->session()->transport();
        TransportConfig config = transport->config();
        change(config);
        transport->setConfig(config);
    }

    QList<qint64> listRequestTimes() const
    {
        QList<qint64> times;
        for (const Emulator::RecordedRequest &request : EmulatorProbe(emulator()).apiRequests()) {
            if (request.method == "GET" && request.path == u"/sandbox")
                times.append(request.receivedMs);
        }
        return times;
    }

    // F5 on the Sandboxes view, then waits for the refresh to end either way.
    void refreshAndWait()
    {
        SandboxesController *controller = app->window()->sandboxesController();
        QSignalSpy refreshed(controller, &SandboxesController::refreshed);
        QSignalSpy failed(controller, &SandboxesController::refreshFailed);
        app->window()->refreshCurrent();
        QVERIFY(QTest::qWaitFor([&] { return refreshed.count() + failed.count() > 0; }, 20000));
    }

    QString stateText(TransferJob *job) const
    {
        TransferModel *model = app->window()->transfersPage()->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->jobAt(row) == job)
                return model->index(row, TransferModel::StateColumn).data().toString();
        }
        return u"<no row for this job>"_s;
    }

    QStringList leftOnDisk() const
    {
        return QDir(disk).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    }

private slots:
    void initTestCase()
    {
        disk = qEnvironmentVariable("SANDBOXDECK_SMALL_DISK");
        QVERIFY2(!disk.isEmpty(), "run me through tests/workspace/with-small-disk.sh (ctest does)");
    }

    void init()
    {
        app = std::make_unique<DemoApp>();
        QVERIFY(app->started());
        QVERIFY(app->waitForSandboxes());
        scheduler()->setIntervalSeconds(0); // polls only where a test asks for them
        // Retries and back-offs are timed here, not the pacing: neither side limits the rate.
        configure([](TransportConfig &c) {
            c.backoffBaseMs = 20;
            c.requestsPerSecond = 0;
        });
        emulator()->setRateLimit({0, 2});
        EmulatorProbe(emulator()).clearRecordedRequests();
    }

    void cleanup()
    {
        app.reset();
        QDir(disk).removeRecursively();
        QDir().mkpath(disk);
    }

    void serverErrorsAreRetriedThenShown()
    {
        setFaults([](Emulator::FaultSettings &f) {
            f.failNextRequests = 2;
            f.failStatus = 503;
        });
        refreshAndWait();
        QVERIFY(!banner()->isVisible());
        QCOMPARE(listRequestTimes().size(), 3);

        EmulatorProbe(emulator()).clearRecordedRequests();
        setFaults([](Emulator::FaultSettings &f) { f.failNextRequests = 3; });
        refreshAndWait();
        QCOMPARE(listRequestTimes().size(), 3);
        QVERIFY(banner()->isVisible());
        QVERIFY2(banner()->message().startsWith(u"Could not refresh the sandbox list"_s),
                 qPrintable(banner()->message()));
        QVERIFY2(banner()->details().contains(u"HTTP 503"_s), qPrintable(banner()->details()));
        // The next good refresh takes the banner away.
        refreshAndWait();
        QVERIFY(!banner()->isVisible());
    }

    void acquireIsNeverRepeated()
    {
        setFaults([](Emulator::FaultSettings &f) {
            f.failNextRequests = 1;
            f.failStatus = 503;
        });
        AcquireRequest request;
        request.serverName = u"github"_s;
        std::optional<ApiResult<AcquiredSandbox>> result;
        QObject context;
        app->window()->sandboxesController()->acquire(
            request, &context, [&result](const ApiResult<AcquiredSandbox> &r) { result = r; });
        QVERIFY(QTest::qWaitFor([&] { return result.has_value(); }, 10000));
        QVERIFY(!result->ok());
        QCOMPARE(result->error().httpStatus(), 503);
        // A retry would keep the call in the transport: none is left there once it holds no call.
        QTRY_COMPARE(app->controller()->session()->transport()->inFlight(), 0);
        QCOMPARE(EmulatorProbe(emulator()).requestCount("POST", u"/sandbox/github"_s), 1);
    }

    void rateLimitIsHonouredAndPollingBacksOff()
    {
        scheduler()->setIntervalSeconds(5);
        setFaults([](Emulator::FaultSettings &f) {
            f.rateLimitNextRequests = 3;
            f.retryAfterSeconds = 1;
        });
        refreshAndWait();
        const QList<qint64> times = listRequestTimes();
        QCOMPARE(times.size(), 3);
        QVERIFY2(times.at(1) - times.at(0) >= 950 && times.at(2) - times.at(1) >= 950,
                 qPrintable(u"%1 %2"_s.arg(times.at(1) - times.at(0)).arg(times.at(2) - times.at(1))));
        // The refresh ended in a 429: the 5 s poll stretches to 10 s.
        QCOMPARE(scheduler()->effectiveIntervalSeconds(), 10);
        QVERIFY(banner()->isVisible());
        EmulatorProbe(emulator()).clearRecordedRequests();
        // ... and the next poll comes at 10 s, not at the 5 s it would have come at: when it came says so.
        // (The timer is a coarse one: it may fire up to 5% early.)
        QVERIFY(QTest::qWaitFor([this] { return listRequestTimes().size() == 1; }, 16000));
        const qint64 pollAfterMs = listRequestTimes().first() - times.at(2);
        QVERIFY2(pollAfterMs >= 9000, qPrintable(QString::number(pollAfterMs)));
        // Its success brings the interval back.
        QVERIFY(QTest::qWaitFor([this] { return scheduler()->effectiveIntervalSeconds() == 5; }, 5000));
    }

    void timeoutIsWordedDifferentlyFromACancel()
    {
        configure([](TransportConfig &c) {
            c.timeoutMs = 400;
            c.maxAttempts = 1;
        });
        setFaults([](Emulator::FaultSettings &f) { f.hangNextRequests = 1; });
        refreshAndWait();
        QVERIFY(banner()->isVisible());
        const QString timeoutBanner = banner()->message();
        QVERIFY2(timeoutBanner.startsWith(u"Could not refresh the sandbox list: "_s),
                 qPrintable(timeoutBanner));
        QVERIFY2(!timeoutBanner.contains(u"Cancel"_s), qPrintable(timeoutBanner));

        // The same silence under a dump: once it times out, once the person cancels it.
        LocalWorkspaceActions *actions = app->localPage()->workspaceActions();
        const QString id = EmulatorProbe(emulator()).localSandboxIds().first();
        setFaults([](Emulator::FaultSettings &f) { f.hangNextRequests = 1; });
        TransferJob *timedOut = actions->saveDumpTo(id, disk + u"/timed-out.tar.gz"_s);
        QVERIFY(QTest::qWaitFor([timedOut] { return timedOut->isFinished(); }, 10000));
        QCOMPARE(timedOut->state(), TransferJob::State::Failed);

        configure([](TransportConfig &c) { c.timeoutMs = 30'000; });
        setFaults([](Emulator::FaultSettings &f) { f.hangNextRequests = 1; });
        TransferJob *cancelled = actions->saveDumpTo(id, disk + u"/cancelled.tar.gz"_s);
        QVERIFY(QTest::qWaitFor(
            [this] { return EmulatorProbe(emulator()).apiRequests().constLast().status == 0; }, 5000));
        QVERIFY(!cancelled->isFinished());
        cancelled->cancel();
        QVERIFY(QTest::qWaitFor([cancelled] { return cancelled->isFinished(); }, 5000));
        QCOMPARE(cancelled->state(), TransferJob::State::Cancelled);

        const QString timedOutText = stateText(timedOut);
        const QString cancelledText = stateText(cancelled);
        QVERIFY2(timedOutText.startsWith(u"Failed: "_s), qPrintable(timedOutText));
        QVERIFY2(!timedOutText.contains(u"Cancel"_s), qPrintable(timedOutText));
        QVERIFY2(cancelledText.startsWith(u"Cancel"_s), qPrintable(cancelledText));
        QVERIFY(timedOutText != cancelledText);
        QCOMPARE(leftOnDisk(), QStringList());
    }

    void fullDiskDuringADumpAndAnExtraction()
    {
        const QString id = EmulatorProbe(emulator()).localSandboxIds().at(1);
        QByteArray random(3 * 1024 * 1024, Qt::Uninitialized);
        QRandomGenerator(11).fillRange(reinterpret_cast<quint32 *>(random.data()), random.size() / 4);
        QCOMPARE(EmulatorProbe(emulator()).addWorkspaceFile(id, u"random.bin"_s, random), QString());
        LocalWorkspaceActions *actions = app->localPage()->workspaceActions();

        TransferJob *saved = actions->saveDumpTo(id, disk + u"/dump.tar.gz"_s);
        QVERIFY(QTest::qWaitFor([saved] { return saved->isFinished(); }, 30000));
        QCOMPARE(saved->state(), TransferJob::State::Failed);
        const QString savedText = stateText(saved);
        QVERIFY2(savedText.contains(u"No space left on device"_s) || savedText.contains(u"disk is full"_s),
                 qPrintable(savedText));
        QCOMPARE(leftOnDisk(), QStringList());

        TransferJob *extracted = actions->extractDumpTo(id, disk + u"/workspace"_s);
        QVERIFY(QTest::qWaitFor([extracted] { return extracted->isFinished(); }, 30000));
        QCOMPARE(extracted->state(), TransferJob::State::Failed);
        const QString extractedText = stateText(extracted);
        QVERIFY2(extractedText.contains(u"No space left on device"_s) ||
                     extractedText.contains(u"disk is full"_s),
                 qPrintable(extractedText));
        QCOMPARE(leftOnDisk(), QStringList());
    }
};

QTEST_MAIN(TestFaultsView)
#include "tst_faultsview.moc"
