// Injected faults (429, queued and random 500s, redirects, latency), the control endpoint, and the emulator
// running on its own thread.

#include "emulatorhost.h"
#include "emulatorserver.h"
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
        QCOMPARE(m_server->faults().rateLimitNextRequests, 0);
        QCOMPARE(m_server->requestCount("GET", u"/sandbox"_s), 3); // faulted requests are recorded too
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

    void controlEndpoint()
    {
        const Answer denied = TestClient(m_server->apiBaseUrl(), {}).api("GET", u"/_emulator/faults"_s);
        QCOMPARE(denied.status, 401);
        const Answer set = m_client->api(
            "POST", u"/_emulator/faults"_s,
            json({{u"fail_next_requests"_s, 1}, {u"retry_after_seconds"_s, 3}, {u"expired_urls"_s, true}}));
        QCOMPARE(set.status, 200);
        QCOMPARE(set.object()[u"fail_next_requests"_s].toInt(), 1);
        QCOMPARE(m_server->faults().retryAfterSeconds, 3);
        QVERIFY(m_server->faults().expiredUrls);
        QCOMPARE(m_client->api("POST", u"/_emulator/faults"_s, R"({"latency_ms":"slow"})").status, 400);
        QCOMPARE(m_client->api("GET", u"/sandbox"_s).status, 500);
        QCOMPARE(m_client->api("DELETE", u"/_emulator/faults"_s).status, 200);
        QVERIFY(!m_server->faults().expiredUrls);

        const Answer requests = m_client->api("GET", u"/_emulator/requests"_s);
        QCOMPARE(requests.status, 200);
        const QJsonArray api = requests.object()[u"api"_s].toArray();
        QCOMPARE(api.size(), 1); // control requests are not recorded
        QCOMPARE(api.at(0)[u"path"_s].toString(), u"/sandbox"_s);
        QCOMPARE(api.at(0)[u"status"_s].toInt(), 500);
        QVERIFY(!requests.body.contains("demo-key"));
        QVERIFY(requests.body.contains("<redacted>"));
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
        QVERIFY(host.server()->thread() != QThread::currentThread());
        QCOMPARE(host.apiBaseUrl(), host.server()->apiBaseUrl());
        QVERIFY(host.objectStoreBaseUrl().port() > 0);
        TestClient client(host.apiBaseUrl());
        QCOMPARE(client.api("GET", u"/sandbox"_s).status, 200);
        Emulator::FaultSettings faults;
        faults.failNextRequests = 1;
        host.server()->setFaults(faults);
        QCOMPARE(client.api("GET", u"/sandbox"_s).status, 500);
        QCOMPARE(host.server()->requestCount("GET", u"/sandbox"_s), 2);
        QCOMPARE(host.server()->workspacePaths(host.server()->localSandboxIds().at(0)).isEmpty(), false);
    }
};

QTEST_GUILESS_MAIN(TestEmulatorFaults)
#include "tst_emulatorfaults.moc"
