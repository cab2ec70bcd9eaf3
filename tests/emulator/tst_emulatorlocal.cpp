// Local sandboxes: acquire with a list or "ALL", capacity, details, list, release, reset and validation.

#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "testclient.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestEmulatorLocal final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<TestClient> m_client;

    QJsonArray localList()
    {
        // QTest::qCompare, since QCOMPARE cannot return a value: the failure is recorded all the same.
        const Answer answer = m_client->api("GET", u"/local-sandbox"_s);
        QTest::qCompare(answer.status, 200, "answer.status", "200", __FILE__, __LINE__);
        const QJsonObject object = answer.object();
        QTest::qCompare(object[u"total_count"_s].toInt(), int(object[u"local_sandboxes"_s].toArray().size()),
                        "total_count", "local_sandboxes.size()", __FILE__, __LINE__);
        return object[u"local_sandboxes"_s].toArray();
    }

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

    void seededLocalSandboxes()
    {
        const QJsonArray all = localList();
        QCOMPARE(all.size(), 3);
        const QJsonObject first = all.at(0).toObject();
        QStringList names;
        for (const QJsonValue &server : first[u"servers"_s].toArray())
            names.append(server[u"server_name"_s].toString());
        QCOMPARE(names, (QStringList{u"filesystem"_s, u"git"_s, u"terminal"_s}));
        const QString id = first[u"local_sandbox_id"_s].toString();
        QCOMPARE(EmulatorProbe(m_server).localSandboxIds().constFirst(), id);
        const QStringList paths = EmulatorProbe(m_server).workspacePaths(id);
        for (const QString &expected :
             {u"README.md"_s, u"config.json"_s, u"src/main.py"_s, u"notes/\u00c4\u00d6.txt"_s})
            QVERIFY2(paths.contains(expected), qPrintable(expected));
        QVERIFY(EmulatorProbe(m_server).workspaceFile(id, u"README.md"_s).startsWith("# Demo workspace"));
        QVERIFY(
            EmulatorProbe(m_server).workspacePaths(all.at(1)[u"local_sandbox_id"_s].toString()).isEmpty());
        QVERIFY(EmulatorProbe(m_server).workspacePaths(u"unknown"_s).isEmpty());
    }

    void acquireWithList()
    {
        const Answer answer =
            m_client->api("POST", u"/local-sandbox"_s,
                          json({{u"server_names"_s, QJsonArray{u"filesystem"_s, u"git"_s, u"terminal"_s}},
                                {u"benchmark"_s, u"Toolathlon"_s}}));
        QCOMPARE(answer.status, 201);
        const QJsonObject created = answer.object();
        const QString id = created[u"local_sandbox_id"_s].toString();
        QCOMPARE(id.size(), 36);
        QCOMPARE(created[u"status"_s].toString(), u"occupied"_s);
        QCOMPARE(created[u"benchmark"_s].toString(), u"Toolathlon"_s);
        const QJsonArray servers = created[u"servers"_s].toArray();
        QCOMPARE(servers.size(), 3);
        const QString url = servers.at(1)[u"mcp_server_url"_s].toString();
        QCOMPARE(url, m_server->apiBaseUrl().toString() + u"/local/git/mcp/?local_sandbox_id="_s + id);
        QVERIFY(servers.at(0)[u"tags"_s].isNull());

        const QJsonObject details = m_client->api("GET", u"/local-sandbox/"_s + id).object();
        QCOMPARE(details[u"local_sandbox_id"_s].toString(), id);
        QVERIFY(QDateTime::fromString(details[u"created_at"_s].toString(), Qt::ISODateWithMs).isValid());
        QCOMPARE(details[u"servers"_s].toArray().size(), 3);
        QCOMPARE(localList().size(), 4);

        const Answer released = m_client->api("DELETE", u"/local-sandbox/"_s + id);
        QCOMPARE(released.status, 200);
        QVERIFY(released.object()[u"message"_s].toString().contains(u"released asynchronously"_s));
        QCOMPARE(localList().size(), 3);
        QCOMPARE(m_client->api("GET", u"/local-sandbox/"_s + id).status, 404);
        QCOMPARE(m_client->api("DELETE", u"/local-sandbox/"_s + id).status, 404);
    }

    void acquireAll()
    {
        const Answer answer = m_client->api("POST", u"/local-sandbox"_s, R"({"server_names": "ALL"})");
        QCOMPARE(answer.status, 201);
        const QJsonArray servers = answer.object()[u"servers"_s].toArray();
        QCOMPARE(servers.size(), 16);
        QCOMPARE(servers.at(0)[u"server_name"_s].toString(), u"filesystem"_s);
        QCOMPARE(servers.at(15)[u"server_name"_s].toString(), u"playwright"_s);
        QVERIFY(answer.object()[u"benchmark"_s].isNull());
    }

    void capacity()
    {
        EmulatorProbe(m_server).setLocalCapacity(5);
        QCOMPARE(m_client->api("POST", u"/local-sandbox"_s, R"({"server_names": ["git"]})").status, 201);
        QCOMPARE(m_client->api("POST", u"/local-sandbox"_s, R"({"server_names": ["git"]})").status, 201);
        const Answer full = m_client->api("POST", u"/local-sandbox"_s, R"({"server_names": ["git"]})");
        QCOMPARE(full.status, 503);
        QVERIFY(!full.detail().isEmpty());
    }

    void resetClearsWorkspace()
    {
        const QString id = EmulatorProbe(m_server).localSandboxIds().constFirst();
        QVERIFY(!EmulatorProbe(m_server).workspacePaths(id).isEmpty());
        const Answer answer = m_client->api("POST", u"/local-sandbox/%1/reset"_s.arg(id));
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body, QByteArray("{}"));
        QVERIFY(EmulatorProbe(m_server).workspacePaths(id).isEmpty());
        QCOMPARE(m_client->api("POST", u"/local-sandbox/nope/reset"_s).status, 404);
    }

    void validation_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QStringList>("types");
        QTest::addColumn<QString>("firstLoc");
        QTest::newRow("no body") << u"/local-sandbox"_s << QByteArray() << QStringList{u"missing"_s}
                                 << u"body"_s;
        QTest::newRow("missing server_names")
            << u"/local-sandbox"_s << QByteArray(R"({"benchmark":"MCP_Mark"})") << QStringList{u"missing"_s}
            << u"body,server_names"_s;
        QTest::newRow("lower-case all") << u"/local-sandbox"_s << QByteArray(R"({"server_names":"all"})")
                                        << QStringList{u"list_type"_s, u"literal_error"_s}
                                        << u"body,server_names,list[LocalSandboxMCPServer]"_s;
        QTest::newRow("remote server in list")
            << u"/local-sandbox"_s << QByteArray(R"({"server_names":["git","github"]})")
            << QStringList{u"enum"_s, u"literal_error"_s}
            << u"body,server_names,list[LocalSandboxMCPServer],"_s;
        QTest::newRow("ttl") << u"/local-sandbox"_s
                             << QByteArray(R"({"server_names":"ALL","ttl_seconds":100000})")
                             << QStringList{u"less_than_equal"_s} << u"body,ttl_seconds"_s;
        QTest::newRow("malformed") << u"/local-sandbox"_s << QByteArray(R"({"server_names":)")
                                   << QStringList{u"json_invalid"_s} << u"body,"_s;
        QTest::newRow("release is_ttl") << u"/local-sandbox/x?is_ttl=sometimes"_s << QByteArray()
                                        << QStringList{u"bool_parsing"_s} << u"query,is_ttl"_s;
        QTest::newRow("region upload") << u"/local-sandbox/x/upload-url?region=eu"_s << QByteArray()
                                       << QStringList{u"enum"_s} << u"query,region"_s;
        QTest::newRow("region initialize") << u"/local-sandbox/x/initialize?region=US"_s << QByteArray()
                                           << QStringList{u"enum"_s} << u"query,region"_s;
        QTest::newRow("region dump") << u"/local-sandbox/x/dump?region="_s << QByteArray()
                                     << QStringList{u"enum"_s} << u"query,region"_s;
    }

    void validation()
    {
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(QStringList, types);
        QFETCH(QString, firstLoc);
        const QByteArray method = path.contains(u"is_ttl"_s)         ? "DELETE"
                                  : path.endsWith(u"dump?region="_s) ? "GET"
                                                                     : "POST";
        const Answer answer = m_client->api(method, path, body);
        QCOMPARE(answer.status, 422);
        QStringList gotTypes;
        for (const QJsonValue &error : answer.errors())
            gotTypes.append(error[u"type"_s].toString());
        QCOMPARE(gotTypes, types);
        QStringList loc;
        for (const QJsonValue &part : answer.errors().at(0)[u"loc"_s].toArray())
            loc.append(part.isString() ? part.toString() : QString());
        QCOMPARE(loc.join(u','), firstLoc);
        if (types.contains(u"enum"_s) && firstLoc.startsWith(u"query,region"_s))
            QCOMPARE(answer.errors().at(0)[u"msg"_s].toString(), u"Input should be 'us' or 'asia'"_s);
    }

    void unknownLocalSandbox_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::newRow("details") << QByteArray("GET") << u"/local-sandbox/none"_s;
        QTest::newRow("upload") << QByteArray("POST") << u"/local-sandbox/none/upload-url"_s;
        QTest::newRow("initialize") << QByteArray("POST") << u"/local-sandbox/none/initialize"_s;
        QTest::newRow("dump") << QByteArray("GET") << u"/local-sandbox/none/dump?region=asia"_s;
    }

    void unknownLocalSandbox()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        const Answer answer = m_client->api(method, path);
        QCOMPARE(answer.status, 404);
        QCOMPARE(answer.detail(), u"Local sandbox none not found"_s);
    }
};

QTEST_GUILESS_MAIN(TestEmulatorLocal)
#include "tst_emulatorlocal.moc"
