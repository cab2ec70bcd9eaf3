// Connecting, sessions, SSE and JSON replies, resumption and pagination against AwkwardMcpServer.

#include "mcpclienttest.h"

#include "awkwardmcpserver.h"

#include <QSignalSpy>

void TestMcpClient::initializesStatelessServer()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    client.setUrl(server.url());
    QSignalSpy connected(&client, &McpClient::connectedChanged);
    const Outcome outcome = wait(client.connectToServer());
    QCOMPARE(outcome.finishedCount, 1);
    QVERIFY2(!outcome.error.isError(), qPrintable(outcome.error.describe()));
    QVERIFY(client.isConnected());
    QCOMPARE(connected.size(), 1);
    QCOMPARE(client.serverInfo().name, u"awkward"_s);
    QCOMPARE(client.serverInfo().title, u"Awkward server"_s);
    QCOMPARE(client.serverInfo().version, u"1.2.3"_s);
    QCOMPARE(client.serverInfo().protocolVersion, u"2025-11-25"_s);
    QCOMPARE(client.serverInfo().instructions, u"Be patient."_s);
    QVERIFY(client.serverInfo().capabilities.contains(u"tools"_s));
    QVERIFY(client.serverInfo().sessionId.isEmpty());
    QCOMPARE(outcome.result.toObject().value(u"serverInfo"_s)[u"name"_s].toString(), u"awkward"_s);

    QTRY_COMPARE(server.requests().size(), 2);
    const auto &initialize = server.requests().at(0);
    QCOMPARE(initialize.rpcMethod(), u"initialize"_s);
    QCOMPARE(initialize.json.value(u"params"_s)[u"protocolVersion"_s].toString(), u"2025-11-25"_s);
    QCOMPARE(initialize.json.value(u"params"_s)[u"clientInfo"_s][u"name"_s].toString(), u"sandboxdeck"_s);
    QCOMPARE(initialize.header("Accept"), QByteArray("application/json, text/event-stream"));
    QCOMPARE(initialize.header("Content-Type"), QByteArray("application/json"));
    QVERIFY(initialize.header("MCP-Protocol-Version").isEmpty());
    const auto &initialized = server.requests().at(1);
    QCOMPARE(initialized.rpcMethod(), u"notifications/initialized"_s);
    QVERIFY(!initialized.json.contains(u"id"_s));
    QCOMPARE(initialized.header("MCP-Protocol-Version"), QByteArray("2025-11-25"));

    const Outcome ping = wait(client.ping());
    QVERIFY(!ping.error.isError());
    QCOMPARE(server.requests().size(), 3); // connected: no second initialize
}

void TestMcpClient::refusesUnknownProtocolVersion_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("2025-06-18") << u"2025-06-18"_s << true;
    QTest::newRow("2025-03-26") << u"2025-03-26"_s << true;
    QTest::newRow("2024-11-05") << u"2024-11-05"_s << false;
    QTest::newRow("made up") << u"2099-01-01"_s << false;
}

void TestMcpClient::refusesUnknownProtocolVersion()
{
    QFETCH(QString, version);
    QFETCH(bool, accepted);
    AwkwardMcpServer server;
    server.protocolVersion = version;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.listTools());
    if (!accepted) {
        QCOMPARE(outcome.error.kind, McpError::Kind::Protocol);
        QVERIFY(outcome.error.describe().contains(version));
        QVERIFY(!client.isConnected());
        QCOMPARE(server.requests().size(), 1); // nothing after the initialize it could not accept
        return;
    }
    QVERIFY2(!outcome.error.isError(), qPrintable(outcome.error.describe()));
    QCOMPARE(outcome.tools.size(), 3);
    QCOMPARE(server.requests(u"tools/list"_s).value(0).header("MCP-Protocol-Version"), version.toLatin1());
}

void TestMcpClient::echoesAndDemandsTheSessionId()
{
    AwkwardMcpServer server;
    server.sessionPrefix = "sess-";
    McpClient client(&m_network);
    client.setUrl(server.url());
    QVERIFY(!wait(client.connectToServer()).error.isError());
    QCOMPARE(client.serverInfo().sessionId, u"sess-1"_s);
    const Outcome tools = wait(client.listTools());
    QVERIFY2(!tools.error.isError(), qPrintable(tools.error.describe()));
    QCOMPARE(tools.tools.size(), 3);
    QVERIFY(server.requests().at(0).header("Mcp-Session-Id").isEmpty());
    for (qsizetype i = 1; i < server.requests().size(); ++i)
        QCOMPARE(server.requests().at(i).header("Mcp-Session-Id"), QByteArray("sess-1"));
}

void TestMcpClient::expiredSessionReinitializesOnce()
{
    AwkwardMcpServer server;
    server.sessionPrefix = "sess-";
    McpClient client(&m_network);
    client.setUrl(server.url());
    QVERIFY(!wait(client.connectToServer()).error.isError());
    server.expireSession();
    const Outcome outcome = wait(client.callTool(u"echo"_s, {{u"text"_s, u"again"_s}}));
    QVERIFY2(!outcome.error.isError(), qPrintable(outcome.error.describe()));
    QCOMPARE(outcome.toolResult.content.value(0).text, u"again"_s);
    QCOMPARE(server.requests(u"initialize"_s).size(), 2);
    const auto calls = server.requests(u"tools/call"_s);
    QCOMPARE(calls.size(), 2);
    QCOMPARE(calls.at(0).header("Mcp-Session-Id"), QByteArray("sess-1"));
    QCOMPARE(calls.at(1).header("Mcp-Session-Id"), QByteArray("sess-2"));
    QCOMPARE(client.serverInfo().sessionId, u"sess-2"_s);
}

void TestMcpClient::callsBeforeConnectWaitForOneInitialize()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const auto connect = watch(client.connectToServer());
    const auto tools = watch(client.listTools());
    const auto ping = watch(client.ping());
    QVERIFY(!wait(connect).error.isError());
    QVERIFY(!wait(tools).error.isError());
    QVERIFY(!wait(ping).error.isError());
    QCOMPARE(server.requests(u"initialize"_s).size(), 1);
    QCOMPARE(server.requests().at(0).rpcMethod(), u"initialize"_s);
    QCOMPARE(server.requests().at(1).rpcMethod(), u"notifications/initialized"_s);

    // A client never connected connects first.
    McpClient fresh(&m_network);
    fresh.setUrl(server.url());
    const Outcome echo = wait(fresh.callTool(u"echo"_s, {{u"text"_s, u"hi"_s}}));
    QVERIFY(!echo.error.isError());
    QCOMPARE(server.requests(u"initialize"_s).size(), 2);
}

void TestMcpClient::sseWrittenByteByByteWithNotificationsFirst()
{
    AwkwardMcpServer server;
    server.byteByByte = true;
    server.notificationsFirst = true;
    McpClient client(&m_network);
    client.setUrl(server.url());
    QStringList clientNotifications;
    connect(&client, &McpClient::notificationReceived, this,
            [&](const QString &method, const QJsonObject &) { clientNotifications.append(method); });
    const Outcome outcome = wait(client.callTool(u"echo"_s, {{u"text"_s, u"split"_s}}), 30000);
    QVERIFY2(!outcome.error.isError(), qPrintable(outcome.error.describe()));
    QCOMPARE(outcome.toolResult.content.value(0).text, u"split"_s);
    QCOMPARE(outcome.progress.size(), 1);
    QCOMPARE(std::get<0>(outcome.progress.at(0)), 1.0);
    QCOMPARE(std::get<1>(outcome.progress.at(0)), 2.0);
    QCOMPARE(std::get<2>(outcome.progress.at(0)), u"halfway"_s);
    QCOMPARE(outcome.notifications, (QStringList{u"notifications/progress"_s, u"notifications/message"_s}));
    QCOMPARE(clientNotifications, outcome.notifications);
    const QString token = server.requests(u"tools/call"_s)
                              .value(0)
                              .json.value(u"params"_s)[u"_meta"_s][u"progressToken"_s]
                              .toString();
    QVERIFY(!token.isEmpty());
}

void TestMcpClient::jsonInsteadOfSse()
{
    AwkwardMcpServer server;
    server.sse = false;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.callTool(u"echo"_s, {{u"text"_s, u"plain"_s}}));
    QVERIFY2(!outcome.error.isError(), qPrintable(outcome.error.describe()));
    QCOMPARE(outcome.toolResult.content.value(0).text, u"plain"_s);
    QCOMPARE(outcome.toolResult.structuredContent.toObject().value(u"echoed"_s)[u"text"_s].toString(),
             u"plain"_s);
    QVERIFY(!outcome.toolResult.isError);
}

void TestMcpClient::serverRequestsAreAnswered()
{
    AwkwardMcpServer server;
    server.serverRequestsFirst = true;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.callTool(u"echo"_s, {{u"text"_s, u"x"_s}}));
    QVERIFY(!outcome.error.isError());
    QTRY_COMPARE(server.answers().size(), 2);
    QJsonObject pingAnswer;
    QJsonObject refusal;
    for (const QJsonObject &answer : server.answers())
        (answer.value(u"id"_s) == u"srv-ping"_s ? pingAnswer : refusal) = answer;
    QVERIFY(pingAnswer.value(u"result"_s).isObject());
    QCOMPARE(refusal.value(u"id"_s).toInt(), 77);
    QCOMPARE(refusal.value(u"error"_s)[u"code"_s].toInt(), -32601);
}

void TestMcpClient::resumesWithLastEventIdAfterRetry()
{
    AwkwardMcpServer server;
    server.sessionPrefix = "sess-";
    server.resumeToolCall = true;
    server.retryMs = 400;
    McpClient client(&m_network);
    client.setUrl(server.url());
    QList<McpExchange> log;
    connect(&client, &McpClient::exchangeLogged, this,
            [&](const McpExchange &exchange) { log.append(exchange); });
    const Outcome outcome = wait(client.callTool(u"echo"_s, {{u"text"_s, u"resumed"_s}}));
    QVERIFY2(!outcome.error.isError(), qPrintable(outcome.error.describe()));
    QCOMPARE(outcome.toolResult.content.value(0).text, u"resumed"_s);
    const auto gets = server.requestsByHttpMethod("GET");
    QCOMPARE(gets.size(), 1);
    QCOMPARE(gets.at(0).header("Last-Event-ID"), QByteArray("ev-1"));
    QCOMPARE(gets.at(0).header("Accept"), QByteArray("text/event-stream"));
    QCOMPARE(gets.at(0).header("Mcp-Session-Id"), QByteArray("sess-1"));
    QCOMPARE(gets.at(0).header("MCP-Protocol-Version"), QByteArray("2025-11-25"));
    const qint64 waited = gets.at(0).atMs - server.toolStreamClosedAtMs();
    QVERIFY2(waited >= 350 && waited < 2000, qPrintable(QString::number(waited)));
    QCOMPARE(log.last().method, u"GET"_s);
    QVERIFY(log.last().responseBody.contains("resumed"));
}

void TestMcpClient::resumptionIsBounded()
{
    AwkwardMcpServer server;
    server.resumeToolCall = true;
    server.resumeGetsWithoutResult = 1000;
    server.retryMs = 20;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.callTool(u"echo"_s, {}));
    QCOMPARE(outcome.error.kind, McpError::Kind::Protocol);
    QCOMPARE(server.requestsByHttpMethod("GET").size(), 5);
}

void TestMcpClient::paginatesThreePages()
{
    AwkwardMcpServer server;
    server.tools = AwkwardMcpServer::sampleTools(7);
    server.pageSize = 3;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.listTools());
    QVERIFY2(!outcome.error.isError(), qPrintable(outcome.error.describe()));
    QCOMPARE(outcome.tools.size(), 7);
    for (int i = 0; i < 7; ++i)
        QCOMPARE(outcome.tools.at(i).name, server.tools.at(i)[u"name"_s].toString());
    QCOMPARE(outcome.result.toObject().value(u"tools"_s).toArray().size(), 7);
    const auto pages = server.requests(u"tools/list"_s);
    QCOMPARE(pages.size(), 3);
    QVERIFY(!pages.at(0).json.value(u"params"_s)[u"cursor"_s].isString());
    QCOMPARE(pages.at(1).json.value(u"params"_s)[u"cursor"_s].toString(), u"page-3"_s);
    QCOMPARE(pages.at(2).json.value(u"params"_s)[u"cursor"_s].toString(), u"page-6"_s);
    const McpTool &first = outcome.tools.at(0);
    QCOMPARE(first.title, u"list issue"_s);
    QVERIFY(first.inputSchema.value(u"properties"_s).toObject().contains(u"state"_s));
    QVERIFY(first.annotations.value(u"readOnlyHint"_s).toBool());
}

void TestMcpClient::skipsToolsWithoutAName()
{
    AwkwardMcpServer server;
    server.tools = QJsonArray{QJsonObject{{u"name"_s, u"kept"_s}, {u"inputSchema"_s, u"not an object"_s}},
                              QJsonObject{{u"description"_s, u"no name"_s}}, 5, QJsonObject{{u"name"_s, 7}}};
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.listTools());
    QVERIFY(!outcome.error.isError());
    QCOMPARE(outcome.tools.size(), 1);
    QCOMPARE(outcome.tools.at(0).name, u"kept"_s);
    QVERIFY(outcome.tools.at(0).inputSchema.isEmpty());
}
