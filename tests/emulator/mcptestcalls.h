#pragma once

// MCP calls for the emulator's tests over the plain TestClient: one JSON-RPC message per POST, the SSE answer
// split into its events (the app's MCP client is not used here, so both are checked independently).

#include "testclient.h"

#include <QStringList>
#include <QTest>

namespace EmulatorTest {

using namespace Qt::StringLiterals;

struct Rpc
{
    Answer answer;
    QList<QJsonObject> events; // every SSE event's data, in order
    QJsonObject last() const { return events.isEmpty() ? QJsonObject() : events.last(); }
    QJsonObject result() const { return last().value(u"result"_s).toObject(); }
    QString text() const
    {
        return result().value(u"content"_s).toArray().at(0).toObject().value(u"text"_s).toString();
    }
};

inline const QList<QPair<QByteArray, QByteArray>> mcpHeaders = {
    {"Content-Type", "application/json"}, {"Accept", "application/json, text/event-stream"}};

inline QList<QJsonObject> parseEvents(const QByteArray &body)
{
    QList<QJsonObject> events;
    for (const QByteArray &block : body.split('\n')) {
        if (block.startsWith("data: "))
            events.append(QJsonDocument::fromJson(block.mid(6)).object());
    }
    return events;
}

inline QStringList toolNames(const QJsonArray &tools)
{
    QStringList names;
    for (const QJsonValue &tool : tools)
        names.append(tool[u"name"_s].toString());
    return names;
}

class McpTestCalls
{
public:
    explicit McpTestCalls(TestClient &client) : m_client(client) {}

    Rpc rpc(const QUrl &url, const QString &method, const QJsonObject &params = {}, int id = 1)
    {
        QJsonObject message{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}};
        if (!params.isEmpty())
            message.insert(u"params"_s, params);
        Rpc call{m_client.send("POST", url, json(message), mcpHeaders), {}};
        call.events = parseEvents(call.answer.body);
        return call;
    }

    Rpc callTool(const QUrl &url, const QString &name, const QJsonObject &arguments)
    {
        return rpc(url, u"tools/call"_s, QJsonObject{{u"name"_s, name}, {u"arguments"_s, arguments}});
    }

    QJsonArray allTools(const QUrl &url)
    {
        QJsonArray tools;
        QJsonObject params;
        for (int page = 0; page < 100; ++page) {
            const QJsonObject result = rpc(url, u"tools/list"_s, params).result();
            for (const QJsonValue &tool : result[u"tools"_s].toArray())
                tools.append(tool);
            if (!result.contains(u"nextCursor"_s))
                break;
            params = QJsonObject{{u"cursor"_s, result[u"nextCursor"_s]}};
        }
        return tools;
    }

private:
    TestClient &m_client;
};

} // namespace EmulatorTest
