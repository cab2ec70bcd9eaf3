#include "emulator/mcp/mcpendpoint.h"

#include "emulator/klavis/serverdataapi.h"
#include "emulator/klavis/universeapi.h"
#include "emulator/mcp/mcpdispatcher.h"
#include "emulator/mcp/mcptoolbox.h"
#include "emulator/server/incomingrequest.h"
#include "emulator/state/emulatorstate.h"

#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

// The path's segments without the empty one a trailing slash leaves.
QStringList segmentsOf(const IncomingRequest &request)
{
    QStringList segments = request.segments;
    if (!segments.isEmpty() && segments.last().isEmpty())
        segments.removeLast();
    return segments;
}

QByteArray sseEvent(const QJsonObject &message)
{
    return "event: message\ndata: " + QJsonDocument(message).toJson(QJsonDocument::Compact) + "\n\n";
}

} // namespace

McpEndpoint::McpEndpoint(EmulatorState &state) : m_state(state) {}

bool McpEndpoint::owns(const IncomingRequest &request)
{
    const QStringList s = segmentsOf(request);
    return (s.size() == 2 && s.at(0) == u"mcp") ||
           (s.size() == 3 && s.at(0) == u"local" && s.at(2) == u"mcp");
}

HttpReply McpEndpoint::jsonRpcError(int status, int code, const QString &message)
{
    return HttpReply::json(status, McpDispatcher::error(QJsonValue(QJsonValue::Null), code, message));
}

std::optional<McpEndpoint::Target> McpEndpoint::find(const IncomingRequest &request)
{
    const QStringList s = segmentsOf(request);
    const QString &server = s.at(1);
    if (s.at(0) == u"mcp") {
        const QString instanceId = request.queryValue(u"instance_id"_s).value_or(QString());
        for (RemoteSandbox &sandbox : m_state.remote) {
            if (sandbox.serverName != server || sandbox.status != u"occupied" || instanceId.isEmpty() ||
                sandbox.instanceId != instanceId)
                continue;
            QJsonObject &data =
                ServerDataApi::data(m_state, ProviderSpec::Scope::Sandbox, server, sandbox.id);
            return Target{server, sandbox.benchmark, McpToolContext{&data, nullptr}};
        }
        if (QJsonObject *data = UniverseApi::mcpData(m_state, server, instanceId))
            return Target{server, QString(), McpToolContext{data, nullptr}}; // an acquired universe instance
        return std::nullopt;
    }
    const QString localId = request.queryValue(u"local_sandbox_id"_s).value_or(QString());
    for (LocalSandbox &sandbox : m_state.local) {
        if (sandbox.id != localId || sandbox.status != u"occupied")
            continue;
        for (const LocalSandbox::Server &hosted : std::as_const(sandbox.servers)) {
            if (hosted.serverName != server)
                continue;
            QJsonObject &data =
                ServerDataApi::data(m_state, ProviderSpec::Scope::LocalSandbox, server, sandbox.id);
            return Target{server, sandbox.benchmark, McpToolContext{&data, &sandbox.workspace}};
        }
    }
    return std::nullopt;
}

HttpReply McpEndpoint::handle(const IncomingRequest &request, int *delayMs)
{
    *delayMs = 0;
    if (request.method != "POST") {
        HttpReply reply = jsonRpcError(405, -32000,
                                       u"Method Not Allowed: this server is stateless and offers no "
                                       "stream to GET and no session to DELETE"_s);
        reply.setHeader("Allow", "POST");
        return reply;
    }
    std::optional<Target> target = find(request);
    if (!target)
        return jsonRpcError(404, -32001,
                            u"No MCP server instance at this URL: the sandbox is not held or the "
                            "lease has changed"_s);
    if (!request.header("Accept").contains("text/event-stream"))
        return jsonRpcError(406, -32600, u"Not Acceptable: the client must accept text/event-stream"_s);
    if (!request.header("Content-Type").startsWith("application/json"))
        return jsonRpcError(415, -32600, u"Unsupported Media Type: the body must be application/json"_s);
    if (request.body.size() > maxBodyBytes)
        return jsonRpcError(413, -32600, u"Request too large"_s);
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return jsonRpcError(400, -32700, u"Parse error: "_s + parseError.errorString());
    if (document.isArray())
        return jsonRpcError(400, -32600, u"Invalid Request: batches are not supported"_s);
    const QJsonObject message = document.object();
    if (message.value(u"jsonrpc"_s) != u"2.0"_s)
        return jsonRpcError(400, -32600, u"Invalid Request: jsonrpc must be \"2.0\""_s);
    const bool isResponse =
        !message.contains(u"method"_s) && (message.contains(u"result"_s) || message.contains(u"error"_s));
    if (isResponse || (message.value(u"method"_s).isString() && !message.contains(u"id"_s)))
        return HttpReply::empty(202); // a notification or a response: accepted, nothing to answer
    const QJsonValue id = message.value(u"id"_s);
    if (!message.value(u"method"_s).isString() || !(id.isString() || id.isDouble()))
        return jsonRpcError(400, -32600,
                            u"Invalid Request: a request needs a string method and a string or "
                            "number id"_s);

    McpDispatcher dispatcher(target->server,
                             McpToolbox::toolsFor(target->server, target->benchmark, m_state.mcpExtraTools),
                             target->context);
    const McpDispatcher::Reply answer = dispatcher.handle(message);
    HttpReply reply;
    reply.status = 200;
    reply.setHeader("Content-Type", "text/event-stream");
    reply.setHeader("Cache-Control", "no-cache, no-transform");
    if (answer.notifications.isEmpty()) {
        reply.body = sseEvent(answer.message);
        *delayMs = answer.delayMs;
        return reply;
    }
    // A slow tool's progress arrives while it works: the first event at once, the rest spread over its time,
    // the response last.
    reply.body = sseEvent(answer.notifications.first());
    for (qsizetype i = 1; i < answer.notifications.size(); ++i)
        reply.laterParts.append(sseEvent(answer.notifications.at(i)));
    reply.laterParts.append(sseEvent(answer.message));
    reply.partIntervalMs = answer.delayMs / int(reply.laterParts.size());
    return reply;
}

} // namespace Emulator
