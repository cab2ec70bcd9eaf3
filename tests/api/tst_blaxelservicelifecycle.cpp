// BlaxelSandboxService changing sandboxes over real HTTP against the emulator's Blaxel control plane: create
// with its 409 and quota (and never repeated after a 503), update (labels, TTL: GET then PUT, as the SDK),
// delete to TERMINATED, and the wait's ends (gone, its deadline, cancelled).

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

    void updateChangesLabelsAndTtlAndKeepsTheRest()
    {
        const auto before = get(u"research-notebook"_s);
        QVERIFY(before.ok());
        QCOMPARE(before->ttl, u"7d"_s);
        QVERIFY(before->expiresInSeconds.has_value());
        EmulatorProbe(server).clearRecordedRequests();
        BlaxelSandboxUpdate change;
        change.labels = QMap<QString, QString>{{u"team"_s, u"research"_s}, {u"owner"_s, u"ana"_s}};
        change.ttl = u"14d"_s;
        const auto updated = update(u"research-notebook"_s, change);
        QVERIFY2(updated.ok(), qPrintable(updated.error().fullText()));
        QCOMPARE(updated->labels, *change.labels);
        QCOMPARE(updated->ttl, u"14d"_s);
        // As the SDK does it: the sandbox read, then sent back whole.
        QCOMPARE(seen().size(), 2);
        QCOMPARE(seen().at(0).method, QByteArray("GET"));
        QCOMPARE(seen().at(1).method, QByteArray("PUT"));
        QCOMPARE(seen().at(1).path, u"/v0/sandboxes/research-notebook"_s);
        const auto after = get(u"research-notebook"_s);
        QVERIFY(after.ok());
        QCOMPARE(after->labels, *change.labels);
        QCOMPARE(after->displayName, before->displayName);
        QCOMPARE(after->memoryMb, before->memoryMb);
        QCOMPARE(after->image, before->image);
        QCOMPARE(after->envs, before->envs);
        QCOMPARE(after->ports, before->ports);
        // The TTL counts from the creation: seven more days to go.
        QVERIFY(after->expiresInSeconds.has_value());
        const qint64 gained = *after->expiresInSeconds - *before->expiresInSeconds;
        QVERIFY2(gained > 7 * 86400 - 120 && gained <= 7 * 86400, qPrintable(QString::number(gained)));
    }

    void anEmptyTtlRemovesIt()
    {
        BlaxelSandboxUpdate change;
        change.ttl = QString();
        const auto updated = update(u"research-notebook"_s, change);
        QVERIFY2(updated.ok(), qPrintable(updated.error().fullText()));
        QVERIFY(updated->ttl.isEmpty());
        QVERIFY(!updated->expiresInSeconds.has_value());
        QCOMPARE(updated->labels.value(u"team"_s), u"research"_s); // untouched
    }

    void aBadChangeIsRefusedBeforeAnythingIsSent()
    {
        EmulatorProbe(server).clearRecordedRequests();
        BlaxelSandboxUpdate change;
        change.ttl = u"soon"_s;
        const auto refused = update(u"research-notebook"_s, change);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message().contains(u"duration"_s), qPrintable(refused.error().message()));
        change.ttl.reset();
        change.labels = QMap<QString, QString>{{u"team"_s, u"a\nb"_s}};
        QVERIFY(!update(u"research-notebook"_s, change).ok());
        QVERIFY(!update(u"research-notebook"_s, BlaxelSandboxUpdate()).ok()); // nothing to change
        QCOMPARE(seen().size(), 0);
    }

    void updatesOfAMissingOrDeletingSandboxFailClearly()
    {
        BlaxelSandboxUpdate change;
        change.ttl = u"1h"_s;
        EmulatorProbe(server).clearRecordedRequests();
        const auto missing = update(u"no-such-sandbox"_s, change);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().httpStatus(), 404);
        QCOMPARE(seen().size(), 1); // nothing is sent after the GET's 404

        blaxelSettings([](Emulator::BlaxelSettings &s) { s.transitionMs = 60000; });
        QVERIFY(remove(u"agent-runner-02"_s).ok());
        const auto deleting = update(u"agent-runner-02"_s, change);
        QVERIFY(!deleting.ok());
        QCOMPARE(deleting.error().httpStatus(), 409);
        QVERIFY2(deleting.error().message().contains(u"state"_s), qPrintable(deleting.error().message()));
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
