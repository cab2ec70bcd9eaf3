#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/klavissandboxservice.h"
#include "hostileserver.h"

#include <QElapsedTimer>
#include <QTcpSocket>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

// The transport against a server that lies, stalls and echoes: every call ends, by its deadline at the
// latest, and nothing it does is taken as success or shown with the key.
class TestHostileServer : public QObject
{
    Q_OBJECT

private:
    static constexpr const char *key = "sk-hostile-test-5f0c2e9a7b";
    static constexpr int deadlineMs = 1500;

    std::unique_ptr<HostileServer> server;
    std::unique_ptr<HttpTransport> transport;
    std::unique_ptr<KlavisSandboxService> sandboxes;
    QElapsedTimer clock;

    void useConfig(const std::function<void(TransportConfig &)> &change = {})
    {
        TransportConfig config;
        config.baseUrl = server->url();
        config.apiKey = QString::fromLatin1(key);
        config.requestsPerSecond = 0;
        config.backoffBaseMs = 20;
        config.maxAttempts = 1;
        config.timeoutMs = 10'000; // longer than the deadline: only the deadline can end a stall
        config.callDeadlineMs = deadlineMs;
        if (change)
            change(config);
        transport = std::make_unique<HttpTransport>(config);
        sandboxes = std::make_unique<KlavisSandboxService>(transport.get());
    }

    template <typename T, typename Start> ApiResult<T> await(Start start)
    {
        std::optional<ApiResult<T>> result;
        QObject context;
        clock.start();
        start(&context, [&result](const ApiResult<T> &r) { result = r; });
        if (!QTest::qWaitFor([&] { return result.has_value(); }, 20'000))
            return ApiError::local(u"the test timed out waiting for the call"_s);
        return *result;
    }

    ApiResult<SandboxList> list()
    {
        return await<SandboxList>([this](QObject *c, auto done) { return sandboxes->list({}, c, done); });
    }
    ApiResult<SandboxDetails> details()
    {
        return await<SandboxDetails>(
            [this](QObject *c, auto done) { return sandboxes->details(u"github"_s, u"sb-1"_s, c, done); });
    }
    ApiResult<AcquiredSandbox> acquire()
    {
        AcquireRequest request;
        request.serverName = u"github"_s;
        return await<AcquiredSandbox>(
            [this, request](QObject *c, auto done) { return sandboxes->acquire(request, c, done); });
    }

    void verifyDeadline(const ApiError &error)
    {
        QCOMPARE(error.kind(), ApiError::Kind::Timeout);
        QVERIFY2(error.message().contains(u"time allowed for the whole call"_s), qPrintable(error.message()));
        QVERIFY2(clock.elapsed() >= deadlineMs * 9 / 10 && clock.elapsed() < deadlineMs + 1500,
                 QByteArray::number(clock.elapsed()).constData());
    }

    // Sends a request of the test's own to `target` and waits until `target` has read it: what the client had
    // sent there before has arrived by then. What `target` saw besides the probe; nullopt if the probe never
    // arrived.
    static std::optional<QList<HostileServer::Request>> requestsBesidesAProbe(HostileServer &target)
    {
        const QByteArray probePath = "/test-probe";
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, target.port());
        probe.write("GET " + probePath + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n");
        QList<HostileServer::Request> others;
        const auto probeArrived = [&] {
            others = target.requests();
            return others.removeIf([&](const HostileServer::Request &r) { return r.path == probePath; }) > 0;
        };
        if (!QTest::qWaitFor(probeArrived, 10'000))
            return std::nullopt;
        return others;
    }

private slots:
    void init()
    {
        server = std::make_unique<HostileServer>();
        useConfig();
    }

    void neverAnsweringEndsAtTheDeadline()
    {
        server->script({HostileServer::silence()});
        verifyDeadline(list().error());
        QCOMPARE(server->requests().size(), 1);
    }

    void trickleEndsAtTheDeadline()
    {
        // Each byte resets Qt's transfer timeout; only the call's deadline stops this.
        useConfig([](TransportConfig &c) { c.timeoutMs = 400; });
        server->script({HostileServer::trickle(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{", " ",
            150)});
        verifyDeadline(list().error());
    }

    void endlessHeadersEndAtTheDeadline()
    {
        server->script({HostileServer::trickle("HTTP/1.1 200 OK\r\n",
                                               "X-Padding: " + QByteArray(8000, 'a') + "\r\n", 5)});
        verifyDeadline(list().error());
    }

    void deadlineCoversRetriesAndBackoff()
    {
        // Each attempt fails fast; with its back-off the third would start after the deadline.
        useConfig([](TransportConfig &c) {
            c.maxAttempts = 10;
            c.backoffBaseMs = 600;
        });
        server->script({HostileServer::json(503, "{}")});
        verifyDeadline(list().error());
        QVERIFY(server->requests().size() >= 2);
        QVERIFY(server->requests().size() <= 3);
    }

    void perAttemptTimeoutIsWordedApart()
    {
        useConfig([](TransportConfig &c) {
            c.timeoutMs = 300;
            c.callDeadlineMs = 5000;
        });
        server->script({HostileServer::silence()});
        const auto error = list().error();
        QCOMPARE(error.kind(), ApiError::Kind::Timeout);
        QVERIFY2(error.message().contains(u"did not answer within"_s), qPrintable(error.message()));
        QVERIFY(!error.message().contains(u"whole call"_s));
        QVERIFY(clock.elapsed() < 3000);
    }

    void shortContentLengthIsAnError()
    {
        // The JSON is whole; the body is not what the header promised.
        const QByteArray body = R"({"sandboxes":[]})";
        server->script(
            {HostileServer::answer("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                                   QByteArray::number(body.size() + 50) + "\r\n\r\n" + body)});
        const auto result = list();
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind(), ApiError::Kind::Network);
        QVERIFY2(result.error().message().contains(u"cut short"_s), qPrintable(result.error().message()));
    }

    void chunkedWithoutLastChunkIsAnError()
    {
        server->script(
            {HostileServer::answer("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                   "Transfer-Encoding: chunked\r\n\r\n10\r\n{\"sandboxes\":[]}\r\n")});
        const auto result = list();
        QVERIFY(!result.ok());
        QVERIFY2(result.error().message().contains(u"cut short"_s), qPrintable(result.error().message()));
    }

    void cutAnswerIsRetriedWhenIdempotent()
    {
        useConfig([](TransportConfig &c) { c.maxAttempts = 3; });
        const QByteArray body = R"({"sandboxes":[]})";
        server->script({HostileServer::answer("HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n" + body),
                        HostileServer::json(200, body)});
        const auto result = list();
        QVERIFY2(result.ok(), qPrintable(result.error().message()));
        QCOMPARE(server->requests().size(), 2);
    }

    void postIsNeverResentToAnotherOrigin()
    {
        HostileServer other;
        other.script({HostileServer::json(201, R"({"sandbox_id":"stolen","server_name":"github"})")});
        server->script({HostileServer::answer(
            "HTTP/1.1 307 Temporary Redirect\r\nLocation: " + other.url("/sandbox/github").toEncoded() +
            "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")});
        const auto result = acquire();
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind(), ApiError::Kind::Network);
        const QString message = result.error().message();
        QVERIFY2(message.contains(u"127.0.0.1:%1"_s.arg(server->port())), qPrintable(message));
        QVERIFY2(message.contains(u"127.0.0.1:%1"_s.arg(other.port())), qPrintable(message));
        QVERIFY(message.contains(u"not sent again"_s));
        const auto reachedOther = requestsBesidesAProbe(other);
        QVERIFY(reachedOther);
        QCOMPARE(reachedOther->size(), 0);
        QCOMPARE(other.connections(), 1); // the probe's
        QCOMPARE(server->requests().size(), 1);
    }

    void getFollowsCrossOriginRedirectWithoutTheKey()
    {
        HostileServer other;
        other.script({HostileServer::json(200, R"({"sandboxes":[]})")});
        server->script({HostileServer::answer(
            "HTTP/1.1 307 Temporary Redirect\r\nLocation: " + other.url("/sandbox").toEncoded() +
            "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")});
        QVERIFY(list().ok());
        QCOMPARE(other.requests().size(), 1);
        QVERIFY(other.requests().first().header("Authorization").isEmpty());
        QCOMPARE(server->requests().first().header("Authorization"), "Bearer " + QByteArray(key));
    }

    void redirectToFileIsRefused()
    {
        server->script(
            {HostileServer::answer("HTTP/1.1 302 Found\r\nLocation: file:///etc/passwd\r\nContent-Length: "
                                   "0\r\nConnection: close\r\n\r\n")});
        const auto result = list();
        QVERIFY(!result.ok());
        QVERIFY2(result.error().message().contains(u"\"file:\""_s), qPrintable(result.error().message()));
    }

    void retryAfterInYear9999StopsAndSaysWhen()
    {
        useConfig([](TransportConfig &c) { c.maxAttempts = 3; });
        server->script({HostileServer::json(503, R"({"detail":"busy"})",
                                            "Retry-After: Fri, 31 Dec 9999 23:59:59 GMT\r\n")});
        const auto result = list();
        QVERIFY(!result.ok());
        QCOMPARE(server->requests().size(), 1); // never retried early
        QVERIFY2(result.error().message().contains(u"come back after 9999-12-31"_s),
                 qPrintable(result.error().message()));
        QVERIFY(clock.elapsed() < 1000);
    }

    void retryAfterBeyondTheDeadlineIsNotWaitedFor()
    {
        useConfig([](TransportConfig &c) {
            c.maxAttempts = 3;
            c.maxRetryAfterSeconds = 30;
        });
        server->script({HostileServer::json(429, "{}", "Retry-After: 20\r\n")});
        const auto result = list();
        QCOMPARE(result.error().httpStatus(), 429);
        QCOMPARE(server->requests().size(), 1);
        QVERIFY(result.error().message().contains(u"come back after"_s));
        QVERIFY(clock.elapsed() < 1000);
    }

    void echoedKeyIsRedacted()
    {
        server->script({[](QTcpSocket *socket, const HostileServer::Request &request) {
            const QByteArray body = R"({"detail":"bad request, you sent )" + request.header("Authorization") +
                                    R"( and key=)" + QByteArray(key) + R"("})";
            HostileServer::json(400, body)(socket, request);
        }});
        const auto error = list().error();
        QCOMPARE(error.httpStatus(), 400);
        const QString shown = error.fullText() + error.detailText() + QString::fromUtf8(error.rawBody());
        QVERIFY2(!shown.contains(QLatin1String(key)), qPrintable(shown));
        QVERIFY2(shown.contains(u"Bearer \u2022\u2022\u2022\u2022\u2022\u2022"_s), qPrintable(shown));
    }

    void echoedKeyInHtmlPageIsRedactedAndStripped()
    {
        server->script({[](QTcpSocket *socket, const HostileServer::Request &request) {
            const QByteArray page =
                "<html><head><title>502 Bad Gateway</title><style>p{color:red}</style></head>"
                "<body><h1>Bad&nbsp;Gateway</h1><p>Request header: Authorization: " +
                request.header("Authorization") + "</p><p>a &amp; b &lt;c&gt;</p></body></html>";
            socket->write("HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\nContent-Length: " +
                          QByteArray::number(page.size()) + "\r\nConnection: close\r\n\r\n" + page);
            socket->disconnectFromHost();
        }});
        const auto error = list().error();
        QCOMPARE(error.httpStatus(), 502);
        const QString detail = error.detailText();
        QVERIFY2(!detail.contains(u"<p>"_s) && !detail.contains(u"<h1"_s) && !detail.contains(u"color"_s),
                 qPrintable(detail));
        QVERIFY2(detail.contains(u"Bad Gateway"_s), qPrintable(detail));
        QVERIFY2(detail.contains(u"a & b <c>"_s), qPrintable(detail));
        QVERIFY2(!error.fullText().contains(QLatin1String(key)), qPrintable(error.fullText()));
        QVERIFY(!error.rawBody().contains(key));
    }

    void unreadableDetailsShowNoSecrets()
    {
        // A 2xx the decoder refuses (no sandbox_id), carrying the key and auth_data.
        server->script({[](QTcpSocket *socket, const HostileServer::Request &request) {
            const QByteArray body =
                R"({"id":"x","note":")" + QByteArray(key) +
                R"(","auth_data":{"access_token":"gho_topsecret"},"metadata":{"pw":"m3ta"}})";
            HostileServer::json(200, body)(socket, request);
        }});
        const auto error = details().error();
        QCOMPARE(error.kind(), ApiError::Kind::Decode);
        const QString shown = error.fullText() + QString::fromUtf8(error.rawBody());
        QVERIFY2(!shown.contains(QLatin1String(key)), qPrintable(shown));
        QVERIFY2(!shown.contains(u"gho_topsecret"_s), qPrintable(shown));
        QVERIFY2(!shown.contains(u"m3ta"_s), qPrintable(shown));
        QVERIFY2(shown.contains(u"\"id\":\"x\""_s), qPrintable(shown)); // the harmless part still helps
    }

    void keyWithLineBreakIsNeverSent()
    {
        useConfig([](TransportConfig &c) { c.apiKey = u"sk-good\r\nX-Injected: yes"_s; });
        server->script({HostileServer::json(200, R"({"sandboxes":[]})")});
        const auto result = list();
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind(), ApiError::Kind::Local);
        QVERIFY2(result.error().message().contains(u"control character"_s),
                 qPrintable(result.error().message()));
        const auto reached = requestsBesidesAProbe(*server);
        QVERIFY(reached);
        QCOMPARE(reached->size(), 0);
        QCOMPARE(server->connections(), 1); // the probe's
    }

    void unsafeBaseUrlIsRefusedBeforeAnyRequest_data()
    {
        QTest::addColumn<QUrl>("base");
        QTest::newRow("file") << QUrl(u"file:///tmp/api"_s);
        QTest::newRow("http elsewhere") << QUrl(u"http://api.example.com"_s);
        QTest::newRow("ftp") << QUrl(u"ftp://127.0.0.1/"_s);
        QTest::newRow("userinfo") << QUrl(u"http://user:pw@127.0.0.1:1/"_s);
    }

    void unsafeBaseUrlIsRefusedBeforeAnyRequest()
    {
        QFETCH(QUrl, base);
        useConfig([base](TransportConfig &c) { c.baseUrl = base; });
        const auto result = list();
        QCOMPARE(result.error().kind(), ApiError::Kind::Local);
        QVERIFY2(result.error().message().contains(u"Nothing was sent"_s, Qt::CaseInsensitive),
                 qPrintable(result.error().message()));
    }

    void oversizedDetailsAnnouncedByLengthAreAbandoned()
    {
        server->script({HostileServer::trickle("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                               "Content-Length: 50000000\r\n\r\n{",
                                               QByteArray(4096, ' '), 5)});
        const auto error = details().error();
        QVERIFY2(error.message().contains(u"larger than the 4.0 MiB"_s), qPrintable(error.message()));
        QVERIFY(clock.elapsed() < 1000);
    }

    void oversizedChunkedDetailsAreAbandoned()
    {
        const QByteArray chunk =
            QByteArray::number(256 * 1024, 16) + "\r\n" + QByteArray(256 * 1024, ' ') + "\r\n";
        server->script({HostileServer::trickle("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                               "Transfer-Encoding: chunked\r\n\r\n",
                                               chunk, 1)});
        useConfig([](TransportConfig &c) { c.callDeadlineMs = 20'000; });
        const auto error = details().error();
        QVERIFY2(error.message().contains(u"larger than"_s), qPrintable(error.message()));
    }

    void listAllowsLargerAnswersThanDetails()
    {
        // 6 MiB of list is fine; the same size as details is not.
        QByteArray body = R"({"sandboxes":[)";
        const QByteArray item = R"({"sandbox_id":"sb-xxxxxxxx","server_name":"github","status":"idle"},)";
        while (body.size() < 6 * 1024 * 1024)
            body += item;
        body.chop(1);
        body += "]}";
        server->script({HostileServer::json(200, body)});
        const auto result = list();
        QVERIFY2(result.ok(), qPrintable(result.error().message()));
        server->script({HostileServer::json(200, body)});
        QVERIFY(details().error().message().contains(u"larger than"_s));
    }
};

QTEST_GUILESS_MAIN(TestHostileServer)
#include "tst_hostileserver.moc"
