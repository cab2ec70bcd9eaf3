// `mcp diff A B` of CliRunner: the tool lists of two MCP servers, saved lists or sandboxes compared.
#include "cli/clirunner.h"

#include "api/apicall.h"
#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "cli/jsondifferencetext.h"
#include "cli/terminaltext.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"
#include "mcp/toollistdiff.h"
#include "mcp/toollistfile.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

constexpr int troubleExitCode = 2;
constexpr int interruptedExitCode = 130;

const QString sandboxPrefix = u"sandbox:"_s;
const QString localPrefix = u"local:"_s;

// "SERVER/ID" or "ID/SERVER" split at the first slash; both halves non-empty, else nothing.
std::optional<std::pair<QString, QString>> splitPair(const QString &text)
{
    const qsizetype slash = text.indexOf(u'/');
    if (slash <= 0 || slash == text.size() - 1)
        return std::nullopt;
    return std::pair{text.left(slash), text.mid(slash + 1)};
}

QString toolsWord(qsizetype count)
{
    return count == 1 ? u"1 tool"_s : u"%1 tools"_s.arg(count);
}

QString namesBlock(const QStringList &names, QChar mark)
{
    QString text;
    for (const QString &name : names)
        text += u"  "_s + mark + u' ' + TerminalText::escape(name) + u'\n';
    return text;
}

QString summary(const ToolListDiff &diff)
{
    if (diff.isSame())
        return u"The tool lists are the same (%1).\n"_s.arg(toolsWord(diff.afterCount()));
    QString text;
    if (!diff.added().isEmpty())
        text += u"Only in B (%1):\n"_s.arg(toolsWord(diff.added().size())) + namesBlock(diff.added(), u'+');
    if (!diff.removed().isEmpty())
        text +=
            u"Only in A (%1):\n"_s.arg(toolsWord(diff.removed().size())) + namesBlock(diff.removed(), u'-');
    if (!diff.changed().isEmpty()) {
        text += u"Changed (%1):\n"_s.arg(toolsWord(diff.changed().size()));
        for (const auto &change : diff.changed()) {
            text +=
                u"  ~ %1: %2\n"_s.arg(TerminalText::escape(change.name), change.partNames().join(u", "_s));
            for (const auto &part : change.parts) {
                for (const auto &difference : part.differences)
                    text += u"      "_s + JsonDifferenceText::line(difference) + u'\n';
            }
        }
    }
    text += u"%1 the same; A has %2, B has %3.\n"_s.arg(
        toolsWord(diff.unchangedCount()), toolsWord(diff.beforeCount()), toolsWord(diff.afterCount()));
    return text;
}

} // namespace

void CliRunner::mcpDiff()
{
    cancelMcpOnInterrupt();
    listOperandTools(m_command.arguments[0], [this](const QList<McpTool> &before) {
        listOperandTools(m_command.arguments[1], [this, before](const QList<McpTool> &after) {
            const ToolListDiff diff = ToolListDiff::compare(before, after);
            const int exitCode = diff.isSame() && !diff.isTruncated() ? 0 : 1;
            if (m_command.json)
                return m_output.jsonAsIs(QJsonDocument(diff.toJson()).toJson(QJsonDocument::Compact)),
                       finishMcp(exitCode);
            QString text = summary(diff);
            if (!diff.duplicates().isEmpty())
                text += u"Listed more than once (the first definition compared): %1\n"_s.arg(
                    TerminalText::escape(diff.duplicates().join(u", "_s)));
            if (diff.isTruncated())
                text += u"(a tool's comparison stopped at its limit: there may be more differences)\n"_s;
            m_output.out(text);
            finishMcp(exitCode);
        });
    });
}

void CliRunner::listOperandTools(const QString &operand,
                                 const std::function<void(const QList<McpTool> &)> &then)
{
    auto fail = [this](const QString &problem) {
        m_output.err(u"error: "_s + problem + u'\n');
        done(troubleExitCode);
    };
    auto apiFailed = [this](const ApiError &error) {
        if (m_interrupted)
            return done(interruptedExitCode);
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
        watch(m_sandboxes->details(
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
        watch(m_local->details(
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

void CliRunner::listToolsAt(const QString &url, const std::function<void(const QList<McpTool> &)> &then)
{
    // The first side's client is closed by openMcpClientAt once listed; finishMcp closes the last one.
    if (!openMcpClientAt(url))
        return;
    McpCall *call = m_mcp->listTools();
    m_mcpCall = call;
    connect(call, &McpCall::finished, this, [this, call, then] {
        if (m_interrupted || call->error().kind == McpError::Kind::Cancelled) {
            m_output.err(u"Cancelled.\n"_s);
            return finishMcp(interruptedExitCode);
        }
        if (call->error().isError()) {
            m_output.err(u"error: "_s + call->error().describe() + u'\n');
            return finishMcp(troubleExitCode);
        }
        then(call->tools());
    });
}
