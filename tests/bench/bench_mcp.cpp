// bench_mcp [tools] [rounds]: tools/list of a server with 500 tools (real-looking schemas: nested objects,
// enums, arrays, annotations) from tests/mcp's AwkwardMcpServer on loopback, through McpClient: the time from
// listTools() to finished() as SSE in one page, as JSON, and in pages of 50; the part of it spent parsing
// (SseParser + JSON + decoding, without the network); the longest the event loop went without running a
// 1 ms timer meanwhile (what a GUI would feel); the peak resident memory. The server runs in a thread of
// its own. Prints figures (best and median
// of the rounds, milliseconds).

#include "mcp/jsonrpc.h"
#include "mcp/mcpclient.h"
#include "mcp/mcpresultdecoder.h"
#include "mcp/sseparser.h"

#include "../mcp/awkwardmcpserver.h"
#include "peakmemory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <functional>

namespace {

bool waitUntil(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return done();
}

struct Figures
{
    QList<double> totalMs;
    QList<double> longestGapMs;
    int tools = 0;
};

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values.at(values.size() / 2);
}

double best(const QList<double> &values)
{
    return values.isEmpty() ? 0 : *std::min_element(values.begin(), values.end());
}

Figures listThroughClient(QNetworkAccessManager &network, const QUrl &url, int rounds)
{
    Figures figures;
    McpClient client(&network);
    client.setUrl(url);
    McpCall *connect = client.connectToServer();
    bool connected = false;
    QObject::connect(connect, &McpCall::finished, connect, [&] { connected = !connect->error().isError(); });
    if (!waitUntil([&] { return connected; }, 10000))
        qFatal("the awkward server did not initialize");
    for (int round = 0; round < rounds; ++round) {
        QElapsedTimer gapClock;
        qint64 longestGap = 0;
        QTimer ticker;
        QObject::connect(&ticker, &QTimer::timeout, &ticker,
                         [&] { longestGap = std::max(longestGap, gapClock.restart()); });
        bool done = false;
        int count = 0;
        QElapsedTimer clock;
        clock.start();
        gapClock.start();
        ticker.start(1);
        McpCall *call = client.listTools();
        QObject::connect(call, &McpCall::finished, call, [&] {
            done = true;
            count = call->error().isError() ? -1 : int(call->tools().size());
        });
        if (!waitUntil([&] { return done; }, 60000))
            qFatal("tools/list did not finish");
        figures.totalMs.append(clock.nsecsElapsed() / 1e6);
        ticker.stop();
        figures.longestGapMs.append(double(longestGap));
        figures.tools = count;
    }
    return figures;
}

// The same work without the network: the SSE body as the client receives it, parsed and decoded.
double parseOnlyMs(const QByteArray &sseBody, int rounds, int *toolCount)
{
    QList<double> times;
    for (int round = 0; round < rounds; ++round) {
        QElapsedTimer clock;
        clock.start();
        SseParser parser;
        QList<McpTool> tools;
        for (const SseParser::Event &event : parser.feed(sseBody)) {
            const JsonRpc::Message message = JsonRpc::parse(event.data);
            for (const QJsonValue &entry : message.result.toObject().value(u"tools"_s).toArray()) {
                if (auto tool = McpResultDecoder::tool(entry.toObject()))
                    tools.append(std::move(*tool));
            }
        }
        times.append(clock.nsecsElapsed() / 1e6);
        *toolCount = int(tools.size());
    }
    return median(times);
}

void print(const char *label, const Figures &figures)
{
    std::printf("  %-34s %5d tools   best %8.2f ms   median %8.2f ms   longest loop gap %5.0f ms\n", label,
                figures.tools, best(figures.totalMs), median(figures.totalMs), median(figures.longestGapMs));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    const int toolCount = arguments.size() > 1 ? arguments.at(1).toInt() : 500;
    const int rounds = arguments.size() > 2 ? arguments.at(2).toInt() : 9;

    // The server in a thread of its own, so that its JSON writing is neither timed nor felt as a gap.
    QThread serverThread;
    serverThread.start();
    QObject serverContext;
    serverContext.moveToThread(&serverThread);
    AwkwardMcpServer *server = nullptr;
    QUrl url;
    const auto onServer = [&](const std::function<void()> &work) {
        QMetaObject::invokeMethod(&serverContext, work, Qt::BlockingQueuedConnection);
    };
    onServer([&] {
        server = new AwkwardMcpServer;
        server->tools = AwkwardMcpServer::sampleTools(toolCount);
        url = server->url();
    });

    const QByteArray result =
        QJsonDocument(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                  {u"id"_s, 1},
                                  {u"result"_s, QJsonObject{{u"tools"_s, server->tools}}}})
            .toJson(QJsonDocument::Compact);
    std::printf("bench_mcp: tools/list of %d tools (%lld bytes of JSON in one page), %d rounds, loopback\n",
                toolCount, static_cast<long long>(result.size()), rounds);
    const qint64 baseKib = PeakMemory::kib();

    QNetworkAccessManager network;
    print("SSE, one page", listThroughClient(network, url, rounds));
    onServer([&] { server->sse = false; });
    print("JSON, one page", listThroughClient(network, url, rounds));
    onServer([&] {
        server->sse = true;
        server->pageSize = 50;
    });
    print("SSE, pages of 50", listThroughClient(network, url, rounds));

    int parsed = 0;
    const double parseMs = parseOnlyMs("event: message\ndata: " + result + "\n\n", rounds, &parsed);
    std::printf("  %-34s %5d tools   median %8.2f ms\n", "parse + decode only (no network)", parsed, parseMs);
    std::printf("  peak RSS %lld KiB (%lld KiB before the first list; the server shares the process)\n",
                static_cast<long long>(PeakMemory::kib()), static_cast<long long>(baseKib));
    onServer([&] { delete server; });
    serverThread.quit();
    serverThread.wait();
    return 0;
}
