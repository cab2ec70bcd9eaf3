#include "emulator/mcp/mcpdispatcher.h"

#include "json/jsonschemavalidator.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

constexpr int invalidParams = -32602;

QJsonObject success(const QJsonValue &id, const QJsonObject &result)
{
    return QJsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, result}};
}

QJsonObject toolResult(const McpToolOutcome &outcome)
{
    QJsonObject result{
        {u"content"_s, outcome.content.isEmpty()
                           ? QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, outcome.text}}}
                           : outcome.content},
        {u"isError"_s, outcome.isError},
    };
    if (!outcome.structured.isUndefined())
        result.insert(u"structuredContent"_s, outcome.structured);
    return result;
}

} // namespace

McpDispatcher::McpDispatcher(QString server, QList<McpToolSpec> tools, McpToolContext context)
    : m_server(std::move(server)), m_tools(std::move(tools)), m_context(context)
{}

const QStringList &McpDispatcher::protocolVersions()
{
    static const QStringList versions = {u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s};
    return versions;
}

QJsonObject McpDispatcher::error(const QJsonValue &id, int code, const QString &message)
{
    return QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                       {u"id"_s, id},
                       {u"error"_s, QJsonObject{{u"code"_s, code}, {u"message"_s, message}}}};
}

McpDispatcher::Reply McpDispatcher::handle(const QJsonObject &request)
{
    const QJsonValue id = request.value(u"id"_s);
    const QString method = request.value(u"method"_s).toString();
    const QJsonValue paramsValue = request.value(u"params"_s);
    if (!paramsValue.isUndefined() && !paramsValue.isObject())
        return {{}, error(id, invalidParams, u"params must be an object"_s), 0};
    const QJsonObject params = paramsValue.toObject();
    if (method == u"initialize") {
        if (!params.value(u"protocolVersion"_s).isString())
            return {{}, error(id, invalidParams, u"initialize needs params.protocolVersion"_s), 0};
        return {{}, success(id, initialize(params)), 0};
    }
    if (method == u"ping")
        return {{}, success(id, QJsonObject()), 0};
    if (method == u"tools/list") {
        const std::optional<QJsonObject> page = listTools(params);
        return {{}, page ? success(id, *page) : error(id, invalidParams, u"Invalid cursor"_s), 0};
    }
    if (method == u"tools/call")
        return callTool(id, params);
    return {{}, error(id, -32601, u"Method not found: "_s + method.left(100)), 0};
}

QJsonObject McpDispatcher::initialize(const QJsonObject &params) const
{
    const QString asked = params.value(u"protocolVersion"_s).toString();
    // A version we speak is echoed; for any other the newest is offered, and the client decides.
    const QString version = protocolVersions().contains(asked) ? asked : protocolVersions().first();
    return QJsonObject{
        {u"protocolVersion"_s, version},
        {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject{{u"listChanged"_s, false}}}}},
        {u"serverInfo"_s, QJsonObject{{u"name"_s, QString(u"klavis-"_s + m_server)},
                                      {u"title"_s, QString(m_server + u" (SandboxDeck emulator)"_s)},
                                      {u"version"_s, u"1.0.0"_s}}},
        {u"instructions"_s,
         u"Tools of an emulated %1 sandbox. They read and change this sandbox's data, which "
         "the sandbox's dump shows; a reset empties it."_s.arg(m_server)},
    };
}

std::optional<QJsonObject> McpDispatcher::listTools(const QJsonObject &params) const
{
    qsizetype offset = 0;
    if (params.contains(u"cursor"_s)) {
        // Opaque to clients: the offset of the next page, base64-encoded.
        const QByteArray decoded = QByteArray::fromBase64(params.value(u"cursor"_s).toString().toLatin1());
        bool ok = false;
        offset = decoded.startsWith("offset:") ? decoded.mid(7).toLongLong(&ok) : -1;
        if (!ok || offset < 0 || offset >= m_tools.size())
            return std::nullopt;
    }
    QJsonArray tools;
    for (qsizetype i = offset; i < m_tools.size() && tools.size() < pageSize; ++i)
        tools.append(m_tools.at(i).toJson());
    QJsonObject page{{u"tools"_s, tools}};
    if (offset + pageSize < m_tools.size())
        page.insert(
            u"nextCursor"_s,
            QString::fromLatin1(QByteArray("offset:" + QByteArray::number(offset + pageSize)).toBase64()));
    return page;
}

McpDispatcher::Reply McpDispatcher::callTool(const QJsonValue &id, const QJsonObject &params)
{
    const QString name = params.value(u"name"_s).toString();
    if (!params.value(u"name"_s).isString())
        return {{}, error(id, invalidParams, u"tools/call needs params.name"_s), 0};
    const auto tool =
        std::find_if(m_tools.begin(), m_tools.end(), [&](const McpToolSpec &t) { return t.name == name; });
    if (tool == m_tools.end())
        return {{}, error(id, invalidParams, u"Unknown tool: "_s + name.left(100)), 0};
    const QJsonValue argumentsValue = params.value(u"arguments"_s);
    if (!argumentsValue.isUndefined() && !argumentsValue.isNull() && !argumentsValue.isObject())
        return {{}, error(id, invalidParams, u"arguments must be an object"_s), 0};
    const QJsonObject arguments = argumentsValue.toObject();
    // Bad arguments are the model's mistake to see and correct: a result with isError, as MCP servers answer.
    const QList<JsonSchemaViolation> violations =
        JsonSchemaValidator(tool->inputSchema).validate(arguments, tool->inputSchema);
    McpToolOutcome outcome;
    if (!violations.isEmpty()) {
        QStringList lines;
        for (const JsonSchemaViolation &violation : violations)
            lines.append(violation.describe());
        outcome = McpToolOutcome::error(u"Invalid arguments for %1: %2"_s.arg(name, lines.join(u"; "_s)));
    } else {
        outcome = tool->run(m_context, arguments);
    }
    Reply reply{{}, success(id, toolResult(outcome)), outcome.delayMs};
    const QJsonValue token = params.value(u"_meta"_s).toObject().value(u"progressToken"_s);
    if (token.isString() || token.isDouble()) {
        for (qsizetype i = 0; i < outcome.progress.size(); ++i) {
            reply.notifications.append(QJsonObject{
                {u"jsonrpc"_s, u"2.0"_s},
                {u"method"_s, u"notifications/progress"_s},
                {u"params"_s, QJsonObject{{u"progressToken"_s, token},
                                          {u"progress"_s, i + 1},
                                          {u"total"_s, outcome.progress.size()},
                                          {u"message"_s, outcome.progress.at(i)}}},
            });
        }
    }
    return reply;
}

} // namespace Emulator
