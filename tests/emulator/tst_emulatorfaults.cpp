// Injected faults (429, queued and random 500s, redirects, latency, no answer, store failures, a refusal
// mid-download, hostile signed URLs), the provider's rate limit per key, the control endpoint, and the
// emulator running on its own thread.

#include "emulator/emulatorhost.h"
#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "mcptestcalls.h"
#include "testclient.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestEmulatorFaults final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<TestClient> m_client;

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        m_server->recordRequests();
        QVERIFY(m_server->listen());
        m_client = std::make_unique<TestClient>(m_server->apiBaseUrl());
    }

    void cleanup()
    {
        m_client.reset();
        m_server.reset();
    }

    void rateLimit()
    {
        Emulator::FaultSettings faults;
        faults.rateLimitNextRequests = 2;
        faults.retryAfterSeconds = 7;
        m_server->setFaults(faults);
        for (int i = 0; i < 2; ++i) {
            const Answer limited = m_client->api("GET", u"/sandbox"_s);
            QCOMPARE(limited.status, 429);
            QCOMPARE(limited.header("Retry-After"), QByteArray("7"));
            QVERIFY(!limited.detail().isEmpty());
        }
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 200);
        QCOMPARE(EmulatorProbe(m_server).faults().rateLimitNextRequests, 0);
        QCOMPARE(EmulatorProbe(m_server).requestCount("GET", u"/sandbox"_s),
                 3); // faulted requests are recorded too
    }

    void failNextRequests()
    {
        Emulator::FaultSettings faults;
        faults.failNextRequests = 1;
        m_server->setFaults(faults);
        const Answer failed = m_client->api("POST", u"/sandbox/github"_s);
        QCOMPARE(failed.status, 500);
        QVERIFY(!failed.detail().isEmpty());
        QCOMPARE(m_client->api("POST", u"/sandbox/github"_s).status, 201);
        faults.failNextRequests = 1;
        faults.failStatus = 503;
        m_server->setFaults(faults);
        const Answer unavailable = m_client->api("GET", u"/sandbox"_s);
        QCOMPARE(unavailable.status, 503);
        QCOMPARE(unavailable.detail(), u"Service Unavailable (injected by the emulator)"_s);
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 200);
        QCOMPARE(m_client->api("POST", u"/_emulator/faults"_s, json({{u"fail_status"_s, 404}})).status, 400);
    }

    void randomErrors()
    {
        Emulator::FaultSettings faults;
        faults.serverErrorRate = 1.0;
        m_server->setFaults(faults);
        QCOMPARE(m_client->api("GET", u"/local-sandbox"_s).status, 500);
        faults.serverErrorRate = 0.5;
        m_server->setFaults(faults);
        int errors = 0;
        for (int i = 0; i < 40; ++i)
            errors += m_client->api("GET", u"/local-sandbox"_s).status == 500 ? 1 : 0;
        QVERIFY2(errors > 5 && errors < 35, qPrintable(QString::number(errors)));
    }

    void redirect()
    {
        Emulator::FaultSettings faults;
        faults.redirectApiTo = QUrl(u"http://127.0.0.1:1"_s);
        m_server->setFaults(faults);
        const Answer moved = m_client->api("GET", u"/sandbox/github/abc?tag=a%20b"_s);
        QCOMPARE(moved.status, 307);
        QCOMPARE(moved.header("Location"), QByteArray("http://127.0.0.1:1/sandbox/github/abc?tag=a%20b"));
        m_client->setApiKey({});
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 307); // before authentication, like a proxy
    }

    void latency()
    {
        Emulator::FaultSettings faults;
        faults.latencyMs = 300;
        m_server->setFaults(faults);
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(m_client->api("GET", u"/local-sandbox"_s).status, 200);
        QVERIFY(timer.elapsed() >= 290);
        // The delay is a timer: the server keeps answering others meanwhile (here, the control endpoint).
        timer.restart();
        QCOMPARE(m_client->api("GET", u"/_emulator/faults"_s).status, 200);
        QVERIFY(timer.elapsed() < 250);
    }

    void latencyWithClosedClient()
    {
        Emulator::FaultSettings faults;
        faults.latencyMs = 200;
        m_server->setFaults(faults);
        // The client gives up before the answer; the delayed write must find the socket gone and do nothing.
        const Answer abandoned =
            m_client->send("GET", QUrl(m_server->apiBaseUrl().toString() + u"/sandbox"_s), {},
                           {{"Authorization", "Bearer demo-key"}}, 50);
        QVERIFY(abandoned.timedOut);
        QTest::qWait(300);
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 200);
    }

    // An acquire is ambiguous as on the real service: the sandbox is occupied when the request arrives, so a
    // client that gives up before the delayed answer, or never gets one, may hold it without knowing.
    void ambiguousAcquires()
    {
        Emulator::FaultSettings faults;
        faults.latencyMs = 400;
        m_server->setFaults(faults);
        const int localBefore = int(EmulatorProbe(m_server).localSandboxIds().size());
        const auto abandon = [this](const QString &path, const QByteArray &body) {
            return m_client
                ->send("POST", QUrl(m_server->apiBaseUrl().toString() + path), body,
                       {{"Authorization", "Bearer demo-key"}, {"Content-Type", "application/json"}}, 150)
                .timedOut;
        };
        QVERIFY(abandon(u"/sandbox/github"_s, json({{u"tag"_s, u"run-7"_s}, {u"ttl_seconds"_s, 600}})));
        QVERIFY(abandon(u"/local-sandbox"_s, json({{u"server_names"_s, QJsonArray{u"filesystem"_s}}})));
        QCOMPARE(EmulatorProbe(m_server).localSandboxIds().size(), localBefore + 1);
        faults.latencyMs = 0;
        faults.hangNextRequests = 2;
        m_server->setFaults(faults);
        QVERIFY(abandon(u"/sandbox/slack"_s, json({{u"tag"_s, u"run-7"_s}})));
        QVERIFY(abandon(u"/local-sandbox"_s, json({{u"server_names"_s, QJsonArray{u"filesystem"_s}}})));
        QCOMPARE(EmulatorProbe(m_server).apiRequests().constLast().status, 0); // recorded as unanswered
        QCOMPARE(EmulatorProbe(m_server).localSandboxIds().size(), localBefore + 2);
        const QJsonArray tagged =
            m_client->api("GET", u"/sandbox?tag=run-7"_s).object()[u"sandboxes"_s].toArray();
        QStringList held;
        for (const auto &item : tagged) {
            QCOMPARE(item[u"status"_s].toString(), u"occupied"_s);
            held.append(item[u"server_name"_s].toString());
        }
        held.sort();
        QCOMPARE(held, QStringList({u"github"_s, u"slack"_s}));
        // A hung request that is not an acquire still changes nothing.
        const QString local = EmulatorProbe(m_server).localSandboxIds().constLast();
        faults.hangNextRequests = 1;
        m_server->setFaults(faults);
        QVERIFY(m_client
                    ->send("DELETE", QUrl(m_server->apiBaseUrl().toString() + u"/local-sandbox/"_s + local),
                           {}, {{"Authorization", "Bearer demo-key"}}, 300)
                    .timedOut);
        QCOMPARE(EmulatorProbe(m_server).localSandboxIds().constLast(), local);
    }

    void controlEndpoint()
    {
        const Answer denied = TestClient(m_server->apiBaseUrl(), {}).api("GET", u"/_emulator/faults"_s);
        QCOMPARE(denied.status, 401);
        const Answer set = m_client->api(
            "POST", u"/_emulator/faults"_s,
            json({{u"fail_next_requests"_s, 1}, {u"retry_after_seconds"_s, 3}, {u"expired_urls"_s, true}}));
        QCOMPARE(set.status, 200);
        QCOMPARE(set.object()[u"fail_next_requests"_s].toInt(), 1);
        QCOMPARE(EmulatorProbe(m_server).faults().retryAfterSeconds, 3);
        QVERIFY(EmulatorProbe(m_server).faults().expiredUrls);
        QCOMPARE(m_client->api("POST", u"/_emulator/faults"_s, R"({"latency_ms":"slow"})").status, 400);
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 500);
        QCOMPARE(m_client->api("DELETE", u"/_emulator/faults"_s).status, 200);
        QVERIFY(!EmulatorProbe(m_server).faults().expiredUrls);

        const Answer requests = m_client->api("GET", u"/_emulator/requests"_s);
        QCOMPARE(requests.status, 200);
        const QJsonArray api = requests.object()[u"api"_s].toArray();
        QCOMPARE(api.size(), 1); // control requests are not recorded
        QCOMPARE(api.at(0)[u"path"_s].toString(), u"/sandbox"_s);
        QCOMPARE(api.at(0)[u"status"_s].toInt(), 500);
        QCOMPARE(api.at(0)[u"fault"_s].toString(), u"injected_failure"_s);
        QVERIFY(!requests.body.contains("demo-key"));
        QVERIFY(requests.body.contains("<redacted>"));
    }

    // A server records nothing unless asked (a demo runs for days); asked through the control endpoint, it
    // keeps the newest requests up to the bound and says how many it let go.
    void requestRecordingIsOffUnlessAskedAndBounded()
    {
        Emulator::EmulatorServer server;
        QVERIFY(server.listen());
        TestClient client(server.apiBaseUrl());
        for (int i = 0; i < 3; ++i)
            QCOMPARE(client.api("GET", u"/sandbox?tag=before-%1"_s.arg(i)).status, 200);
        const QJsonObject off = client.api("GET", u"/_emulator/requests"_s).object();
        QCOMPARE(off[u"api"_s].toArray().size(), 0);
        QCOMPARE(off[u"keep_last"_s].toInt(), 0);
        QCOMPARE(off[u"api_dropped"_s].toInt(), 0);

        const Answer on = client.api("POST", u"/_emulator/requests"_s, json({{u"keep_last"_s, 3}}));
        QCOMPARE(on.status, 200);
        QCOMPARE(on.object()[u"keep_last"_s].toInt(), 3);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(client.api("GET", u"/sandbox?tag=after-%1"_s.arg(i)).status, 200);
        const QJsonObject bounded = client.api("GET", u"/_emulator/requests"_s).object();
        const QJsonArray api = bounded[u"api"_s].toArray();
        QCOMPARE(api.size(), 3);
        QCOMPARE(api.first()[u"query"_s].toString(), u"tag=after-2"_s);
        QCOMPARE(api.last()[u"query"_s].toString(), u"tag=after-4"_s);
        QCOMPARE(bounded[u"api_dropped"_s].toInt(), 2);
        QCOMPARE(bounded[u"object_store_dropped"_s].toInt(), 0);

        for (const QByteArray &bad : {QByteArray(R"({"keep_last":-1})"), QByteArray(R"({"keep_last":2.5})"),
                                      QByteArray(R"({"keep_last":"all"})"), QByteArray("[]")})
            QCOMPARE(client.api("POST", u"/_emulator/requests"_s, bad).status, 400);
        const QJsonObject cleared = client.api("DELETE", u"/_emulator/requests"_s).object();
        QCOMPARE(cleared[u"api"_s].toArray().size(), 0);
        QCOMPARE(cleared[u"api_dropped"_s].toInt(), 0);
        QCOMPARE(cleared[u"keep_last"_s].toInt(), 3); // forgetting the requests keeps the setting
    }

    void hang()
    {
        Emulator::FaultSettings faults;
        faults.hangNextRequests = 1;
        m_server->setFaults(faults);
        const Answer silent = m_client->send("GET", QUrl(m_server->apiBaseUrl().toString() + u"/sandbox"_s),
                                             {}, {{"Authorization", "Bearer demo-key"}}, 700);
        QVERIFY(silent.timedOut); // no status line, no close: the client has to give up on its own
        QCOMPARE(EmulatorProbe(m_server).faults().hangNextRequests, 0);
        QCOMPARE(EmulatorProbe(m_server).requestCount("GET", u"/sandbox"_s), 1);
        QCOMPARE(EmulatorProbe(m_server).apiRequests().constLast().status, 0);
        QCOMPARE(EmulatorProbe(m_server).apiRequests().constLast().fault,
                 Emulator::HttpReply::Fault::InjectedHang);
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 200);
    }

    // Each recorded request says what decided its answer, so that a test can count the 429 it armed apart
    // from the provider's limiter, whose refusals depend on the machine's pace.
    void recordedRequestsSayWhichFaultAnswered()
    {
        Emulator::FaultSettings faults;
        faults.rateLimitNextRequests = 1;
        faults.failNextRequests = 1;
        m_server->setFaults(faults);
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 429);
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 500);
        faults = {};
        faults.serverErrorRate = 1.0;
        m_server->setFaults(faults);
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 500);
        m_server->setFaults({});
        // A refill so slow that no machine is slow enough to see a second token.
        m_server->setRateLimit({0.001, 1});
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 200);
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 429);
        using Fault = Emulator::HttpReply::Fault;
        QList<Fault> seen;
        for (const Emulator::RecordedRequest &request : EmulatorProbe(m_server).apiRequests())
            seen.append(request.fault);
        QCOMPARE(seen, QList<Fault>({Fault::InjectedRateLimit, Fault::InjectedFailure,
                                     Fault::InjectedRandomFailure, Fault::None, Fault::RateLimiter}));
        const QJsonArray api = m_client->api("GET", u"/_emulator/requests"_s).object()[u"api"_s].toArray();
        QStringList words;
        for (const QJsonValue &request : api)
            words.append(request[u"fault"_s].toString());
        QCOMPARE(words, QStringList({u"injected_rate_limit"_s, u"injected_failure"_s,
                                     u"injected_random_failure"_s, u"none"_s, u"rate_limiter"_s}));
    }

    // The provider's limit: R requests pass, the next answers 429 with Retry-After, and after that wait
    // it passes again; each API key has its own bucket.
    void rateLimitPerKey()
    {
        m_server->setRateLimit({2, 2});
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 200);
        const Answer acquired = m_client->api("POST", u"/sandbox/github"_s);
        QCOMPARE(acquired.status, 201);
        const QUrl mcp(acquired.object()[u"server_urls"_s][u"github"_s].toString(), QUrl::StrictMode);
        const Answer limited = m_client->api("GET", u"/sandbox"_s);
        QCOMPARE(limited.status, 429);
        QCOMPARE(limited.header("Retry-After"), QByteArray("1")); // 0.5 s, rounded up
        QVERIFY2(limited.detail().contains(u"Rate limit"_s), limited.body.constData());
        // Another key, and no key at all, have buckets of their own (answered 403 and 401, not 429).
        TestClient other(m_server->apiBaseUrl(), "another-key");
        TestClient anonymous(m_server->apiBaseUrl(), {});
        QCOMPARE(other.api("GET", u"/sandbox"_s).status, 403);
        QCOMPARE(anonymous.api("GET", u"/sandbox"_s).status, 401);
        QCOMPARE(anonymous.api("GET", u"/sandbox"_s).status, 401);
        QCOMPARE(anonymous.api("GET", u"/sandbox"_s).status, 429);
        // Not limited: the control endpoint, MCP and the object store.
        McpTestCalls calls(*m_client);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(m_client->api("GET", u"/_emulator/faults"_s).status, 200);
            QCOMPARE(calls.rpc(mcp, u"ping"_s).answer.status, 200);
            QCOMPARE(m_client->send("GET", m_server->objectStoreBaseUrl()).status, 403); // unsigned
        }
        QTest::qWait(1000); // what Retry-After asked for
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 200);
        const Emulator::RequestRateLimiter limiter = EmulatorProbe(m_server).rateLimiter();
        QCOMPARE(limiter.requestsServed(), 6);
        QCOMPARE(limiter.requestsAnswered429(), 2);
        QCOMPARE(EmulatorProbe(m_server).requestCount("GET", u"/sandbox"_s),
                 7); // a 429 is recorded like any answer
    }

    // The bucket's arithmetic on a clock the test sets: Retry-After is whole seconds, rounded up, at least 1.
    void rateLimitRetryAfter()
    {
        using namespace std::chrono_literals;
        Emulator::RequestRateLimiter limiter;
        const auto start = Emulator::RequestRateLimiter::Clock::now();
        for (int i = 0; i < 50; ++i)
            QVERIFY(!limiter.admit("k", start)); // 0 requests per second: unlimited
        limiter.setSettings({0.5, 1});
        QVERIFY(!limiter.admit("k", start));
        QCOMPARE(limiter.admit("k", start)->header("Retry-After"), QByteArray("2"));
        QCOMPARE(limiter.admit("k", start + 1500ms)->header("Retry-After"), QByteArray("1"));
        QVERIFY(!limiter.admit("k", start + 2s));
        QVERIFY(!limiter.admit("other", start + 2s));
        limiter.setSettings({3, 3});
        for (int i = 0; i < 3; ++i)
            QVERIFY(!limiter.admit("k", start));
        QCOMPARE(limiter.admit("k", start)->status, 429);
        QVERIFY(!limiter.admit("k", start + 334ms)); // a third of a second brings one token back
        QCOMPARE(limiter.requestsServed(), 50 + 3 + 4);
        QCOMPARE(limiter.requestsAnswered429(), 3);
        // A client inventing keys does not grow the table for ever: full buckets are forgotten.
        for (int i = 0; i < 3000; ++i)
            QVERIFY(!limiter.admit(QByteArray::number(i), start + 10s + std::chrono::milliseconds(i)));
        QVERIFY2(limiter.keysTracked() <= 1025, qPrintable(QString::number(limiter.keysTracked())));
    }

    void rateLimitThroughTheControlEndpoint()
    {
        const Answer initial = m_client->api("GET", u"/_emulator/rate_limit"_s);
        QCOMPARE(initial.status, 200);
        QCOMPARE(initial.object()[u"requests_per_second"_s].toDouble(), 0.0);
        QCOMPARE(initial.object()[u"rate_burst"_s].toInt(), 2);
        const Answer set = m_client->api("POST", u"/_emulator/rate_limit"_s,
                                         json({{u"requests_per_second"_s, 1}, {u"rate_burst"_s, 1}}));
        QCOMPARE(set.status, 200);
        QCOMPARE(EmulatorProbe(m_server).rateLimiter().settings().requestsPerSecond, 1.0);
        QCOMPARE(EmulatorProbe(m_server).rateLimiter().settings().burst, 1);
        QCOMPARE(m_client->api("GET", u"/local-sandbox"_s).status, 200);
        QCOMPARE(m_client->api("GET", u"/local-sandbox"_s).status, 429);
        const QJsonObject counters = m_client->api("GET", u"/_emulator/rate_limit"_s).object();
        QCOMPARE(counters[u"requests_served"_s].toInt(), 1);
        QCOMPARE(counters[u"requests_answered_429"_s].toInt(), 1);
        for (const QByteArray &bad :
             {QByteArray(R"({"rate_burst":0})"), QByteArray(R"({"rate_burst":1.5})"),
              QByteArray(R"({"requests_per_second":-1})"),
              QByteArray(R"({"requests_per_second":"fast","rate_burst":4})"), QByteArray("[]")}) {
            const Answer refused = m_client->api("POST", u"/_emulator/rate_limit"_s, bad);
            QCOMPARE(refused.status, 400);
            QVERIFY(!refused.detail().isEmpty());
        }
        QCOMPARE(EmulatorProbe(m_server).rateLimiter().settings().burst,
                 1); // nothing of a refused request applied
        // DELETE zeroes the counters and refills the buckets, keeping the limit.
        const QJsonObject cleared = m_client->api("DELETE", u"/_emulator/rate_limit"_s).object();
        QCOMPARE(cleared[u"requests_served"_s].toInt(), 0);
        QCOMPARE(cleared[u"requests_per_second"_s].toDouble(), 1.0);
        QCOMPARE(m_client->api("GET", u"/local-sandbox"_s).status, 200);
        QCOMPARE(
            m_client->api("POST", u"/_emulator/rate_limit"_s, json({{u"requests_per_second"_s, 0}})).status,
            200);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(m_client->api("GET", u"/local-sandbox"_s).status, 200);
        QCOMPARE(EmulatorProbe(m_server).rateLimiter().requestsAnswered429(), 0);
    }

    void storeFailures_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("code");
        QTest::newRow("500") << 500 << QByteArray("<Code>InternalError</Code>");
        QTest::newRow("503") << 503 << QByteArray("<Code>ServiceUnavailable</Code>");
        QTest::newRow("403") << 403 << QByteArray("<Code>AccessDenied</Code>");
    }

    void storeFailures()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, code);
        const QString id = EmulatorProbe(m_server).localSandboxIds().constFirst();
        const QUrl upload(m_client->api("POST", u"/local-sandbox/%1/upload-url"_s.arg(id))
                              .object()[u"upload_url"_s]
                              .toString(),
                          QUrl::StrictMode);
        const QUrl dump(
            m_client->api("GET", u"/local-sandbox/%1/dump"_s.arg(id)).object()[u"download_url"_s].toString(),
            QUrl::StrictMode);
        QVERIFY(upload.isValid() && dump.isValid());
        Emulator::FaultSettings faults;
        faults.storeFailNextRequests = 2;
        faults.storeErrorStatus = status;
        m_server->setFaults(faults);
        const QList<QPair<QByteArray, QByteArray>> gzip{{"Content-Type", "application/gzip"}};
        const Answer put = m_client->send("PUT", upload, "data", gzip);
        QCOMPARE(put.status, status);
        QVERIFY2(put.body.contains(code), put.body.constData());
        const Answer get = m_client->send("GET", dump);
        QCOMPARE(get.status, status);
        QCOMPARE(EmulatorProbe(m_server).faults().storeFailNextRequests, 0);
        // Counted down: the same URLs work again, and every failure was recorded with its status.
        QCOMPARE(m_client->send("PUT", upload, "data", gzip).status, 200);
        QCOMPARE(m_client->send("GET", dump).status, 200);
        const QList<Emulator::RecordedRequest> store = EmulatorProbe(m_server).objectStoreRequests();
        QCOMPARE(store.size(), 4);
        QCOMPARE(store.at(0).status, status);
        QCOMPARE(store.at(1).status, status);
        QCOMPARE(store.at(1).fault, Emulator::HttpReply::Fault::InjectedStoreFailure);
        QCOMPARE(store.at(2).fault, Emulator::HttpReply::Fault::None);
        QCOMPARE(store.at(2).status, 200);
        QCOMPARE(store.at(3).status, 200);
    }

    void refusalMidDownload()
    {
        // The first GET is cut after 100 bytes; the resume (a Range GET) is refused; the next resume works.
        const QString id = EmulatorProbe(m_server).localSandboxIds().constFirst();
        const QUrl dump(
            m_client->api("GET", u"/local-sandbox/%1/dump"_s.arg(id)).object()[u"download_url"_s].toString(),
            QUrl::StrictMode);
        const qint64 size = m_client->send("GET", dump).body.size();
        QVERIFY(size > 200);
        Emulator::FaultSettings faults;
        faults.dropDownloadAfterBytes = 100;
        faults.dropDownloadTimes = 1;
        faults.storeFailNextResumes = 1;
        faults.storeErrorStatus = 503;
        m_server->setFaults(faults);
        const Answer cut = m_client->send("GET", dump);
        QVERIFY(cut.error != QNetworkReply::NoError);
        QVERIFY(cut.body.size() <= 100);
        QCOMPARE(EmulatorProbe(m_server).faults().storeFailNextResumes, 1); // a plain GET is not a resume
        const QList<QPair<QByteArray, QByteArray>> range{{"Range", "bytes=100-"}};
        QCOMPARE(m_client->send("GET", dump, {}, range).status, 503);
        const Answer resumed = m_client->send("GET", dump, {}, range);
        QCOMPARE(resumed.status, 206);
        QCOMPARE(resumed.body.size(), size - 100);
    }

    void replacedSignedUrls()
    {
        const QString id = EmulatorProbe(m_server).localSandboxIds().constFirst();
        Emulator::FaultSettings faults;
        faults.replaceSignedUrlsWith = QUrl(u"file:///home/u/.bashrc"_s);
        faults.replaceUrlsAfter = 1;
        m_server->setFaults(faults);
        const auto uploadUrl = [&] {
            return m_client->api("POST", u"/local-sandbox/%1/upload-url"_s.arg(id))
                .object()[u"upload_url"_s]
                .toString();
        };
        const QUrl first(uploadUrl());
        QCOMPARE(first.scheme(), u"http"_s);
        QCOMPARE(first.port(), int(m_server->objectStorePort()));
        QCOMPARE(uploadUrl(), u"file:///home/u/.bashrc"_s);
        QCOMPARE(
            m_client->api("GET", u"/local-sandbox/%1/dump"_s.arg(id)).object()[u"download_url"_s].toString(),
            u"file:///home/u/.bashrc"_s);
    }

    void newSwitchesThroughTheControlEndpoint()
    {
        const Answer set = m_client->api("POST", u"/_emulator/faults"_s,
                                         json({{u"hang_next_requests"_s, 2},
                                               {u"store_fail_next_requests"_s, 3},
                                               {u"store_fail_next_resumes"_s, 1},
                                               {u"store_error_status"_s, 500},
                                               {u"replace_signed_urls_with"_s, u"ftp://example.com/x"_s},
                                               {u"replace_urls_after"_s, 4}}));
        QCOMPARE(set.status, 200);
        const Emulator::FaultSettings faults = EmulatorProbe(m_server).faults();
        QCOMPARE(faults.hangNextRequests, 2);
        QCOMPARE(faults.storeFailNextRequests, 3);
        QCOMPARE(faults.storeFailNextResumes, 1);
        QCOMPARE(faults.storeErrorStatus, 500);
        QCOMPARE(faults.replaceSignedUrlsWith, QUrl(u"ftp://example.com/x"_s));
        QCOMPARE(faults.replaceUrlsAfter, 4);
        QCOMPARE(set.object()[u"replace_signed_urls_with"_s].toString(), u"ftp://example.com/x"_s);
        QCOMPARE(set.object()[u"store_error_status"_s].toInt(), 500);
        // A status that is not an error is refused, and nothing of that request is applied.
        const Answer bad =
            m_client->api("POST", u"/_emulator/faults"_s,
                          json({{u"store_error_status"_s, 200}, {u"hang_next_requests"_s, 0}}));
        QCOMPARE(bad.status, 400);
        QVERIFY(bad.detail().contains(u"store_error_status"_s));
        QCOMPARE(EmulatorProbe(m_server).faults().hangNextRequests, 2);
        QCOMPARE(m_client->api("DELETE", u"/_emulator/faults"_s).status, 200);
        QCOMPARE(EmulatorProbe(m_server).faults().hangNextRequests, 0);
        QVERIFY(!EmulatorProbe(m_server).faults().replaceSignedUrlsWith.isValid());
    }

    void addWorkspaceFile()
    {
        const QString id = EmulatorProbe(m_server).localSandboxIds().at(1);
        QCOMPARE(EmulatorProbe(m_server).addWorkspaceFile(id, u"big/blob.bin"_s, QByteArray(1000, 'x')),
                 QString());
        QCOMPARE(EmulatorProbe(m_server).workspaceFile(id, u"big/blob.bin"_s), QByteArray(1000, 'x'));
        QVERIFY(EmulatorProbe(m_server).workspacePaths(id).contains(u"big"_s));
        QVERIFY(!EmulatorProbe(m_server).addWorkspaceFile(u"nope"_s, u"a"_s, "a").isEmpty());
        QVERIFY(!EmulatorProbe(m_server).addWorkspaceFile(id, u"../escape"_s, "a").isEmpty());
    }

    void hostOnItsOwnThread()
    {
        QPointer<Emulator::EmulatorServer> hosted;
        {
            Emulator::EmulatorHost host(nullptr, 42);
            QVERIFY(host.start());
            hosted = host.server();
            QVERIFY(!hosted.isNull());
        }
        QVERIFY(hosted.isNull()); // the host's end deletes the server on its thread

        Emulator::EmulatorHost host(nullptr, 42);
        QVERIFY(host.start());
        QVERIFY(host.server());
        host.server()->recordRequests();
        QVERIFY(host.server()->thread() != QThread::currentThread());
        QCOMPARE(host.apiBaseUrl(), host.server()->apiBaseUrl());
        QVERIFY(host.objectStoreBaseUrl().port() > 0);
        TestClient client(host.apiBaseUrl());
        QCOMPARE(client.api("GET", u"/sandbox"_s).status, 200);
        Emulator::FaultSettings faults;
        faults.failNextRequests = 1;
        host.server()->setFaults(faults);
        QCOMPARE(client.api("GET", u"/sandbox"_s).status, 500);
        QCOMPARE(EmulatorProbe(host.server()).requestCount("GET", u"/sandbox"_s), 2);
        QCOMPARE(EmulatorProbe(host.server())
                     .workspacePaths(EmulatorProbe(host.server()).localSandboxIds().at(0))
                     .isEmpty(),
                 false);
    }
};

QTEST_GUILESS_MAIN(TestEmulatorFaults)
#include "tst_emulatorfaults.moc"
