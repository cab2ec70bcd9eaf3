// The MCP client over real HTTP on loopback, against AwkwardMcpServer: each test turns on one awkwardness
// and checks what the client did on the wire (the server records every request) and what it reported.
// The SSE parser's table runs here too, fed whole, a byte at a time and split at every position.

#include "mcp/jsonrpc.h"
#include "mcp/mcpclient.h"
#include "mcp/mcpcurlcommand.h"
#include "mcp/sseparser.h"

#include "awkwardmcpserver.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

namespace {

struct Outcome
{
    int finishedCount = 0;
    McpError error;
    QJsonValue result;
    QList<McpTool> tools;
    McpToolResult toolResult;
    QList<std::tuple<double, double, QString>> progress;
    QStringList notifications;
};

// Records what the call reports as it happens; the client deletes the call after finished(), so this is
// attached when the call is made, before any other call is waited for.
std::shared_ptr<Outcome> watch(McpCall *call)
{
    auto outcome = std::make_shared<Outcome>();
    QObject::connect(call, &McpCall::finished, call, [call, outcome] {
        ++outcome->finishedCount;
        outcome->error = call->error();
        outcome->result = call->result();
        outcome->tools = call->tools();
        outcome->toolResult = call->toolResult();
    });
    QObject::connect(call, &McpCall::progress, call,
                     [outcome](double progress, double total, const QString &text) {
                         outcome->progress.append({progress, total, text});
                     });
    QObject::connect(
        call, &McpCall::notification, call,
        [outcome](const QString &method, const QJsonObject &) { outcome->notifications.append(method); });
    return outcome;
}

Outcome wait(const std::shared_ptr<Outcome> &outcome, int timeoutMs = 10000)
{
    (void)QTest::qWaitFor([&] { return outcome->finishedCount > 0; }, timeoutMs);
    QTest::qWait(20); // a second finished() would come now
    return *outcome;
}

Outcome wait(McpCall *call, int timeoutMs = 10000)
{
    return wait(watch(call), timeoutMs);
}

QList<SseParser::Event> parseAll(const QList<QByteArray> &chunks, SseParser &parser)
{
    QList<SseParser::Event> events;
    for (const QByteArray &chunk : chunks)
        events += parser.feed(chunk);
    return events;
}

QString describe(const QList<SseParser::Event> &events)
{
    QStringList parts;
    for (const SseParser::Event &event : events)
        parts.append(QString::fromUtf8(event.type + '|' + event.data + '|' + event.id));
    return parts.join(u" ; "_s);
}

} // namespace

class TestMcpClient : public QObject
{
    Q_OBJECT

private slots:
    void sseParser_data();
    void sseParser();
    void sseParserCapsAnEvent();
    void jsonRpcClassifiesMessages();

    void initializesStatelessServer();
    void refusesUnknownProtocolVersion_data();
    void refusesUnknownProtocolVersion();
    void echoesAndDemandsTheSessionId();
    void expiredSessionReinitializesOnce();
    void callsBeforeConnectWaitForOneInitialize();
    void sseWrittenByteByByteWithNotificationsFirst();
    void jsonInsteadOfSse();
    void serverRequestsAreAnswered();
    void resumesWithLastEventIdAfterRetry();
    void resumptionIsBounded();
    void paginatesThreePages();
    void toolErrorIsAResult();
    void jsonRpcErrorIsAnError();
    void decodesImagesAndResources();
    void jsonErrorWithoutIdAnswersThePost();
    void refusesAnInvalidSessionId();
    void refusesATokenThatCouldWriteHeaders();
    void garbageIsAProtocolError_data();
    void garbageIsAProtocolError();
    void oversizedReplyIsCapped_data();
    void oversizedReplyIsCapped();
    void timesOut();
    void progressStartsTheClockAgainWithinALimit();
    void cancelSendsNotificationsCancelled();
    void closeSendsDeleteAnd405IsFine();
    void refusesUrlsOutsideThePolicy_data();
    void refusesUrlsOutsideThePolicy();
    void tokenNeverFollowsARedirectElsewhere();
    void followsSameOriginRedirectWithBody();
    void protocolLogIsRedacted();
    void curlCommandIsShellSafe();

private:
    QNetworkAccessManager m_network;
};

void TestMcpClient::sseParser_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QByteArray>("lastEventId");
    QTest::addColumn<qint64>("retry");

    QTest::newRow("lf") << QByteArray("data: a\n\ndata: b\n\n") << u"message|a| ; message|b|"_s
                        << QByteArray() << qint64(-1);
    QTest::newRow("crlf") << QByteArray("data: a\r\n\r\ndata: b\r\n\r\n") << u"message|a| ; message|b|"_s
                          << QByteArray() << qint64(-1);
    QTest::newRow("cr") << QByteArray("data: a\r\rdata: b\r\r") << u"message|a| ; message|b|"_s
                        << QByteArray() << qint64(-1);
    QTest::newRow("multi-line data") << QByteArray("data: {\"a\":\ndata: 1}\n\n") << u"message|{\"a\":\n1}|"_s
                                     << QByteArray() << qint64(-1);
    QTest::newRow("no space after colon")
        << QByteArray("data:x\n\n") << u"message|x|"_s << QByteArray() << qint64(-1);
    QTest::newRow("two spaces keep one")
        << QByteArray("data:  x\n\n") << u"message| x|"_s << QByteArray() << qint64(-1);
    QTest::newRow("comments skipped") << QByteArray(": keep-alive\n:\ndata: a\n: between\n\n")
                                      << u"message|a|"_s << QByteArray() << qint64(-1);
    QTest::newRow("event type") << QByteArray("event: ping\ndata: 1\n\ndata: 2\n\n")
                                << u"ping|1| ; message|2|"_s << QByteArray() << qint64(-1);
    QTest::newRow("id and retry") << QByteArray("id: e1\nretry: 2000\ndata: \n\nid: e2\ndata: r\n\n")
                                  << u"message||e1 ; message|r|e2"_s << QByteArray("e2") << qint64(2000);
    QTest::newRow("priming event without data dispatches nothing")
        << QByteArray("id: p\nretry: 10\n\n") << QString() << QByteArray("p") << qint64(10);
    QTest::newRow("bad retry ignored")
        << QByteArray("retry: 12a\nretry: -5\ndata: x\n\n") << u"message|x|"_s << QByteArray() << qint64(-1);
    QTest::newRow("id with NUL ignored") << QByteArray("id: ok\n\nid: b\0d\ndata: x\n\n", 25)
                                         << u"message|x|ok"_s << QByteArray("ok") << qint64(-1);
    QTest::newRow("bom") << QByteArray("\xEF\xBB\xBF"
                                       "data: a\n\n")
                         << u"message|a|"_s << QByteArray() << qint64(-1);
    QTest::newRow("field without colon")
        << QByteArray("data\ndata\n\n") << u"message|\n|"_s << QByteArray() << qint64(-1);
    QTest::newRow("unfinished event dropped")
        << QByteArray("data: a\n\ndata: b\n") << u"message|a|"_s << QByteArray() << qint64(-1);
    QTest::newRow("unknown field ignored")
        << QByteArray("foo: bar\ndata: a\n\n") << u"message|a|"_s << QByteArray() << qint64(-1);
}

void TestMcpClient::sseParser()
{
    QFETCH(QByteArray, stream);
    QFETCH(QString, expected);
    QFETCH(QByteArray, lastEventId);
    QFETCH(qint64, retry);

    {
        SseParser parser;
        QCOMPARE(describe(parseAll({stream}, parser)), expected);
        QCOMPARE(parser.lastEventId(), lastEventId);
        QCOMPARE(parser.retryMs(), retry);
    }
    {
        SseParser parser;
        QList<QByteArray> bytes;
        for (char c : stream)
            bytes.append(QByteArray(1, c));
        QCOMPARE(describe(parseAll(bytes, parser)), expected);
        QCOMPARE(parser.lastEventId(), lastEventId);
    }
    for (qsizetype split = 0; split <= stream.size(); ++split) {
        SseParser parser;
        const QString events = describe(parseAll({stream.left(split), stream.mid(split)}, parser));
        if (events != expected)
            QFAIL(qPrintable(u"split at %1: %2"_s.arg(split).arg(events)));
    }
}

void TestMcpClient::sseParserCapsAnEvent()
{
    SseParser parser(1000);
    QVERIFY(!parser.feed(QByteArray("data: " + QByteArray(500, 'a') + "\n\n")).isEmpty());
    // Many short lines add up: the cap is per event, not per line.
    for (int i = 0; i < 200 && !parser.overflowed(); ++i)
        QVERIFY(parser.feed("data: 0123456789\n").isEmpty());
    QVERIFY(parser.overflowed());
    QVERIFY(parser.feed("\n\ndata: x\n\n").isEmpty()); // stopped for good

    SseParser unterminated(1000);
    unterminated.feed(QByteArray(2000, 'x')); // one endless line
    QVERIFY(unterminated.overflowed());
}

void TestMcpClient::jsonRpcClassifiesMessages()
{
    using JsonRpc::Kind;
    QCOMPARE(JsonRpc::parse("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}").kind, Kind::Response);
    QCOMPARE(
        JsonRpc::parse("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-1,\"message\":\"m\"}}").kind,
        Kind::Error);
    QCOMPARE(JsonRpc::parse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}").kind,
             Kind::Notification);
    QCOMPARE(JsonRpc::parse("{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"method\":\"ping\"}").kind, Kind::Request);
    QCOMPARE(JsonRpc::parse("{\"jsonrpc\":\"1.0\",\"id\":3,\"result\":{}}").kind, Kind::Invalid);
    QCOMPARE(JsonRpc::parse("{\"jsonrpc\":\"2.0\",\"id\":{},\"result\":{}}").kind, Kind::Invalid);
    QCOMPARE(JsonRpc::parse("{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":[1]}").kind, Kind::Invalid);
    QCOMPARE(JsonRpc::parse("[1]").kind, Kind::Invalid);
    QVERIFY(JsonRpc::idMatches(QJsonValue(7), 7));
    QVERIFY(JsonRpc::idMatches(QJsonValue(u"7"_s), 7));
    QVERIFY(!JsonRpc::idMatches(QJsonValue(8), 7));
    const JsonRpc::Message error = JsonRpc::parse(JsonRpc::error(QJsonValue(u"a"_s), -32601, u"nope"_s));
    QCOMPARE(error.errorCode, -32601);
    QCOMPARE(error.id.toString(), u"a"_s);
}

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

void TestMcpClient::toolErrorIsAResult()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.callTool(u"fail"_s, {}));
    QVERIFY(!outcome.error.isError());
    QVERIFY(outcome.toolResult.isError);
    QCOMPARE(outcome.toolResult.content.value(0).text, u"no such repo"_s);
}

void TestMcpClient::jsonRpcErrorIsAnError()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.callTool(u"rpcerror"_s, {}));
    QCOMPARE(outcome.error.kind, McpError::Kind::JsonRpc);
    QCOMPARE(outcome.error.code, -32602);
    QCOMPARE(outcome.error.message, u"Unknown tool: rpcerror"_s);
    QCOMPARE(outcome.error.data.toObject().value(u"tool"_s).toString(), u"rpcerror"_s);
    QVERIFY(outcome.error.describe().contains(u"-32602"_s));
}

void TestMcpClient::decodesImagesAndResources()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.callTool(u"image"_s, {}));
    QVERIFY(!outcome.error.isError());
    QCOMPARE(outcome.toolResult.content.size(), 2);
    const McpContentBlock &image = outcome.toolResult.content.at(0);
    QCOMPARE(image.kind, McpContentBlock::Kind::Image);
    QCOMPARE(image.mimeType, u"image/png"_s);
    QCOMPARE(image.data, QByteArray("\x89PNG\r\n\x1a\n\0\x01", 10));
    const McpContentBlock &resource = outcome.toolResult.content.at(1);
    QCOMPARE(resource.kind, McpContentBlock::Kind::Resource);
    QCOMPARE(resource.uri, u"file:///notes.txt"_s);
    QCOMPARE(resource.text, u"notes"_s);
}

void TestMcpClient::jsonErrorWithoutIdAnswersThePost()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.callTool(u"nullid"_s, {}));
    QCOMPARE(outcome.error.kind, McpError::Kind::JsonRpc);
    QCOMPARE(outcome.error.code, -32700);
}

void TestMcpClient::refusesAnInvalidSessionId()
{
    AwkwardMcpServer server;
    server.sessionPrefix = "two words-";
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.connectToServer());
    QCOMPARE(outcome.error.kind, McpError::Kind::Protocol);
    QVERIFY(!client.isConnected());
    QCOMPARE(server.requests().size(), 1);
}

void TestMcpClient::refusesATokenThatCouldWriteHeaders()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    client.setUrl(server.url());
    client.setBearerToken(u"abc\r\nX-Injected: 1"_s);
    QCOMPARE(wait(client.ping()).error.kind, McpError::Kind::Refused);
    QVERIFY(server.requests().isEmpty());
    client.setBearerToken(u"abc"_s);
    QVERIFY(!wait(client.ping()).error.isError());
    QCOMPARE(server.requests().at(0).header("Authorization"), QByteArray("Bearer abc"));
}

void TestMcpClient::garbageIsAProtocolError_data()
{
    QTest::addColumn<bool>("sse");
    QTest::newRow("sse") << true;
    QTest::newRow("json") << false;
}

void TestMcpClient::garbageIsAProtocolError()
{
    QFETCH(bool, sse);
    AwkwardMcpServer server;
    server.sse = sse;
    McpClient client(&m_network);
    client.setUrl(server.url());
    const Outcome outcome = wait(client.callTool(u"garbage"_s, {}));
    QCOMPARE(outcome.error.kind, McpError::Kind::Protocol);
}

void TestMcpClient::oversizedReplyIsCapped_data()
{
    QTest::addColumn<bool>("sse");
    QTest::newRow("sse") << true;
    QTest::newRow("json") << false;
}

void TestMcpClient::oversizedReplyIsCapped()
{
    QFETCH(bool, sse);
    AwkwardMcpServer server;
    server.sse = sse;
    server.oversizedFill = QByteArray(300 * 1024, 'z');
    McpClient client(&m_network);
    client.setUrl(server.url());
    client.setMaxMessageBytes(64 * 1024);
    const Outcome outcome = wait(client.callTool(u"oversized"_s, {}));
    QCOMPARE(outcome.error.kind, McpError::Kind::Protocol);
    QVERIFY(outcome.error.message.contains(u"65536"_s));
}

void TestMcpClient::timesOut()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    client.setUrl(server.url());
    QVERIFY(!wait(client.connectToServer()).error.isError());
    client.setTimeoutMs(300);
    QElapsedTimer clock;
    clock.start();
    const Outcome outcome = wait(client.callTool(u"slow"_s, {}));
    QCOMPARE(outcome.error.kind, McpError::Kind::Timeout);
    QVERIFY(clock.elapsed() >= 290);
    QVERIFY(clock.elapsed() < 5000);
}

void TestMcpClient::progressStartsTheClockAgainWithinALimit()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    client.setUrl(server.url());
    QVERIFY(!wait(client.connectToServer()).error.isError());
    client.setTimeoutMs(250);
    // 8 steps of 100 ms: 900 ms in all, more than the timeout, never 250 ms without progress.
    const Outcome patient = wait(client.callTool(u"progressing"_s, {{u"steps"_s, 8}}));
    QVERIFY2(!patient.error.isError(), qPrintable(patient.error.describe()));
    QCOMPARE(patient.progress.size(), 8);
    // Progress forever still ends: ten timeouts in all.
    QElapsedTimer clock;
    clock.start();
    const Outcome endless = wait(client.callTool(u"progressing"_s, {{u"steps"_s, 1000}}));
    QCOMPARE(endless.error.kind, McpError::Kind::Timeout);
    QVERIFY2(clock.elapsed() >= 2400 && clock.elapsed() < 6000, qPrintable(QString::number(clock.elapsed())));
}

void TestMcpClient::cancelSendsNotificationsCancelled()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    client.setUrl(server.url());
    QList<McpExchange> log;
    connect(&client, &McpClient::exchangeLogged, this,
            [&](const McpExchange &exchange) { log.append(exchange); });
    McpCall *call = client.callTool(u"slow"_s, {});
    const auto watched = watch(call);
    QTRY_COMPARE(server.requests(u"tools/call"_s).size(), 1);
    const int id = server.requests(u"tools/call"_s).at(0).json.value(u"id"_s).toInt();
    QElapsedTimer clock;
    clock.start();
    call->cancel();
    call->cancel(); // twice is harmless
    const Outcome outcome = wait(watched);
    QCOMPARE(outcome.finishedCount, 1);
    QCOMPARE(outcome.error.kind, McpError::Kind::Cancelled);
    QVERIFY(clock.elapsed() < 2000);
    QTRY_COMPARE(server.requests(u"notifications/cancelled"_s).size(), 1);
    const QJsonObject params =
        server.requests(u"notifications/cancelled"_s).at(0).json.value(u"params"_s).toObject();
    QCOMPARE(params.value(u"requestId"_s).toInt(), id);
    QVERIFY(!params.value(u"reason"_s).toString().isEmpty());
    // The protocol log shows the request that was cancelled, then the notification.
    QTRY_COMPARE(log.size(), 4);
    QCOMPARE(log.at(2).method, u"tools/call"_s);
    QCOMPARE(log.at(2).error.kind, McpError::Kind::Cancelled);
    QCOMPARE(log.at(3).method, u"notifications/cancelled"_s);
}

void TestMcpClient::closeSendsDeleteAnd405IsFine()
{
    AwkwardMcpServer server;
    server.sessionPrefix = "sess-";
    McpClient client(&m_network);
    client.setUrl(server.url());
    QVERIFY(!wait(client.connectToServer()).error.isError());
    QList<McpExchange> log;
    connect(&client, &McpClient::exchangeLogged, this,
            [&](const McpExchange &exchange) { log.append(exchange); });
    client.close();
    QVERIFY(!client.isConnected());
    QTRY_COMPARE(log.size(), 1);
    QCOMPARE(log.at(0).method, u"DELETE"_s);
    QCOMPARE(log.at(0).httpStatus, 405);
    QVERIFY(!log.at(0).error.isError());
    const auto deletes = server.requestsByHttpMethod("DELETE");
    QCOMPARE(deletes.size(), 1);
    QCOMPARE(deletes.at(0).header("Mcp-Session-Id"), QByteArray("sess-1"));

    // Stateless: nothing to end, nothing sent.
    AwkwardMcpServer stateless;
    McpClient other(&m_network);
    other.setUrl(stateless.url());
    QVERIFY(!wait(other.connectToServer()).error.isError());
    other.close();
    QTest::qWait(100);
    QVERIFY(stateless.requestsByHttpMethod("DELETE").isEmpty());
}

void TestMcpClient::refusesUrlsOutsideThePolicy_data()
{
    QTest::addColumn<QUrl>("url");
    QTest::newRow("http elsewhere") << QUrl(u"http://example.com/mcp"_s);
    QTest::newRow("file") << QUrl(u"file:///etc/passwd"_s);
    QTest::newRow("ftp to loopback") << QUrl(u"ftp://127.0.0.1/mcp"_s);
    QTest::newRow("empty") << QUrl();
}

void TestMcpClient::refusesUrlsOutsideThePolicy()
{
    QFETCH(QUrl, url);
    McpClient client(&m_network);
    client.setUrl(url);
    int logged = 0;
    connect(&client, &McpClient::exchangeLogged, this, [&] { ++logged; });
    McpCall *call = client.listTools();
    const Outcome outcome = wait(call);
    QCOMPARE(outcome.finishedCount, 1);
    QCOMPARE(outcome.error.kind, McpError::Kind::Refused);
    QCOMPARE(logged, 0);
    QCOMPARE(wait(client.connectToServer()).error.kind, McpError::Kind::Refused);
}

void TestMcpClient::tokenNeverFollowsARedirectElsewhere()
{
    AwkwardMcpServer elsewhere;
    AwkwardMcpServer server;
    server.redirectFromPath = "/mcp";
    server.redirectTo = elsewhere.url();
    McpClient client(&m_network);
    client.setUrl(server.url());
    client.setBearerToken(u"secret-token"_s);
    const Outcome outcome = wait(client.connectToServer());
    QCOMPARE(outcome.error.kind, McpError::Kind::Refused);
    QCOMPARE(server.requests().value(0).header("Authorization"), QByteArray("Bearer secret-token"));
    QTest::qWait(100);
    QVERIFY(elsewhere.requests().isEmpty());
}

void TestMcpClient::followsSameOriginRedirectWithBody()
{
    AwkwardMcpServer server;
    server.redirectFromPath = "/old";
    server.redirectTo = server.url("/mcp");
    McpClient client(&m_network);
    client.setUrl(server.url("/old"));
    client.setBearerToken(u"secret-token"_s);
    const Outcome outcome = wait(client.connectToServer());
    QVERIFY2(!outcome.error.isError(), qPrintable(outcome.error.describe()));
    QCOMPARE(server.requests().at(0).path, QByteArray("/old"));
    QCOMPARE(server.requests().at(1).path, QByteArray("/mcp"));
    QCOMPARE(server.requests().at(1).rpcMethod(), u"initialize"_s);
    QCOMPARE(server.requests().at(1).header("Authorization"), QByteArray("Bearer secret-token"));
}

void TestMcpClient::protocolLogIsRedacted()
{
    AwkwardMcpServer server;
    McpClient client(&m_network);
    QUrl url = server.url();
    url.setQuery(u"instance_id=INSTANCE-SECRET&mode=x"_s);
    client.setUrl(url);
    client.setBearerToken(u"TOKEN-SECRET"_s);
    QList<McpExchange> log;
    connect(&client, &McpClient::exchangeLogged, this,
            [&](const McpExchange &exchange) { log.append(exchange); });
    QVERIFY(!wait(client.listTools()).error.isError());
    QCOMPARE(log.size(), 3);
    QCOMPARE(log.at(0).method, u"initialize"_s);
    QCOMPARE(log.at(1).method, u"notifications/initialized"_s);
    QCOMPARE(log.at(1).httpStatus, 202);
    QCOMPARE(log.at(2).method, u"tools/list"_s);
    QCOMPARE(log.at(2).httpStatus, 200);
    QVERIFY(log.at(2).responseContentType.startsWith(u"text/event-stream"_s));
    QVERIFY(log.at(2).responseBody.startsWith("{\"id\":"));
    QVERIFY(log.at(2).requestBody.contains("tools/list"));
    QVERIFY(log.at(2).started.isValid());
    QVERIFY(log.at(2).elapsedMs >= 0);
    for (const McpExchange &exchange : std::as_const(log)) {
        const QString shown = exchange.url.toString();
        QVERIFY2(!shown.contains(u"SECRET"_s), qPrintable(shown));
        QVERIFY(shown.contains(u"instance_id=…"_s));
        bool sawAuthorization = false;
        for (const auto &[name, value] : exchange.requestHeaders) {
            QVERIFY(!value.contains("SECRET"));
            if (name == "Authorization") {
                sawAuthorization = true;
                QCOMPARE(value, QByteArray("Bearer …"));
            }
        }
        QVERIFY(sawAuthorization);
    }
    // The server itself got the real token and the real URL.
    QCOMPARE(server.requests().at(0).header("Authorization"), QByteArray("Bearer TOKEN-SECRET"));
    QVERIFY(server.requests().at(0).path.contains("INSTANCE-SECRET"));
}

void TestMcpClient::curlCommandIsShellSafe()
{
    McpExchange exchange;
    exchange.method = u"tools/call"_s;
    exchange.url = QUrl(u"https://mcp.example/mcp?instance_id=…"_s);
    exchange.requestHeaders = {{"Accept", "application/json, text/event-stream"},
                               {"Authorization", "Bearer …"}};
    exchange.requestBody = "{\"text\":\"it's $(rm -rf /) `x`\"}";
    const QUrl full(u"https://mcp.example/mcp?instance_id=abc"_s);

    const QString withVariable = McpCurlCommand::render(exchange, full, {});
    QVERIFY(withVariable.contains(u"$MCP_TOKEN"_s));
    const QString withToken = McpCurlCommand::render(exchange, full, u"tok'en"_s);
    QVERIFY(!withToken.contains(u"$MCP_TOKEN"_s));

    // The shell must hand curl exactly these arguments: run the line with printf in curl's place.
    QProcess shell;
    QString line = withToken;
    line.replace(0, 4, u"printf '%s\\n'"_s);
    shell.start(u"sh"_s, {u"-c"_s, line});
    QVERIFY(shell.waitForFinished(10000));
    const QStringList arguments = QString::fromUtf8(shell.readAllStandardOutput()).split(u'\n');
    QVERIFY(arguments.contains(u"https://mcp.example/mcp?instance_id=abc"_s));
    QVERIFY(arguments.contains(u"Authorization: Bearer tok'en"_s));
    QVERIFY(arguments.contains(u"Accept: application/json, text/event-stream"_s));
    QVERIFY(arguments.contains(QString::fromUtf8(exchange.requestBody)));
    QVERIFY(arguments.contains(u"POST"_s));

    QProcess variable;
    QString variableLine = withVariable;
    variableLine.replace(0, 4, u"printf '%s\\n'"_s);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"MCP_TOKEN"_s, u"from-env"_s);
    variable.setProcessEnvironment(environment);
    variable.start(u"sh"_s, {u"-c"_s, variableLine});
    QVERIFY(variable.waitForFinished(10000));
    QVERIFY(QString::fromUtf8(variable.readAllStandardOutput())
                .split(u'\n')
                .contains(u"Authorization: Bearer from-env"_s));
}

QTEST_GUILESS_MAIN(TestMcpClient)
#include "tst_mcpclient.moc"
