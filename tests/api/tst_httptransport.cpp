#include "api/klavissandboxservice.h"
#include "emulatorprobe.h"
#include "serviceharness.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

class TestHttpTransport : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ServiceHarness> h;
    std::unique_ptr<KlavisSandboxService> sandboxes;

    ApiResult<SandboxList> list(int timeoutMs = 15000)
    {
        return h->await<SandboxList>([&](QObject *c, auto done) { return sandboxes->list({}, c, done); },
                                     timeoutMs);
    }

    Emulator::FaultSettings faults() const { return EmulatorProbe(h->emulator).faults(); }

private slots:
    void init()
    {
        h = std::make_unique<ServiceHarness>();
        sandboxes = std::make_unique<KlavisSandboxService>(h->transport.get());
    }

    void sendsIdentityHeaders()
    {
        QVERIFY(list().ok());
        const auto request = EmulatorProbe(h->emulator).apiRequests().last();
        QCOMPARE(request.header("Authorization"), "Bearer " + h->emulator->apiKey().toUtf8());
        QCOMPARE(request.header("Accept"), QByteArray("application/json"));
        QVERIFY(request.header("User-Agent").startsWith("SandboxDeck/" SANDBOXDECK_VERSION));
    }

    void retriesHonourRetryAfter()
    {
        auto f = faults();
        f.rateLimitNextRequests = 1;
        f.retryAfterSeconds = 1;
        h->emulator->setFaults(f);
        QElapsedTimer clock;
        clock.start();
        std::optional<ApiResult<SandboxList>> result;
        QObject context;
        ApiCall *call = sandboxes->list({}, &context, [&](const ApiResult<SandboxList> &r) { result = r; });
        QSignalSpy retries(call, &ApiCall::retryScheduled);
        QVERIFY(QTest::qWaitFor([&] { return result.has_value(); }, 10000));
        QVERIFY(result->ok());
        QCOMPARE(retries.count(), 1);
        QCOMPARE(retries.at(0).at(1).toInt(), 1000); // the server's Retry-After, not our backoff
        QVERIFY2(clock.elapsed() >= 950, QByteArray::number(clock.elapsed()).constData());
        QCOMPARE(EmulatorProbe(h->emulator).requestCount("GET", u"/sandbox"_s), 2);
    }

    void serverErrorsRetriedThreeTimes()
    {
        auto f = faults();
        f.failNextRequests = 2;
        h->emulator->setFaults(f);
        QVERIFY(list().ok());
        QCOMPARE(EmulatorProbe(h->emulator).requestCount("GET", u"/sandbox"_s), 3);

        EmulatorProbe(h->emulator).clearRecordedRequests();
        f.failNextRequests = 3;
        h->emulator->setFaults(f);
        const auto failed = list();
        QVERIFY(!failed.ok());
        QCOMPARE(failed.error().httpStatus(), 500);
        QCOMPARE(EmulatorProbe(h->emulator).requestCount("GET", u"/sandbox"_s), 3);
    }

    void acquireNeverRetried()
    {
        auto f = faults();
        f.failNextRequests = 1;
        h->emulator->setFaults(f);
        AcquireRequest request;
        request.serverName = u"github"_s;
        const auto result = h->await<AcquiredSandbox>(
            [&](QObject *c, auto done) { return sandboxes->acquire(request, c, done); });
        QVERIFY(!result.ok());
        QCOMPARE(result.error().httpStatus(), 500);
        QCOMPARE(EmulatorProbe(h->emulator).requestCount("POST", u"/sandbox/github"_s), 1);

        // A 429 says the limiter turned the acquire away before anything was occupied: it goes again.
        EmulatorProbe(h->emulator).clearRecordedRequests();
        f.failNextRequests = 0;
        f.rateLimitNextRequests = 1;
        h->emulator->setFaults(f);
        const auto second = h->await<AcquiredSandbox>(
            [&](QObject *c, auto done) { return sandboxes->acquire(request, c, done); });
        QVERIFY2(second.ok(), qPrintable(second.error().fullText()));
        QCOMPARE(EmulatorProbe(h->emulator).requestCount("POST", u"/sandbox/github"_s), 2);

        // ... as often as any call, and no more.
        EmulatorProbe(h->emulator).clearRecordedRequests();
        f.rateLimitNextRequests = 5;
        h->emulator->setFaults(f);
        const auto limited = h->await<AcquiredSandbox>(
            [&](QObject *c, auto done) { return sandboxes->acquire(request, c, done); });
        QCOMPARE(limited.error().httpStatus(), 429);
        QVERIFY(limited.error().message().contains(u"try again in"_s));
        QCOMPARE(EmulatorProbe(h->emulator).requestCount("POST", u"/sandbox/github"_s), 3);
    }

    // The acquire wording follows the request's own purpose, not whether it may be retried.
    void acquireWordingFollowsThePurpose()
    {
        const auto notFoundSentence = [this](bool idempotent, bool acquire) {
            ApiRequest request;
            request.path = u"/sandbox/github/no-such-sandbox"_s;
            request.idempotent = idempotent;
            request.acquire = acquire;
            ApiCall *call = h->transport->send(request);
            QString sentence;
            int status = 0;
            connect(call, &ApiCall::finished, this, [&] {
                sentence = call->error().message();
                status = call->error().httpStatus();
            });
            if (!QTest::qWaitFor([&] { return status != 0; }, 15000))
                return u"timed out"_s;
            return status == 404 ? sentence : u"HTTP %1"_s.arg(status);
        };
        const QString notFound = notFoundSentence(false, false);
        QVERIFY2(notFound.startsWith(u"Not found"_s), qPrintable(notFound));
        QVERIFY2(notFoundSentence(true, true).contains(u"the acquire named"_s),
                 qPrintable(notFoundSentence(true, true)));
    }

    void connectionRefusedIsNetworkError()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        h->setConfig([port](TransportConfig &c) { c.baseUrl = QUrl(u"http://127.0.0.1:%1"_s.arg(port)); });
        const auto result = list();
        QCOMPARE(result.error().kind(), ApiError::Kind::Network);
        QVERIFY(result.error().message().contains(u"Could not reach"_s));
        QCOMPARE(h->lastAttempts, 3);
    }

    void cutAnswersAreRetriedThreeTimes()
    {
        // Every attempt is a connection answered with a status and half a body, then closed: counted on the
        // server's side. (A connection closed before any answer is not used: Qt itself sends that again.)
        QTcpServer rude;
        QVERIFY(rude.listen(QHostAddress::LocalHost));
        int connections = 0;
        connect(&rude, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *socket = rude.nextPendingConnection()) {
                ++connections;
                connect(socket, &QTcpSocket::readyRead, socket, [socket] {
                    socket->readAll();
                    socket->write(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{");
                    socket->disconnectFromHost();
                });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
        const quint16 port = rude.serverPort();
        h->setConfig([port](TransportConfig &c) { c.baseUrl = QUrl(u"http://127.0.0.1:%1"_s.arg(port)); });
        const auto result = list();
        QCOMPARE(result.error().kind(), ApiError::Kind::Network);
        QVERIFY2(result.error().message().contains(u"cut short"_s), qPrintable(result.error().message()));
        QCOMPARE(h->lastAttempts, 3);
        QCOMPARE(connections, 3);
    }

    void timeoutIsToldApartFromCancel()
    {
        auto f = faults();
        f.latencyMs = 1500;
        h->emulator->setFaults(f);
        h->setConfig([](TransportConfig &c) {
            c.timeoutMs = 200;
            c.maxAttempts = 1;
        });
        const auto timedOut = list();
        QCOMPARE(timedOut.error().kind(), ApiError::Kind::Timeout);

        h->setConfig([](TransportConfig &c) { c.timeoutMs = 60000; });
        std::optional<ApiResult<SandboxList>> result;
        QObject context;
        ApiCall *call = sandboxes->list({}, &context, [&](const ApiResult<SandboxList> &r) { result = r; });
        QSignalSpy finished(call, &ApiCall::finished);
        QTimer::singleShot(100, call, &ApiCall::abort);
        QVERIFY(QTest::qWaitFor([&] { return result.has_value(); }, 5000));
        QCOMPARE(result->error().kind(), ApiError::Kind::Cancelled);
        QCOMPARE(finished.count(), 1);
    }

    void destroyedContextAbortsWithoutCallback()
    {
        auto f = faults();
        f.latencyMs = 300;
        h->emulator->setFaults(f);
        bool called = false;
        auto *context = new QObject;
        QPointer<ApiCall> call =
            sandboxes->list({}, context, [&](const ApiResult<SandboxList> &) { called = true; });
        QSignalSpy finished(call.data(), &ApiCall::finished);
        delete context;
        // The abort may finish the call at once, inside delete.
        QVERIFY(finished.count() == 1 || finished.wait(3000));
        QVERIFY(call);
        QCOMPARE(call->error().kind(), ApiError::Kind::Cancelled);
        // The transport deletes a call once it has ended: from then on nothing of it can reach a handler,
        // whatever the emulator answers later.
        QTRY_VERIFY_WITH_TIMEOUT(call.isNull(), 5000);
        QVERIFY(!called);
    }

    void tokenNeverFollowsCrossOriginRedirect()
    {
        auto f = faults();
        f.redirectApiTo = h->emulator->objectStoreBaseUrl();
        h->emulator->setFaults(f);
        const auto result = list();
        QVERIFY(!result.ok()); // the object store does not serve the API
        const auto apiRequest = EmulatorProbe(h->emulator).apiRequests().last();
        QVERIFY(apiRequest.hasHeader("Authorization"));
        const auto stored = EmulatorProbe(h->emulator).objectStoreRequests();
        QVERIFY(!stored.isEmpty());
        QCOMPARE(stored.last().path, u"/sandbox"_s);
        QVERIFY(!stored.last().hasHeader("Authorization"));
    }

    void rateLimitPacesRequests()
    {
        h->setConfig([](TransportConfig &c) {
            c.requestsPerSecond = 4;
            c.burst = 1;
        });
        QElapsedTimer clock;
        clock.start();
        int done = 0;
        QObject context;
        for (int i = 0; i < 5; ++i)
            sandboxes->list({}, &context, [&](const ApiResult<SandboxList> &) { ++done; });
        QVERIFY(QTest::qWaitFor([&] { return done == 5; }, 10000));
        // One at once, then four more at 4 per second: at least a second.
        QVERIFY2(clock.elapsed() >= 950, QByteArray::number(clock.elapsed()).constData());
    }
};

QTEST_GUILESS_MAIN(TestHttpTransport)
#include "tst_httptransport.moc"
