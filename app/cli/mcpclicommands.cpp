// The `mcp ...` commands of CliRunner: an MCP server's tools, listed and called from a terminal.
#include "cli/clirunner.h"

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "api/urlpolicy.h"
#include "cli/interruptnotifier.h"
#include "cli/mcptoolarguments.h"
#include "cli/terminaltext.h"
#include "cli/texttable.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

// The exit code of a command stopped with Ctrl+C, as a shell reports one killed by SIGINT.
constexpr int interruptedExitCode = 130;
// How long the CLI waits for the DELETE that ends a session before it exits anyway.
constexpr int closeGraceMs = 300;

QByteArray jsonText(const QJsonValue &value)
{
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2);
}

QString firstLine(const QString &text)
{
    return text.section(u'\n', 0, 0).trimmed();
}

// "tools (listChanged), logging": what the server says it can do, in one line.
QString capabilitiesText(const QJsonObject &capabilities)
{
    QStringList parts;
    for (auto it = capabilities.begin(); it != capabilities.end(); ++it) {
        QStringList flags;
        const QJsonObject details = it.value().toObject();
        for (auto flag = details.begin(); flag != details.end(); ++flag) {
            if (flag.value().toBool())
                flags << flag.key();
        }
        parts << (flags.isEmpty() ? it.key() : it.key() + u" ("_s + flags.join(u", "_s) + u')');
    }
    return parts.join(u", "_s);
}

QString annotationText(const QJsonObject &annotations)
{
    QStringList hints;
    if (annotations.value(u"readOnlyHint"_s).toBool())
        hints << u"read-only"_s;
    if (annotations.value(u"destructiveHint"_s).toBool())
        hints << u"destructive"_s;
    if (annotations.value(u"idempotentHint"_s).toBool())
        hints << u"idempotent"_s;
    if (annotations.value(u"openWorldHint"_s).toBool())
        hints << u"open-world"_s;
    return hints.join(u", "_s);
}

// A content block as a person reads it: text as it is, binary payloads by their type and size.
QString blockText(const McpContentBlock &block)
{
    switch (block.kind) {
    case McpContentBlock::Kind::Text:
        return block.text;
    case McpContentBlock::Kind::Image:
    case McpContentBlock::Kind::Audio:
        return u"[%1, %2 bytes]"_s.arg(block.mimeType.isEmpty() ? u"binary"_s : block.mimeType)
            .arg(block.data.size());
    case McpContentBlock::Kind::Resource:
        if (!block.text.isEmpty())
            return u"[resource %1]\n%2"_s.arg(block.uri, block.text);
        return u"[resource %1, %2, %3 bytes]"_s
            .arg(block.uri, block.mimeType.isEmpty() ? u"binary"_s : block.mimeType)
            .arg(block.data.size());
    case McpContentBlock::Kind::ResourceLink:
        return u"[link %1]"_s.arg(block.uri);
    case McpContentBlock::Kind::Unknown:
        break;
    }
    return QString::fromUtf8(jsonText(block.raw));
}

} // namespace

void CliRunner::openMcpClient(const std::function<void()> &then)
{
    cancelMcpOnInterrupt();
    const auto &args = m_command.arguments;
    auto open = [this, then](const QString &url) {
        if (openMcpClientAt(url))
            then();
    };
    if (m_command.has(u"sandbox"_s)) {
        const QString server = m_command.option(u"sandbox"_s);
        watch(m_sandboxes->details(
            server, args[0], this, [this, server, open](const ApiResult<SandboxDetails> &result) {
                if (m_interrupted)
                    return done(interruptedExitCode);
                if (!result)
                    return done(m_output.apiError(result.error()));
                const QString url = result->serverUrls.value(
                    server, result->serverUrls.isEmpty() ? QString() : result->serverUrls.first());
                if (url.isEmpty()) {
                    m_output.err(u"error: sandbox %1 has no MCP URL (is it acquired?)\n"_s.arg(
                        m_command.arguments[0]));
                    return done(1);
                }
                open(url);
            }));
        return;
    }
    if (m_command.has(u"local"_s)) {
        const QString id = m_command.option(u"local"_s);
        watch(m_local->details(id, this, [this, open](const ApiResult<LocalSandbox> &result) {
            if (m_interrupted)
                return done(interruptedExitCode);
            if (!result)
                return done(m_output.apiError(result.error()));
            QStringList names;
            for (const auto &server : result->servers) {
                if (server.serverName == m_command.arguments[0] && !server.mcpServerUrl.isEmpty())
                    return open(server.mcpServerUrl);
                names << server.serverName;
            }
            m_output.err(u"error: local sandbox %1 runs no server %2 with an MCP URL; it runs: %3\n"_s.arg(
                m_command.option(u"local"_s), m_command.arguments[0], names.join(u", "_s)));
            done(1);
        }));
        return;
    }
    open(args[0]);
}

void CliRunner::cancelMcpOnInterrupt()
{
    auto *interrupt = new InterruptNotifier(this);
    connect(interrupt, &InterruptNotifier::interrupted, this, [this] {
        m_interrupted = true;
        if (m_mcpCall)
            m_mcpCall->cancel(); // finished() with Cancelled follows
        else if (m_call)
            m_call->abort();
        else
            done(interruptedExitCode);
    });
}

bool CliRunner::openMcpClientAt(const QString &url)
{
    const QUrl parsed(url, QUrl::StrictMode);
    if (const QString problem = UrlPolicy::checkMcpUrl(parsed); !problem.isEmpty()) {
        m_output.err(u"error: "_s + problem + u'\n');
        done(2);
        return false;
    }
    // mcp diff's first side, listed by now: its session ends (a DELETE) before the second side's opens.
    if (m_mcp && !m_mcp->serverInfo().sessionId.isEmpty())
        m_mcp->close();
    m_mcp = new McpClient(m_transport->networkAccessManager(), this);
    m_mcp->setTimeoutMs(m_command.timeoutSeconds * 1000);
    m_mcp->setUrl(parsed);
    return true;
}

void CliRunner::watchMcp(McpCall *call, const std::function<void(McpCall *)> &handle)
{
    m_mcpCall = call;
    connect(call, &McpCall::finished, this, [this, call, handle] {
        if (m_interrupted || call->error().kind == McpError::Kind::Cancelled) {
            m_output.err(u"Cancelled.\n"_s);
            return finishMcp(interruptedExitCode);
        }
        if (call->error().isError()) {
            m_output.err(u"error: "_s + call->error().describe() + u'\n');
            return finishMcp(call->error().kind == McpError::Kind::Refused ? 2 : 1);
        }
        handle(call);
    });
}

void CliRunner::finishMcp(int exitCode)
{
    // A server that keeps sessions is told this one ends (DELETE); a short wait lets it go out.
    if (m_mcp && !m_mcp->serverInfo().sessionId.isEmpty()) {
        m_mcp->close();
        QTimer::singleShot(closeGraceMs, this, [this, exitCode] { done(exitCode); });
        return;
    }
    done(exitCode);
}

void CliRunner::mcpInfo()
{
    openMcpClient([this] {
        watchMcp(m_mcp->connectToServer(), [this](McpCall *call) {
            if (m_command.json)
                return m_output.jsonAsIs(jsonText(call->result())), finishMcp(0);
            const McpServerInfo &info = m_mcp->serverInfo();
            m_output.field(u"Name"_s, info.name);
            if (!info.title.isEmpty())
                m_output.field(u"Title"_s, info.title);
            m_output.field(u"Version"_s, info.version);
            m_output.field(u"Protocol"_s, info.protocolVersion);
            m_output.field(u"Session"_s,
                           info.sessionId.isEmpty() ? u"none (stateless)"_s : u"kept by the server"_s);
            m_output.field(u"Capabilities"_s, capabilitiesText(info.capabilities));
            if (!info.instructions.isEmpty())
                m_output.out(u"Instructions:\n"_s + info.instructions + u'\n');
            finishMcp(0);
        });
    });
}

void CliRunner::mcpTools()
{
    openMcpClient([this] {
        watchMcp(m_mcp->listTools(), [this](McpCall *call) {
            const QList<McpTool> tools = call->tools();
            if (m_command.json) {
                QJsonArray raw;
                for (const auto &tool : tools)
                    raw.append(tool.raw);
                return m_output.jsonAsIs(QJsonDocument(raw).toJson()), finishMcp(0);
            }
            TextTable table({u"TOOL"_s, u"DESCRIPTION"_s, u"HINTS"_s});
            table.setMaxColumnWidth(1, 70);
            for (const auto &tool : tools)
                table.addRow({tool.name,
                              firstLine(tool.description.isEmpty() ? tool.title : tool.description),
                              annotationText(tool.annotations)});
            if (table.isEmpty())
                m_output.out(u"The server offers no tools.\n"_s);
            else
                m_output.out(table.render() + u"\n%1 tools\n"_s.arg(tools.size()));
            finishMcp(0);
        });
    });
}

void CliRunner::mcpCall()
{
    openMcpClient([this] {
        if (m_command.values(u"arg"_s).isEmpty()) {
            QJsonObject arguments;
            if (m_command.has(u"args"_s))
                arguments = QJsonDocument::fromJson(m_command.option(u"args"_s).toUtf8()).object();
            return callMcpTool(arguments);
        }
        // --arg k=v needs the tool's schema to type each value.
        watchMcp(m_mcp->listTools(), [this](McpCall *call) {
            const QString name = m_command.arguments[1];
            const QList<McpTool> tools = call->tools();
            const auto tool =
                std::find_if(tools.begin(), tools.end(), [&](const McpTool &t) { return t.name == name; });
            if (tool == tools.end()) {
                m_output.err(u"error: the server has no tool '%1'; `mcp tools` lists them.\n"_s.arg(name));
                return finishMcp(2);
            }
            QString problem;
            const auto arguments =
                McpToolArguments::fromPairs(m_command.values(u"arg"_s), tool->inputSchema, &problem);
            if (!arguments) {
                m_output.err(u"error: "_s + problem + u"; nothing was called.\n"_s);
                return finishMcp(2);
            }
            callMcpTool(*arguments);
        });
    });
}

void CliRunner::callMcpTool(const QJsonObject &arguments)
{
    watchMcp(m_mcp->callTool(m_command.arguments[1], arguments), [this](McpCall *call) {
        const McpToolResult result = call->toolResult();
        const int exitCode = result.isError ? 1 : 0;
        if (m_command.json)
            return m_output.jsonAsIs(jsonText(call->result())), finishMcp(exitCode);
        QString text;
        for (const auto &block : result.content)
            text += blockText(block) + u'\n';
        const QJsonValue structured = result.structuredContent;
        if (!structured.isUndefined() && !structured.isNull()) {
            const QByteArray json = structured.isObject()  ? QJsonDocument(structured.toObject()).toJson()
                                    : structured.isArray() ? QJsonDocument(structured.toArray()).toJson()
                                                           : jsonText(structured) + '\n';
            text +=
                (result.content.isEmpty() ? QString() : u"Structured content:\n"_s) + QString::fromUtf8(json);
        }
        if (text.isEmpty())
            text = u"(the tool returned no content)\n"_s;
        if (result.isError)
            m_output.err(u"error: the tool reported an error:\n"_s + text);
        else
            m_output.out(text);
        finishMcp(exitCode);
    });
}

void CliRunner::mcpPing()
{
    openMcpClient([this] {
        watchMcp(m_mcp->connectToServer(), [this](McpCall *) {
            QElapsedTimer timer;
            timer.start();
            watchMcp(m_mcp->ping(), [this, timer](McpCall *) {
                const qint64 elapsed = timer.elapsed();
                if (m_command.json)
                    return m_output.jsonAsIs(QJsonDocument(QJsonObject{{u"ping_ms"_s, elapsed}}).toJson()),
                           finishMcp(0);
                m_output.out(
                    u"%1 answered a ping in %2 ms.\n"_s
                        .arg(m_mcp->serverInfo().name.isEmpty() ? u"The server"_s : m_mcp->serverInfo().name)
                        .arg(elapsed));
                finishMcp(0);
            });
        });
    });
}
