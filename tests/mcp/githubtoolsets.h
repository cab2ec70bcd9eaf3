#pragma once

#include "../emulator/testclient.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QTest>
#include <QUrl>

// The emulator's github tool sets as the MCP client lists them: the fixtures of tst_toollistdiff and
// tst_tooldiffdialog, which compare the sets of sandboxes acquired for different benchmarks (no benchmark,
// MCP_Atlas with the write tools hidden, Toolathlon with them re-described).
namespace GithubToolSets {

using namespace Qt::StringLiterals;

// Acquires a github sandbox for `benchmark` (none when empty) and returns its MCP URL.
inline QUrl acquire(EmulatorTest::TestClient &client, const QString &benchmark)
{
    QJsonObject body;
    if (!benchmark.isEmpty())
        body.insert(u"benchmark"_s, benchmark);
    const EmulatorTest::Answer answer = client.api("POST", u"/sandbox/github"_s, EmulatorTest::json(body));
    if (answer.status != 201)
        qFatal("acquire answered %d", answer.status);
    return QUrl(answer.object()[u"server_urls"_s][u"github"_s].toString());
}

// tools/list over loopback. Each McpClient is a child of `owner` and lives as long as it: the calls it made
// are deleted later, after finished().
inline QList<McpTool> listTools(EmulatorTest::TestClient &client, const QUrl &url, QObject *owner)
{
    auto *mcp = new McpClient(&client.nam(), owner);
    mcp->setUrl(url);
    McpCall *call = mcp->listTools();
    // The call is deleted after finished(): what it holds is taken while it is there.
    QObject context;
    bool finished = false;
    QList<McpTool> tools;
    QString problem;
    QObject::connect(call, &McpCall::finished, &context, [&, call] {
        finished = true;
        tools = call->tools();
        problem = call->error().isError() ? call->error().describe() : QString();
    });
    if (!QTest::qWaitFor([&] { return finished; }, 15000))
        qFatal("tools/list did not finish");
    if (!problem.isEmpty())
        qFatal("tools/list failed: %s", qPrintable(problem));
    return tools;
}

// The tools that write (readOnlyHint false), sorted: what MCP_Atlas hides and Toolathlon re-describes.
inline QStringList writeToolNames(const QList<McpTool> &tools)
{
    QStringList names;
    for (const McpTool &tool : tools) {
        if (!tool.annotations.value(u"readOnlyHint"_s).toBool(true))
            names << tool.name;
    }
    names.sort();
    return names;
}

} // namespace GithubToolSets
