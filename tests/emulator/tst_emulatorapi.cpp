// The hosted-sandbox half of the emulator: auth, routing, seeded data, pools, filters and request recording.

#include "emulator/emulatorserver.h"
#include "emulator/klavis/catalog.h"
#include "emulatorprobe.h"
#include "testclient.h"

#include <QHash>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestEmulatorApi final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<TestClient> m_client;

    QJsonArray list(const QString &query = {})
    {
        // A helper that returns a value cannot use QCOMPARE; QTest::qCompare records the failure the same way
        // (the test function fails when it returns), with both values in the message.
        const Answer answer = m_client->api("GET", u"/sandbox"_s + query);
        QTest::qCompare(answer.status, 200, "answer.status", "200", __FILE__, __LINE__);
        const QJsonObject object = answer.object();
        QTest::qCompare(object.value(u"total_count"_s).toInt(),
                        int(object.value(u"sandboxes"_s).toArray().size()), "total_count", "sandboxes.size()",
                        __FILE__, __LINE__);
        return object.value(u"sandboxes"_s).toArray();
    }

    QJsonObject firstWith(const QString &server, const QString &status)
    {
        for (const QJsonValue &item : list(u"?server_name="_s + server)) {
            if (item[u"status"_s].toString() == status)
                return item.toObject();
        }
        return {};
    }

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

    void originsDiffer()
    {
        QCOMPARE(m_server->apiBaseUrl().toString(), u"http://127.0.0.1:%1"_s.arg(m_server->apiPort()));
        QVERIFY(m_server->objectStorePort() != m_server->apiPort());
        QCOMPARE(m_server->apiKey(), u"demo-key"_s);
    }

    void authentication_data()
    {
        QTest::addColumn<QByteArray>("authorization");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("detail");
        QTest::newRow("missing") << QByteArray() << 401 << u"Not authenticated"_s;
        QTest::newRow("not bearer") << QByteArray("Basic ZGVtbzprZXk=") << 401 << u"Not authenticated"_s;
        QTest::newRow("empty token") << QByteArray("Bearer ") << 401 << u"Not authenticated"_s;
        QTest::newRow("wrong key") << QByteArray("Bearer nope") << 403 << u"Invalid API key"_s;
        QTest::newRow("right key") << QByteArray("Bearer demo-key") << 200 << QString();
    }

    void authentication()
    {
        QFETCH(QByteArray, authorization);
        QFETCH(int, status);
        QFETCH(QString, detail);
        m_client->setApiKey({});
        QList<QPair<QByteArray, QByteArray>> headers;
        if (!authorization.isEmpty())
            headers.append({"Authorization", authorization});
        const Answer answer = m_client->api("GET", u"/sandbox"_s, {}, headers);
        QCOMPARE(answer.status, status);
        if (!detail.isEmpty())
            QCOMPARE(answer.detail(), detail);
        if (status == 401)
            QCOMPARE(answer.header("WWW-Authenticate"), QByteArray("Bearer"));
    }

    void routing_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("detail");
        QTest::newRow("unknown path") << QByteArray("GET") << u"/nothing/here"_s << 404 << u"Not Found"_s;
        QTest::newRow("too deep") << QByteArray("GET") << u"/sandbox/github/x/reset/more"_s << 404
                                  << u"Not Found"_s;
        QTest::newRow("wrong method") << QByteArray("PUT") << u"/sandbox"_s << 405 << u"Method Not Allowed"_s;
        QTest::newRow("get prepare") << QByteArray("GET") << u"/sandbox/prepare"_s << 405
                                     << u"Method Not Allowed"_s;
        QTest::newRow("unknown sandbox")
            << QByteArray("GET") << u"/sandbox/github/0000"_s << 404 << u"Sandbox 0000 not found"_s;
        QTest::newRow("unknown reset")
            << QByteArray("POST") << u"/sandbox/jira/abc/reset"_s << 404 << u"Sandbox abc not found"_s;
        QTest::newRow("unknown release")
            << QByteArray("DELETE") << u"/sandbox/jira/abc"_s << 404 << u"Sandbox abc not found"_s;
    }

    void routing()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(int, status);
        QFETCH(QString, detail);
        const Answer answer = m_client->api(method, path);
        QCOMPARE(answer.status, status);
        QCOMPARE(answer.detail(), detail);
        if (status == 405)
            QVERIFY(!answer.header("Allow").isEmpty());
    }

    void trailingSlashRedirects()
    {
        const Answer answer = m_client->api("GET", u"/sandbox/?tag=x"_s);
        QCOMPARE(answer.status, 307);
        QCOMPARE(answer.header("Location"), m_server->apiBaseUrl().toEncoded() + "/sandbox?tag=x");
    }

    void seededAccount()
    {
        const QJsonArray all = list();
        QVERIFY(all.size() >= 35 && all.size() <= 45);
        QSet<QString> servers, statuses, benchmarks, tags, ids;
        for (const QJsonValue &item : all) {
            servers.insert(item[u"server_name"_s].toString());
            statuses.insert(item[u"status"_s].toString());
            benchmarks.insert(item[u"benchmark"_s].toString());
            ids.insert(item[u"sandbox_id"_s].toString());
            for (const QJsonValue &tag : item[u"tags"_s].toArray())
                tags.insert(tag.toString());
            // A sandbox in the pool carries no tags: an acquire must not inherit someone else's run.
            if (item[u"status"_s].toString() == u"idle"_s)
                QVERIFY2(item[u"tags"_s].toArray().isEmpty(), qPrintable(item[u"sandbox_id"_s].toString()));
            QVERIFY(QDateTime::fromString(item[u"updated_at"_s].toString(), Qt::ISODateWithMs).isValid());
            QCOMPARE(item[u"sandbox_id"_s].toString().size(), 36);
        }
        QCOMPARE(ids.size(), all.size());
        QVERIFY(servers.size() >= 12);
        QVERIFY(servers.contains(u"cal.com"_s));
        QCOMPARE(statuses, (QSet<QString>{u"idle"_s, u"occupied"_s, u"error"_s}));
        QVERIFY(benchmarks.size() >= 3);
        QVERIFY(tags.contains(u"team-a"_s) && tags.contains(u"nightly"_s) && tags.contains(u"exp-42"_s));
    }

    void determinism()
    {
        Emulator::EmulatorServer same(nullptr, 42);
        Emulator::EmulatorServer other(nullptr, 7);
        QVERIFY(same.listen() && other.listen());
        TestClient sameClient(same.apiBaseUrl());
        TestClient otherClient(other.apiBaseUrl());
        const auto fingerprint = [](TestClient &client) {
            QStringList rows;
            for (const QJsonValue &item :
                 client.api("GET", u"/sandbox"_s).object()[u"sandboxes"_s].toArray()) {
                const QJsonObject details =
                    client
                        .api("GET", u"/sandbox/%1/%2"_s.arg(item[u"server_name"_s].toString(),
                                                            item[u"sandbox_id"_s].toString()))
                        .object();
                rows.append(item[u"sandbox_id"_s].toString() + item[u"status"_s].toString() +
                            QString::fromUtf8(QJsonDocument(details[u"metadata"_s].toObject()).toJson()));
            }
            rows.sort();
            return rows;
        };
        const QStringList mine = fingerprint(*m_client);
        QCOMPARE(fingerprint(sameClient), mine);
        QVERIFY(fingerprint(otherClient) != mine);
        QCOMPARE(EmulatorProbe(same).workspacePaths(EmulatorProbe(same).localSandboxIds().at(0)),
                 EmulatorProbe(m_server).workspacePaths(EmulatorProbe(m_server).localSandboxIds().at(0)));
    }

    void filters()
    {
        const QJsonArray github = list(u"?server_name=GitHub"_s);
        QVERIFY(!github.isEmpty());
        for (const QJsonValue &item : github)
            QCOMPARE(item[u"server_name"_s].toString(), u"github"_s);
        const QJsonArray tagged = list(u"?tag=exp-42"_s);
        QVERIFY(!tagged.isEmpty());
        QVERIFY(tagged.size() < list().size());
        for (const QJsonValue &item : tagged)
            QVERIFY(item[u"tags"_s].toArray().contains(u"exp-42"_s));
        QCOMPARE(list(u"?server_name=github&tag=no-such-tag"_s).size(), 0);
        QCOMPARE(list(u"?server_name=unknown-server"_s).size(), 0); // free text, not an enum
    }

    void acquireReleaseReset()
    {
        const QJsonObject idle = firstWith(u"slack"_s, u"idle"_s);
        QVERIFY(!idle.isEmpty());
        const Answer acquired = m_client->api(
            "POST", u"/sandbox/slack"_s,
            json({{u"benchmark"_s, u"Toolathlon"_s}, {u"tag"_s, u"exp-99"_s}, {u"ttl_seconds"_s, 600}}));
        QCOMPARE(acquired.status, 201);
        const QJsonObject created = acquired.object();
        const QString id = created[u"sandbox_id"_s].toString();
        QCOMPARE(created[u"status"_s].toString(), u"occupied"_s);
        QCOMPARE(created[u"server_name"_s].toString(), u"slack"_s);
        QVERIFY(
            created[u"server_urls"_s][u"slack"_s].toString().startsWith(m_server->apiBaseUrl().toString()));
        QVERIFY(!created[u"message"_s].toString().isEmpty());

        QJsonObject details = m_client->api("GET", u"/sandbox/slack/"_s + id).object();
        QCOMPARE(details[u"status"_s].toString(), u"occupied"_s);
        QCOMPARE(details[u"benchmark"_s].toString(), u"Toolathlon"_s);
        QCOMPARE(details[u"tags"_s].toArray(), QJsonArray{u"exp-99"_s}); // the acquire's tags, nothing else
        QVERIFY(details[u"auth_data"_s][u"access_token"_s].toString().startsWith(u"demo-"_s));
        QVERIFY(details[u"metadata"_s][u"api_token"_s].toString().startsWith(u"demo-tok-"_s));
        QVERIFY(!details[u"server_url"_s].toString().isEmpty());
        QCOMPARE(list(u"?tag=exp-99"_s).size(), 1);

        const Answer reset = m_client->api("POST", u"/sandbox/slack/%1/reset"_s.arg(id));
        QCOMPARE(reset.status, 200);
        QCOMPARE(reset.object()[u"status"_s].toString(), u"occupied"_s);

        const Answer skipped =
            m_client->api("DELETE", u"/sandbox/slack/%1?is_ttl=true&instance_id=old"_s.arg(id));
        QCOMPARE(skipped.status, 200);
        QCOMPARE(skipped.object()[u"status"_s].toString(), u"occupied"_s);

        const Answer released = m_client->api("DELETE", u"/sandbox/slack/"_s + id);
        QCOMPARE(released.status, 200);
        QCOMPARE(released.object()[u"status"_s].toString(), u"idle"_s);
        QCOMPARE(released.object()[u"sandbox_id"_s].toString(), id);
        details = m_client->api("GET", u"/sandbox/slack/"_s + id).object();
        QCOMPARE(details[u"status"_s].toString(), u"idle"_s);
        QVERIFY(details[u"benchmark"_s].isNull());
        QVERIFY(details[u"tags"_s].toArray().isEmpty());

        // Release is idempotent: a retried DELETE still answers 200.
        const Answer again = m_client->api("DELETE", u"/sandbox/slack/"_s + id);
        QCOMPARE(again.status, 200);
        QCOMPARE(again.object()[u"status"_s].toString(), u"idle"_s);
        // Another server's path does not find it.
        QCOMPARE(m_client->api("GET", u"/sandbox/jira/"_s + id).status, 404);
    }

    void anAcquireTakesItsListOfTags()
    {
        const Answer acquired = m_client->api(
            "POST", u"/sandbox/github"_s,
            json({{u"tag"_s, u"trial-day"_s}, {u"tags"_s, QJsonArray{u"a"_s, u"trial-day"_s}}}));
        QCOMPARE(acquired.status, 201);
        const QString id = acquired.object()[u"sandbox_id"_s].toString();
        const QJsonObject details = m_client->api("GET", u"/sandbox/github/"_s + id).object();
        QCOMPARE(details[u"tags"_s].toArray(), (QJsonArray{u"trial-day"_s, u"a"_s}));
    }

    void errorSandboxCannotBeReleased()
    {
        const QJsonObject broken = [&] {
            for (const QJsonValue &item : list()) {
                if (item[u"status"_s].toString() == u"error")
                    return item.toObject();
            }
            return QJsonObject();
        }();
        QVERIFY(!broken.isEmpty());
        const Answer answer =
            m_client->api("DELETE", u"/sandbox/%1/%2"_s.arg(broken[u"server_name"_s].toString(),
                                                            broken[u"sandbox_id"_s].toString()));
        QCOMPARE(answer.status, 400);
        QVERIFY(answer.detail().contains(u"error state"_s));
    }

    void poolExhaustion()
    {
        // postgres hands out its idle seeded sandboxes, then the idle pool's fresh ones, then 503.
        m_server->setIdlePerServer(2);
        const QJsonArray seeded = list(u"?server_name=postgres"_s);
        const auto seededIdle = std::count_if(seeded.begin(), seeded.end(), [](const QJsonValue &v) {
            return v[u"status"_s].toString() == u"idle";
        });
        QVERIFY(seededIdle >= 1);
        QSet<QString> taken;
        for (qsizetype i = 0; i < seededIdle + 2; ++i) {
            const Answer answer = m_client->api("POST", u"/sandbox/postgres"_s);
            QCOMPARE(answer.status, 201);
            taken.insert(answer.object()[u"sandbox_id"_s].toString());
        }
        QCOMPARE(taken.size(), seededIdle + 2);
        const Answer exhausted = m_client->api("POST", u"/sandbox/postgres"_s);
        QCOMPARE(exhausted.status, 503);
        QCOMPARE(exhausted.detail(), u"No idle sandbox available for postgres"_s);
        QCOMPARE(list(u"?server_name=postgres"_s).size(), seeded.size() + 2);
        // A released sandbox goes back to the pool.
        const QString back = *taken.cbegin();
        QCOMPARE(m_client->api("DELETE", u"/sandbox/postgres/"_s + back).status, 200);
        const Answer again = m_client->api("POST", u"/sandbox/postgres"_s);
        QCOMPARE(again.status, 201);
        QCOMPARE(again.object()[u"sandbox_id"_s].toString(), back);
    }

    void everyServerHasAnIdlePool()
    {
        // The default pool lets a demo user acquire several of any server of the enum, seeded or not.
        for (const QString &server : Emulator::Catalog::sandboxServers()) {
            for (int i = 0; i < 3; ++i) {
                const Answer answer = m_client->api(
                    "POST", u"/sandbox/"_s + QString::fromUtf8(QUrl::toPercentEncoding(server)));
                QVERIFY2(answer.status == 201,
                         qPrintable(u"%1 #%2: %3"_s.arg(server).arg(i).arg(answer.status)));
            }
        }
    }

    void emptyPoolAnswers503()
    {
        QVERIFY(!firstWith(u"github"_s, u"idle"_s).isEmpty());
        m_server->setEmptyPool(u"github"_s);
        const Answer answer = m_client->api("POST", u"/sandbox/github"_s);
        QCOMPARE(answer.status, 503);
        QCOMPARE(answer.detail(), u"No idle sandbox available for github"_s);
        // Only that server's pool is empty.
        QCOMPARE(m_client->api("POST", u"/sandbox/jira"_s).status, 201);
    }

    void churnChangesStatusAndTime()
    {
        QHash<QString, QString> before;
        for (const QJsonValue &item : list())
            before.insert(item[u"sandbox_id"_s].toString(), item[u"status"_s].toString());
        const Answer answer = m_client->api("POST", u"/_emulator/churn"_s, json({{u"count"_s, 10}}));
        QCOMPARE(answer.status, 200);
        const int changed = answer.object()[u"changed"_s].toInt();
        QVERIFY(changed > 0 && changed <= 10);
        int differ = 0;
        for (const QJsonValue &item : list())
            differ += before.value(item[u"sandbox_id"_s].toString()) != item[u"status"_s].toString() ? 1 : 0;
        QVERIFY2(differ > 0 && differ <= changed, qPrintable(QString::number(differ)));
        QCOMPARE(m_client->api("POST", u"/_emulator/churn"_s, json({{u"count"_s, -1}})).status, 400);
        QCOMPARE(m_client->api("GET", u"/_emulator/churn"_s).status, 405);
    }

    void testAccountEmail()
    {
        const Answer unknown = m_client->api("POST", u"/sandbox/github"_s,
                                             json({{u"test_account_email"_s, u"nobody@example.com"_s}}));
        QCOMPARE(unknown.status, 404);
        QVERIFY(unknown.detail().contains(u"nobody@example.com"_s));
        const QJsonObject idle = firstWith(u"github"_s, u"idle"_s);
        const QJsonObject details =
            m_client->api("GET", u"/sandbox/github/"_s + idle[u"sandbox_id"_s].toString()).object();
        const QString email = details[u"metadata"_s][u"test_account_email"_s].toString();
        QVERIFY(!email.isEmpty());
        const Answer chosen =
            m_client->api("POST", u"/sandbox/github"_s, json({{u"test_account_email"_s, email}}));
        QCOMPARE(chosen.status, 201);
        QCOMPARE(chosen.object()[u"sandbox_id"_s].toString(), idle[u"sandbox_id"_s].toString());
        QCOMPARE(m_client->api("POST", u"/sandbox/github"_s, json({{u"test_account_email"_s, email}})).status,
                 503);
    }

    void percentEncodedPath()
    {
        const Answer answer = m_client->api("POST", u"/sandbox/cal%2Ecom"_s);
        QCOMPARE(answer.status, 201);
        QCOMPARE(answer.object()[u"server_name"_s].toString(), u"cal.com"_s);
    }

    void requestRecording()
    {
        EmulatorProbe(m_server).clearRecordedRequests();
        m_client->api("POST", u"/sandbox/notion?x=1"_s, R"({"tag":"rec"})", {{"X-Trace", "abc"}});
        m_client->setApiKey("wrong");
        m_client->api("GET", u"/sandbox"_s);
        const QList<Emulator::RecordedRequest> recorded = EmulatorProbe(m_server).apiRequests();
        QCOMPARE(recorded.size(), 2);
        QCOMPARE(recorded.at(0).method, QByteArray("POST"));
        QCOMPARE(recorded.at(0).path, u"/sandbox/notion"_s);
        QCOMPARE(recorded.at(0).query, u"x=1"_s);
        QCOMPARE(recorded.at(0).status, 201);
        QCOMPARE(recorded.at(0).bodySize, qint64(13));
        QCOMPARE(recorded.at(0).header("x-trace"), QByteArray("abc"));
        QVERIFY(recorded.at(0).hasHeader("AUTHORIZATION"));
        QVERIFY(!recorded.at(0).hasHeader("X-Missing"));
        QCOMPARE(recorded.at(1).status, 403);
        QCOMPARE(EmulatorProbe(m_server).requestCount("POST", u"/sandbox/notion"_s), 1);
        QCOMPARE(EmulatorProbe(m_server).requestCount("GET", u"/sandbox/notion"_s), 0);
        EmulatorProbe(m_server).clearRecordedRequests();
        QVERIFY(EmulatorProbe(m_server).apiRequests().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestEmulatorApi)
#include "tst_emulatorapi.moc"
