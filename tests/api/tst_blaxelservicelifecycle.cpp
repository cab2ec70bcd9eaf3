// BlaxelSandboxService changing sandboxes over real HTTP against the emulator's Blaxel control plane: create
// with its 409 and quota (and never repeated after a 503), delete to TERMINATED, and the wait's ends (gone,
// its deadline, cancelled).

#include "blaxelservicefixture.h"
#include "emulatorprobe.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

class TestBlaxelServiceLifecycle : public QObject, private BlaxelServiceFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { startService(); }
    void cleanup() { stopService(); }

    void createThenAConflictOnTheSameName()
    {
        const auto created = create(createRequest());
        QVERIFY2(created.ok(), qPrintable(created.error().fullText()));
        QCOMPARE(created->name, u"svc-test"_s);
        QCOMPARE(created->status, u"DEPLOYING"_s);
        QCOMPARE(seen().size(), 1);
        QVERIFY(seen().at(0).bodySize > 0);
        QCOMPARE(seen().at(0).header("Content-Type"), QByteArray("application/json"));
        const auto details = get(u"svc-test"_s);
        QVERIFY(details.ok());
        QCOMPARE(details->image, u"blaxel/base-image:latest"_s);
        QCOMPARE(details->envs.size(), 1);

        const auto again = create(createRequest());
        QVERIFY(!again.ok());
        QCOMPARE(again.error().httpStatus(), 409);
        QVERIFY(again.error().message().contains(u"already exists"_s));
        QVERIFY2(!again.error().fullText().contains(u"very-secret-value-42"_s),
                 qPrintable(again.error().fullText()));
    }

    void createOverTheQuotaSaysSoAndIsNoKeyProblem()
    {
        blaxelSettings([](Emulator::BlaxelSettings &s) { s.quotaPerWorkspace = 3; }); // demo has twelve
        const auto result = create(createRequest());
        QVERIFY(!result.ok());
        QCOMPARE(result.error().httpStatus(), 403);
        QCOMPARE(result.error().serverCode(), u"QUOTA_EXCEEDED"_s);
        QVERIFY(result.error().message().contains(u"quota"_s));
        QVERIFY(!result.error().isKeyProblem());
        QCOMPARE(seen().size(), 1); // a create is never repeated
    }

    void createIsNotRetriedAfterA503()
    {
        faults([](Emulator::FaultSettings &f) {
            f.failNextRequests = 1;
            f.failStatus = 503;
        });
        const auto result = create(createRequest());
        QVERIFY(!result.ok());
        QCOMPARE(seen().size(), 1);
        QCOMPARE(result.error().httpStatus(), 503);
        QCOMPARE(result.error().serverCode(), u"SERVICE_UNAVAILABLE"_s);
        QVERIFY(result.error().message().contains(u"retry may succeed"_s));
    }

    void deleteThenWaitUntilTerminated()
    {
        const auto removed = remove(u"agent-runner-02"_s);
        QVERIFY2(removed.ok(), qPrintable(removed.error().fullText()));
        QCOMPARE(removed->status, u"DELETING"_s);
        QCOMPARE(seen().at(0).method, QByteArray("DELETE"));
        const auto end = waitGone(u"agent-runner-02"_s);
        QVERIFY2(end.ok(), qPrintable(end.error().fullText()));
        QVERIFY(!end->recordGone); // the emulator keeps the TERMINATED record a while
        QCOMPARE(end->last.status, u"TERMINATED"_s);
        QVERIFY(end->polls >= 2);
        QCOMPARE(get(u"agent-runner-02"_s)->status, u"TERMINATED"_s);
    }

    void waitEndsWhenTheRecordIsGone()
    {
        const auto end = waitGone(u"ghost"_s);
        QVERIFY2(end.ok(), qPrintable(end.error().fullText()));
        QVERIFY(end->recordGone);
        QCOMPARE(end->polls, 1);
    }

    void waitGivesUpAtItsDeadline()
    {
        blaxelSettings([](Emulator::BlaxelSettings &s) { s.transitionMs = 60000; });
        QVERIFY(remove(u"agent-runner-02"_s).ok());
        auto limits = service->limits();
        limits.waitDeadlineMs = 300;
        service->setLimits(limits);
        QObject context;
        std::optional<ApiResult<BlaxelTermination>> end;
        const QPointer<BlaxelOperation> operation = service->waitUntilTerminated(
            u"agent-runner-02"_s, &context, [&](const ApiResult<BlaxelTermination> &r) { end = r; });
        QVERIFY(QTest::qWaitFor([&] { return end.has_value(); }, 15000));
        QVERIFY(!end->ok());
        QCOMPARE(end->error().kind(), ApiError::Kind::Timeout);
        QVERIFY(end->error().message().contains(u"agent-runner-02"_s));
        QVERIFY(end->error().message().contains(u"DELETING"_s));
        const qsizetype polled = seen().size();
        QVERIFY(polled >= 4); // the delete and three polls at least
        // The operation deletes itself once it has answered, and its poll timer with it: then nothing is left
        // that could poll.
        QTRY_VERIFY_WITH_TIMEOUT(operation.isNull(), 5000);
        QCOMPARE(transport->inFlight(), 0);
        QCOMPARE(seen().size(), polled); // nothing after the end
    }

    void waitIsCancellable()
    {
        blaxelSettings([](Emulator::BlaxelSettings &s) { s.transitionMs = 60000; });
        QVERIFY(remove(u"agent-runner-02"_s).ok());
        EmulatorProbe(server).clearRecordedRequests();
        auto limits = service->limits();
        limits.pollFirstDelayMs = 400;
        service->setLimits(limits);
        QObject context;
        std::optional<ApiResult<BlaxelTermination>> result;
        QPointer<BlaxelOperation> operation = service->waitUntilTerminated(
            u"agent-runner-02"_s, &context, [&](const ApiResult<BlaxelTermination> &r) { result = r; });
        QSignalSpy progress(operation.data(), &BlaxelOperation::progress);
        QVERIFY(progress.wait(5000)); // the first answer; now it waits 400 ms
        operation->abort();
        QVERIFY(result.has_value());
        QCOMPARE(result->error().kind(), ApiError::Kind::Cancelled);
        // Gone with its wait of 400 ms: nothing is left that could poll.
        QTRY_VERIFY_WITH_TIMEOUT(operation.isNull(), 5000);
        QCOMPARE(transport->inFlight(), 0);
        QCOMPARE(seen().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestBlaxelServiceLifecycle)
#include "tst_blaxelservicelifecycle.moc"
