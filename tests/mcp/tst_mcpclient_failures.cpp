// What goes wrong, and what the client does about it: tool and JSON-RPC errors, garbage, oversized
// replies, timeouts, cancel, close, URL policy, redirects, the redacted protocol log.

#include "mcpclienttest.h"

#include "awkwardmcpserver.h"

#include <QElapsedTimer>

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
    // Progress every 100 ms: a gap of 400 ms leaves room for a loaded machine (the sanitizer build).
    client.setTimeoutMs(400);
    // 10 steps: 1100 ms in all, more than the timeout, never 400 ms without progress.
    const Outcome patient = wait(client.callTool(u"progressing"_s, {{u"steps"_s, 10}}));
    QVERIFY2(!patient.error.isError(), qPrintable(patient.error.describe()));
    QCOMPARE(patient.progress.size(), 10);
    // Progress forever still ends: ten timeouts in all.
    QElapsedTimer clock;
    clock.start();
    const Outcome endless = wait(client.callTool(u"progressing"_s, {{u"steps"_s, 1000}}), 20000);
    QCOMPARE(endless.error.kind, McpError::Kind::Timeout);
    QVERIFY2(clock.elapsed() >= 3900 && clock.elapsed() < 12000,
             qPrintable(QString::number(clock.elapsed())));
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
    // A request sent after the close, answered: a DELETE the close had sent would have reached the server
    // before it.
    McpClient probe(&m_network);
    probe.setUrl(stateless.url());
    QVERIFY(!wait(probe.connectToServer()).error.isError());
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
    // A client of the test's own, with a token of its own, connects there and is answered: what the first
    // client had sent elsewhere would have arrived before. Everything that did is the probe's.
    McpClient probe(&m_network);
    probe.setUrl(elsewhere.url());
    probe.setBearerToken(u"probe-token"_s);
    QVERIFY(!wait(probe.connectToServer()).error.isError());
    QVERIFY(!elsewhere.requests().isEmpty());
    for (const auto &request : elsewhere.requests())
        QCOMPARE(request.header("Authorization"), QByteArray("Bearer probe-token"));
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
