#include "cli/mcpcommands.h"

#include "api/apicall.h"
#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "cli/interruptnotifier.h"
#include "cli/mcpresulttext.h"
#include "cli/mcpsession.h"
#include "cli/mcptoolarguments.h"
#include "cli/terminaltext.h"
#include "cli/texttable.h"
#include "cli/toollistdifftext.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"
#include "mcp/toollistdiff.h"
#include "mcp/toollistfile.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

#include <optional>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

// `mcp diff`: like diff(1), trouble is 2 so that a script can tell it from a difference.
constexpr int troubleExitCode = 2;

const QString sandboxPrefix = u"sandbox:"_s;
const QString localPrefix = u"local:"_s;

QString firstLine(const QString &text)
{
    return text.section(u'\n', 0, 0).trimmed();
}

// "SERVER/ID" or "ID/SERVER" split at the first slash; both halves non-empty, else nothing.
std::optional<std::pair<QString, QString>> splitPair(const QString &text)
{
    const qsizetype slash = text.indexOf(u'/');
    if (slash <= 0 || slash == text.size() - 1)
        return std::nullopt;
    return std::pair{text.left(slash), text.mid(slash + 1)};
}

} // namespace

const QMap<QString, McpCommands::Handler> &McpCommands::handlers()
{
    static const QMap<QString, Handler> handlers = {
        {u"mcp info"_s, &McpCommands::info},         {u"mcp tools"_s, &McpCommands::tools},
        {u"mcp call"_s, &McpCommands::call},         {u"mcp ping"_s, &McpCommands::ping},
        {u"mcp diff"_s, &McpCommands::compareTools},
    };
    return handlers;
}

bool McpCommands::handles(const QString &command)
{
    return handlers().contains(command);
}

McpCommands::McpCommands(CliContext &context, QObject *parent)
    : CliCommandGroup(context, parent), m_sandboxes(new KlavisSandboxService(context.transport(), this)),
      m_local(new KlavisLocalSandboxService(context.transport(), this)),
      m_session(new McpSession(context, this))
{}

void McpCommands::start()
{
    (this->*handlers().value(m_command.name))();
}

void McpCommands::openSession(const std::function<void()> &then)
{
    m_session->cancelOnInterrupt();
    const auto &args = m_command.arguments;
    auto open = [this, then](const QString &url) {
        if (m_session->open(url))
            then();
    };
    if (m_command.has(u"sandbox"_s)) {
        const QString server = m_command.option(u"sandbox"_s);
        m_context.watch(m_sandboxes->details(
            server, args[0], this, [this, server, open](const ApiResult<SandboxDetails> &result) {
                if (m_session->isInterrupted())
                    return done(InterruptNotifier::interruptedExitCode);
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
        m_context.watch(m_local->details(id, this, [this, open](const ApiResult<LocalSandbox> &result) {
            if (m_session->isInterrupted())
                return done(InterruptNotifier::interruptedExitCode);
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

void McpCommands::info()
{
    openSession([this] {
        m_session->watch(m_session->client()->connectToServer(), [this](McpCall *call) {
            if (m_command.json)
                return m_output.jsonAsIs(McpResultText::compactJson(call->result())), m_session->finish(0);
            const McpServerInfo &info = m_session->client()->serverInfo();
            m_output.field(u"Name"_s, info.name);
            if (!info.title.isEmpty())
                m_output.field(u"Title"_s, info.title);
            m_output.field(u"Version"_s, info.version);
            m_output.field(u"Protocol"_s, info.protocolVersion);
            m_output.field(u"Session"_s,
                           info.sessionId.isEmpty() ? u"none (stateless)"_s : u"kept by the server"_s);
            m_output.field(u"Capabilities"_s, McpResultText::capabilities(info.capabilities));
            if (!info.instructions.isEmpty())
                m_output.out(u"Instructions:\n"_s + info.instructions + u'\n');
            m_session->finish(0);
        });
    });
}

void McpCommands::tools()
{
    openSession([this] {
        m_session->watch(m_session->client()->listTools(), [this](McpCall *call) {
            const QList<McpTool> tools = call->tools();
            if (m_command.json) {
                QJsonArray raw;
                for (const auto &tool : tools)
                    raw.append(tool.raw);
                return m_output.jsonAsIs(QJsonDocument(raw).toJson()), m_session->finish(0);
            }
            TextTable table({u"TOOL"_s, u"DESCRIPTION"_s, u"HINTS"_s});
            table.setMaxColumnWidth(1, 70);
            for (const auto &tool : tools)
                table.addRow({tool.name,
                              firstLine(tool.description.isEmpty() ? tool.title : tool.description),
                              McpResultText::annotations(tool.annotations)});
            if (table.isEmpty())
                m_output.out(u"The server offers no tools.\n"_s);
            else
                m_output.out(table.render() + u"\n%1 tools\n"_s.arg(tools.size()));
            m_session->finish(0);
        });
    });
}

void McpCommands::call()
{
    openSession([this] {
        if (m_command.values(u"arg"_s).isEmpty()) {
            QJsonObject arguments;
            if (m_command.has(u"args"_s))
                arguments = QJsonDocument::fromJson(m_command.option(u"args"_s).toUtf8()).object();
            return callTool(arguments);
        }
        // --arg k=v needs the tool's schema to type each value.
        m_session->watch(m_session->client()->listTools(), [this](McpCall *call) {
            const QString name = m_command.arguments[1];
            const QList<McpTool> tools = call->tools();
            const auto tool =
                std::find_if(tools.begin(), tools.end(), [&](const McpTool &t) { return t.name == name; });
            if (tool == tools.end()) {
                m_output.err(u"error: the server has no tool '%1'; `mcp tools` lists them.\n"_s.arg(name));
                return m_session->finish(2);
            }
            QString problem;
            const auto arguments =
                McpToolArguments::fromPairs(m_command.values(u"arg"_s), tool->inputSchema, &problem);
            if (!arguments) {
                m_output.err(u"error: "_s + problem + u"; nothing was called.\n"_s);
                return m_session->finish(2);
            }
            callTool(*arguments);
        });
    });
}

void McpCommands::callTool(const QJsonObject &arguments)
{
    m_session->watch(m_session->client()->callTool(m_command.arguments[1], arguments), [this](McpCall *call) {
        const McpToolResult result = call->toolResult();
        const int exitCode = result.isError ? 1 : 0;
        if (m_command.json)
            return m_output.jsonAsIs(McpResultText::compactJson(call->result())), m_session->finish(exitCode);
        QString text;
        for (const auto &block : result.content)
            text += McpResultText::contentBlock(block) + u'\n';
        const QJsonValue structured = result.structuredContent;
        if (!structured.isUndefined() && !structured.isNull()) {
            const QByteArray json = structured.isObject()  ? QJsonDocument(structured.toObject()).toJson()
                                    : structured.isArray() ? QJsonDocument(structured.toArray()).toJson()
                                                           : McpResultText::compactJson(structured) + '\n';
            text +=
                (result.content.isEmpty() ? QString() : u"Structured content:\n"_s) + QString::fromUtf8(json);
        }
        if (text.isEmpty())
            text = u"(the tool returned no content)\n"_s;
        if (result.isError)
            m_output.err(u"error: the tool reported an error:\n"_s + text);
        else
            m_output.out(text);
        m_session->finish(exitCode);
    });
}

void McpCommands::ping()
{
    openSession([this] {
        m_session->watch(m_session->client()->connectToServer(), [this](McpCall *) {
            QElapsedTimer timer;
            timer.start();
            m_session->watch(m_session->client()->ping(), [this, timer](McpCall *) {
                const qint64 elapsed = timer.elapsed();
                if (m_command.json)
                    return m_output.jsonAsIs(QJsonDocument(QJsonObject{{u"ping_ms"_s, elapsed}}).toJson()),
                           m_session->finish(0);
                m_output.out(u"%1 answered a ping in %2 ms.\n"_s
                                 .arg(m_session->client()->serverInfo().name.isEmpty()
                                          ? u"The server"_s
                                          : m_session->client()->serverInfo().name)
                                 .arg(elapsed));
                m_session->finish(0);
            });
        });
    });
}

void McpCommands::compareTools()
{
    m_session->cancelOnInterrupt();
    listOperandTools(m_command.arguments[0], [this](const QList<McpTool> &before) {
        listOperandTools(m_command.arguments[1], [this, before](const QList<McpTool> &after) {
            const ToolListDiff diff = ToolListDiff::compare(before, after);
            const int exitCode = diff.isSame() && !diff.isTruncated() ? 0 : 1;
            if (m_command.json)
                return m_output.jsonAsIs(QJsonDocument(diff.toJson()).toJson(QJsonDocument::Compact)),
                       m_session->finish(exitCode);
            m_output.out(ToolListDiffText::report(diff));
            m_session->finish(exitCode);
        });
    });
}

void McpCommands::listOperandTools(const QString &operand, const ToolsHandler &then)
{
    auto fail = [this](const QString &problem) {
        m_output.err(u"error: "_s + problem + u'\n');
        done(troubleExitCode);
    };
    auto apiFailed = [this](const ApiError &error) {
        if (m_session->isInterrupted())
            return done(InterruptNotifier::interruptedExitCode);
        m_output.apiError(error);
        done(troubleExitCode);
    };
    if (operand.startsWith(sandboxPrefix)) {
        const auto pair = splitPair(operand.mid(sandboxPrefix.size()));
        if (!pair)
            return fail(u"%1 is not sandbox:SERVER/ID"_s.arg(TerminalText::escape(operand)));
        // Named copies, not a structured binding: lambdas capture them (clang-tidy's clang 14 cannot).
        const QString server = pair->first;
        const QString id = pair->second;
        m_context.watch(m_sandboxes->details(
            server, id, this,
            [this, server, id, then, fail, apiFailed](const ApiResult<SandboxDetails> &result) {
                if (!result)
                    return apiFailed(result.error());
                const QString url = result->serverUrls.value(server);
                if (url.isEmpty())
                    return fail(u"sandbox %1 has no MCP URL for %2 (is it acquired?)"_s.arg(id, server));
                listToolsAt(url, then);
            }));
        return;
    }
    if (operand.startsWith(localPrefix)) {
        const auto pair = splitPair(operand.mid(localPrefix.size()));
        if (!pair)
            return fail(u"%1 is not local:ID/SERVER"_s.arg(TerminalText::escape(operand)));
        const QString id = pair->first;
        const QString server = pair->second;
        m_context.watch(m_local->details(
            id, this, [this, id, server, then, fail, apiFailed](const ApiResult<LocalSandbox> &result) {
                if (!result)
                    return apiFailed(result.error());
                for (const auto &running : result->servers) {
                    if (running.serverName == server && !running.mcpServerUrl.isEmpty())
                        return listToolsAt(running.mcpServerUrl, then);
                }
                fail(u"local sandbox %1 runs no server %2 with an MCP URL"_s.arg(id, server));
            }));
        return;
    }
    if (operand.startsWith(u"http://"_s, Qt::CaseInsensitive) ||
        operand.startsWith(u"https://"_s, Qt::CaseInsensitive))
        return listToolsAt(operand, then);
    QString problem;
    const auto tools = ToolListFile::read(operand, &problem);
    if (!tools)
        return fail(TerminalText::escape(problem));
    then(*tools);
}

void McpCommands::listToolsAt(const QString &url, const ToolsHandler &then)
{
    // The first side's session is closed by the second side's open(); finish() closes the last one.
    if (!m_session->open(url))
        return;
    m_session->watchAsTrouble(m_session->client()->listTools(),
                              [then](McpCall *call) { then(call->tools()); });
}
