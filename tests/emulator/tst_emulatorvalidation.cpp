// Validation of the hosted-sandbox paths: FastAPI/pydantic-shaped 422 answers for every kind of bad input.

#include "emulator/emulatorserver.h"
#include "testclient.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestEmulatorValidation final : public QObject
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

    void validation_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("loc");
        QTest::addColumn<QString>("msg");
        QTest::newRow("unknown server")
            << QByteArray("POST") << u"/sandbox/GitHub"_s << QByteArray() << u"enum"_s
            << u"path,server_name"_s << u"Input should be 'jira', 'github', "_s;
        QTest::newRow("unknown server details")
            << QByteArray("GET") << u"/sandbox/nope/123"_s << QByteArray() << u"enum"_s
            << u"path,server_name"_s << u"Input should be 'jira'"_s;
        QTest::newRow("unknown benchmark")
            << QByteArray("POST") << u"/sandbox/github"_s << QByteArray(R"({"benchmark":"MMLU"})")
            << u"enum"_s << u"body,benchmark"_s
            << u"Input should be 'MCP_Atlas', 'Toolathlon' or 'MCP_Mark'"_s;
        QTest::newRow("ttl too small")
            << QByteArray("POST") << u"/sandbox/github"_s << QByteArray(R"({"ttl_seconds":59})")
            << u"greater_than_equal"_s << u"body,ttl_seconds"_s
            << u"Input should be greater than or equal to 60"_s;
        QTest::newRow("ttl too large")
            << QByteArray("POST") << u"/sandbox/github"_s << QByteArray(R"({"ttl_seconds":86401})")
            << u"less_than_equal"_s << u"body,ttl_seconds"_s
            << u"Input should be less than or equal to 86400"_s;
        QTest::newRow("ttl not a number")
            << QByteArray("POST") << u"/sandbox/github"_s << QByteArray(R"({"ttl_seconds":"soon"})")
            << u"int_parsing"_s << u"body,ttl_seconds"_s << u"Input should be a valid integer"_s;
        QTest::newRow("tag not a string")
            << QByteArray("POST") << u"/sandbox/github"_s << QByteArray(R"({"tag":["a"]})")
            << u"string_type"_s << u"body,tag"_s << u"Input should be a valid string"_s;
        QTest::newRow("body not an object")
            << QByteArray("POST") << u"/sandbox/github"_s << QByteArray("[1,2]") << u"model_attributes_type"_s
            << u"body"_s << u"Input should be a valid dictionary"_s;
        QTest::newRow("malformed json")
            << QByteArray("POST") << u"/sandbox/github"_s << QByteArray("{\"tag\": ") << u"json_invalid"_s
            << u"body,"_s << u"JSON decode error"_s;
        QTest::newRow("is_ttl not a bool")
            << QByteArray("DELETE") << u"/sandbox/github/x?is_ttl=maybe"_s << QByteArray()
            << u"bool_parsing"_s << u"query,is_ttl"_s << u"Input should be a valid boolean"_s;
        QTest::newRow("prepare benchmark")
            << QByteArray("POST") << u"/sandbox/prepare?benchmark=nope"_s << QByteArray() << u"enum"_s
            << u"query,benchmark"_s << u"Input should be 'MCP_Atlas'"_s;
        QTest::newRow("prepare server")
            << QByteArray("POST") << u"/sandbox/prepare?server_name=Notion"_s << QByteArray() << u"enum"_s
            << u"query,server_name"_s << u"Input should be 'jira'"_s;
    }

    void validation()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(QString, type);
        QFETCH(QString, loc);
        QFETCH(QString, msg);
        const Answer answer = m_client->api(method, path, body);
        QCOMPARE(answer.status, 422);
        const QJsonArray errors = answer.errors();
        QCOMPARE(errors.size(), 1);
        const QJsonObject error = errors.at(0).toObject();
        QCOMPARE(error[u"type"_s].toString(), type);
        QStringList locParts;
        for (const QJsonValue &part : error[u"loc"_s].toArray())
            locParts.append(part.isString() ? part.toString() : QString());
        QVERIFY2(locParts.join(u',').startsWith(loc), qPrintable(locParts.join(u',')));
        QVERIFY2(error[u"msg"_s].toString().startsWith(msg), qPrintable(error[u"msg"_s].toString()));
        QVERIFY(error.contains(u"input"_s));
    }

    void enumMessageListsEveryServer()
    {
        const Answer answer = m_client->api("POST", u"/sandbox/Cal.com"_s);
        QCOMPARE(answer.status, 422);
        const QString msg = answer.errors().at(0)[u"msg"_s].toString();
        QVERIFY(msg.contains(u"'cal.com'"_s));
        QVERIFY(msg.endsWith(u"'exa' or 'serper'"_s));
        QCOMPARE(answer.errors().at(0)[u"input"_s].toString(), u"Cal.com"_s);
    }

    void pathAndBodyErrorsTogether()
    {
        const Answer answer = m_client->api("POST", u"/sandbox/nope"_s, R"({"ttl_seconds": 10})");
        QCOMPARE(answer.status, 422);
        QCOMPARE(answer.errors().size(), 2);
    }

    void prepareAnswersEmptyObject()
    {
        const Answer answer =
            m_client->api("POST", u"/sandbox/prepare?benchmark=MCP_Atlas&server_name=notion"_s);
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body, QByteArray("{}"));
    }
};

QTEST_GUILESS_MAIN(TestEmulatorValidation)
#include "tst_emulatorvalidation.moc"
