// The SSE parser's table (fed whole, a byte at a time and split at every position), JSON-RPC
// classification and "copy as curl"; the client's suites are in tst_mcpclient_*.cpp.

#include "mcp/jsonrpc.h"
#include "mcp/mcpcurlcommand.h"
#include "mcp/sseparser.h"

#include "mcpclienttest.h"

#include <QProcess>

namespace {

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
