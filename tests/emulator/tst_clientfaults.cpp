// The client library against the emulator's fault switches, end to end over loopback: 5xx on idempotent
// calls retried then reported, acquire never repeated, 429 with Retry-After honoured (and a far one not
// waited for), and a per-attempt timeout, the whole-call deadline and a cancel told apart.

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTest>
#include <QTimer>

#include <optional>

using namespace Qt::StringLiterals;

class TestClientFaults final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<HttpTransport> m_transport;
    std::unique_ptr<KlavisSandboxService> m_sandboxes;
    std::unique_ptr<KlavisLocalSandboxService> m_local;

    void configure(const std::function<void(TransportConfig &)> &change)
    {
        TransportConfig config = m_transport->config();
        change(config);
        m_transport->setConfig(config);
    }

    void setFaults(const std::function<void(Emulator::FaultSettings &)> &change)
    {
        Emulator::FaultSettings faults = EmulatorProbe(m_server).faults();
        change(faults);
        m_server->setFaults(faults);
    }

    // Runs one call to its end; `abortAfterMs` >= 0 aborts it that long after the start.
    template <typename T, typename Start> ApiResult<T> await(Start start, int abortAfterMs = -1)
    {
        std::optional<ApiResult<T>> result;
        QObject context;
        QPointer<ApiCall> call = start(&context, [&result](const ApiResult<T> &r) { result = r; });
        if (abortAfterMs >= 0) {
            QTimer::singleShot(abortAfterMs, &context, [call] {
                if (call)
                    call->abort();
            });
        }
        if (!QTest::qWaitFor([&] { return result.has_value(); }, 30000))
            return ApiError::local(u"the test gave up waiting for the call"_s);
        return *result;
    }

    ApiResult<SandboxList> list()
    {
        return await<SandboxList>([this](QObject *context, ResultHandler<SandboxList> done) {
            return m_sandboxes->list({}, context, std::move(done));
        });
    }

    QList<qint64> receivedTimes(const QByteArray &method, const QString &path) const
    {
        QList<qint64> times;
        for (const Emulator::RecordedRequest &request : EmulatorProbe(m_server).apiRequests()) {
            if (request.method == method && request.path == path)
                times.append(request.receivedMs);
        }
        return times;
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        m_server->recordRequests();
        QVERIFY(m_server->listen());
        TransportConfig config;
        config.baseUrl = m_server->apiBaseUrl();
        config.apiKey = m_server->apiKey();
        config.requestsPerSecond = 0; // the limiter is not what these tests are about
        config.backoffBaseMs = 20;
        m_transport = std::make_unique<HttpTransport>(config);
        m_sandboxes = std::make_unique<KlavisSandboxService>(m_transport.get());
        m_local = std::make_unique<KlavisLocalSandboxService>(m_transport.get());
    }

    void cleanup()
    {
        m_local.reset();
        m_sandboxes.reset();
        m_transport.reset();
        m_server.reset();
    }

    void serverErrorsAreRetriedThenReported_data()
    {
        QTest::addColumn<int>("status");
        QTest::newRow("500") << 500;
        QTest::newRow("503") << 503;
    }

    void serverErrorsAreRetriedThenReported()
    {
        QFETCH(int, status);
        // Two failures, then the third attempt succeeds: the caller sees only the list.
        setFaults([&](Emulator::FaultSettings &f) {
            f.failNextRequests = 2;
            f.failStatus = status;
        });
        const ApiResult<SandboxList> recovered = list();
        QVERIFY2(recovered.ok(), qPrintable(recovered.error().fullText()));
        QVERIFY(!recovered->sandboxes.isEmpty());
        QCOMPARE(EmulatorProbe(m_server).requestCount("GET", u"/sandbox"_s), 3);

        // Details: as many failures as attempts, so the last one is reported with its status.
        const SandboxSummary first = recovered->sandboxes.constFirst();
        const QString detailsPath = u"/sandbox/%1/%2"_s.arg(first.serverName, first.sandboxId);
        setFaults([&](Emulator::FaultSettings &f) { f.failNextRequests = 3; });
        const ApiResult<SandboxDetails> failed =
            await<SandboxDetails>([&](QObject *context, ResultHandler<SandboxDetails> done) {
                return m_sandboxes->details(first.serverName, first.sandboxId, context, std::move(done));
            });
        QVERIFY(!failed.ok());
        QCOMPARE(failed.error().kind(), ApiError::Kind::Http);
        QCOMPARE(failed.error().httpStatus(), status);
        QVERIFY2(failed.error().fullText().contains(u"injected by the emulator"_s),
                 qPrintable(failed.error().fullText()));
        QCOMPARE(EmulatorProbe(m_server).requestCount("GET", detailsPath), 3);
        QCOMPARE(EmulatorProbe(m_server).faults().failNextRequests, 0);
    }

    void faultsAimedAtOnePathSpareTheOthers()
    {
        // A 429 then a reply cut halfway through its body, both on the details path only: the list (another
        // path) is untouched, the details call is retried past both and ends with the whole answer.
        const ApiResult<SandboxList> before = list();
        QVERIFY2(before.ok(), qPrintable(before.error().fullText()));
        const SandboxSummary first = before->sandboxes.constFirst();
        const QString detailsPath = u"/sandbox/%1/%2"_s.arg(first.serverName, first.sandboxId);
        setFaults([&](Emulator::FaultSettings &f) {
            f.onlyPath = detailsPath;
            f.rateLimitNextRequests = 1;
            f.retryAfterSeconds = 0;
            f.dropNextReplies = 1;
        });
        QVERIFY(list().ok());
        QCOMPARE(EmulatorProbe(m_server).faults().rateLimitNextRequests, 1);
        QCOMPARE(EmulatorProbe(m_server).faults().dropNextReplies, 1);
        const ApiResult<SandboxDetails> details =
            await<SandboxDetails>([&](QObject *context, ResultHandler<SandboxDetails> done) {
                return m_sandboxes->details(first.serverName, first.sandboxId, context, std::move(done));
            });
        QVERIFY2(details.ok(), qPrintable(details.error().fullText()));
        QCOMPARE(details->summary.sandboxId, first.sandboxId);
        QCOMPARE(EmulatorProbe(m_server).faults().rateLimitNextRequests, 0);
        QCOMPARE(EmulatorProbe(m_server).faults().dropNextReplies, 0);
        QCOMPARE(EmulatorProbe(m_server).requestCount("GET", detailsPath), 3);
        QCOMPARE(EmulatorProbe(m_server).requestCount("GET", u"/sandbox"_s), 2);
    }

    void acquireIsNeverRepeated_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::newRow("500") << u"500"_s;
        QTest::newRow("503") << u"503"_s;
        QTest::newRow("no answer") << u"hang"_s;
    }

    void acquireIsNeverRepeated()
    {
        QFETCH(QString, fault);
        configure([](TransportConfig &c) { c.timeoutMs = 600; });
        setFaults([&](Emulator::FaultSettings &f) {
            if (fault == u"hang") {
                f.hangNextRequests = 3;
            } else {
                f.failNextRequests = 3;
                f.failStatus = fault.toInt();
            }
        });
        AcquireRequest request;
        request.serverName = u"github"_s;
        const ApiResult<AcquiredSandbox> hosted =
            await<AcquiredSandbox>([&](QObject *context, ResultHandler<AcquiredSandbox> done) {
                return m_sandboxes->acquire(request, context, std::move(done));
            });
        QVERIFY(!hosted.ok());
        LocalAcquireRequest localRequest;
        localRequest.serverNames = {u"filesystem"_s};
        const ApiResult<LocalSandbox> local =
            await<LocalSandbox>([&](QObject *context, ResultHandler<LocalSandbox> done) {
                return m_local->acquire(localRequest, context, std::move(done));
            });
        QVERIFY(!local.ok());
        if (fault == u"hang") {
            QCOMPARE(hosted.error().kind(), ApiError::Kind::Timeout);
            QCOMPARE(local.error().kind(), ApiError::Kind::Timeout);
        } else {
            QCOMPARE(hosted.error().httpStatus(), fault.toInt());
            QCOMPARE(local.error().httpStatus(), fault.toInt());
        }
        // A retry would come within a few back-offs; give it the time, then count: one each, never two.
        QTest::qWait(300);
        QCOMPARE(EmulatorProbe(m_server).requestCount("POST", u"/sandbox/github"_s), 1);
        QCOMPARE(EmulatorProbe(m_server).requestCount("POST", u"/local-sandbox"_s), 1);
        QCOMPARE(EmulatorProbe(m_server).apiRequests().size(), 2);
    }

    void acquireTurnedAwayBy429IsSentAgain()
    {
        setFaults([](Emulator::FaultSettings &f) {
            f.rateLimitNextRequests = 1;
            f.retryAfterSeconds = 1;
        });
        AcquireRequest request;
        request.serverName = u"github"_s;
        const ApiResult<AcquiredSandbox> acquired =
            await<AcquiredSandbox>([&](QObject *context, ResultHandler<AcquiredSandbox> done) {
                return m_sandboxes->acquire(request, context, std::move(done));
            });
        QVERIFY2(acquired.ok(), qPrintable(acquired.error().fullText()));
        const QList<qint64> times = receivedTimes("POST", u"/sandbox/github"_s);
        QCOMPARE(times.size(), 2);
        QVERIFY2(times.at(1) - times.at(0) >= 950, qPrintable(QString::number(times.at(1) - times.at(0))));
    }

    // The transport's own pacing at the documented 2 requests per second meets the emulator's limiter at
    // the same rate without a single 429, even when the first request pays for the connection.
    void pacingStaysUnderTheServersLimit()
    {
        configure([](TransportConfig &c) { c.requestsPerSecond = 2; });
        m_server->setRateLimit({2, 2});
        AcquireRequest request;
        request.serverName = u"github"_s;
        for (int round = 0; round < 4; ++round) {
            QVERIFY(list().ok());
            const ApiResult<AcquiredSandbox> acquired =
                await<AcquiredSandbox>([&](QObject *context, ResultHandler<AcquiredSandbox> done) {
                    return m_sandboxes->acquire(request, context, std::move(done));
                });
            QVERIFY2(acquired.ok(), qPrintable(acquired.error().fullText()));
        }
        QCOMPARE(EmulatorProbe(m_server).rateLimiter().requestsAnswered429(), 0);
        QCOMPARE(EmulatorProbe(m_server).rateLimiter().requestsServed(), 8);
    }

    void retryAfterIsHonoured()
    {
        setFaults([](Emulator::FaultSettings &f) {
            f.rateLimitNextRequests = 1;
            f.retryAfterSeconds = 1;
        });
        const ApiResult<SandboxList> result = list();
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        const QList<qint64> times = receivedTimes("GET", u"/sandbox"_s);
        QCOMPARE(times.size(), 2);
        // The server asked for one second; the back-off base (20 ms) must not win over it.
        QVERIFY2(times.at(1) - times.at(0) >= 950, qPrintable(QString::number(times.at(1) - times.at(0))));
    }

    void farRetryAfterIsNotWaitedFor()
    {
        // An hour is beyond the whole call's deadline: stop at once and say so, instead of retrying early.
        setFaults([](Emulator::FaultSettings &f) {
            f.rateLimitNextRequests = 5;
            f.retryAfterSeconds = 3600;
        });
        QElapsedTimer timer;
        timer.start();
        const ApiResult<SandboxList> result = list();
        QVERIFY(!result.ok());
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(result.error().httpStatus(), 429);
        QCOMPARE(result.error().retryAfterSeconds(), 3600);
        QCOMPARE(EmulatorProbe(m_server).requestCount("GET", u"/sandbox"_s), 1);
    }

    void timeoutDeadlineAndCancelAreToldApart()
    {
        configure([](TransportConfig &c) {
            c.timeoutMs = 400;
            c.maxAttempts = 1;
        });
        setFaults([](Emulator::FaultSettings &f) { f.hangNextRequests = 1; });
        const ApiResult<SandboxList> timedOut = list();
        QVERIFY(!timedOut.ok());
        QCOMPARE(timedOut.error().kind(), ApiError::Kind::Timeout);

        // The whole call's deadline: every attempt hangs, each would wait 30 s, the call may take 0.8 s.
        configure([](TransportConfig &c) {
            c.timeoutMs = 30'000;
            c.maxAttempts = 3;
            c.callDeadlineMs = 800;
        });
        setFaults([](Emulator::FaultSettings &f) { f.hangNextRequests = 3; });
        QElapsedTimer timer;
        timer.start();
        const ApiResult<SandboxList> pastDeadline = list();
        const qint64 elapsed = timer.elapsed();
        QVERIFY(!pastDeadline.ok());
        QCOMPARE(pastDeadline.error().kind(), ApiError::Kind::Timeout);
        QVERIFY2(elapsed >= 700 && elapsed < 3000, qPrintable(QString::number(elapsed)));

        configure([](TransportConfig &c) { c.callDeadlineMs = 90'000; });
        setFaults([](Emulator::FaultSettings &f) { f.hangNextRequests = 1; });
        const ApiResult<SandboxList> cancelled = await<SandboxList>(
            [this](QObject *context, ResultHandler<SandboxList> done) {
                return m_sandboxes->list({}, context, std::move(done));
            },
            200);
        QVERIFY(!cancelled.ok());
        QCOMPARE(cancelled.error().kind(), ApiError::Kind::Cancelled);

        // Three different sentences: a person can tell which of the three happened.
        const QString timeoutText = timedOut.error().message();
        const QString deadlineText = pastDeadline.error().message();
        const QString cancelText = cancelled.error().message();
        QVERIFY2(timeoutText != deadlineText, qPrintable(timeoutText));
        QVERIFY2(timeoutText != cancelText && deadlineText != cancelText, qPrintable(cancelText));
        QVERIFY2(!cancelText.contains(u"answer"_s), qPrintable(cancelText));
    }
};

QTEST_GUILESS_MAIN(TestClientFaults)
#include "tst_clientfaults.moc"
