#pragma once

#include "cli/clicommandgroup.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <functional>

class KlavisLocalSandboxService;
class KlavisSandboxService;
class McpSession;
struct McpTool;

// An MCP server from a terminal: `mcp info`, `tools`, `call`, `ping` at a URL or a sandbox's server, and
// `mcp diff` of two tool lists.
class McpCommands final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpCommands)

public:
    static bool handles(const QString &command);

    explicit McpCommands(CliContext &context, QObject *parent = nullptr);

    void start() override;

private:
    using Handler = void (McpCommands::*)();
    using ToolsHandler = std::function<void(const QList<McpTool> &)>;
    static const QMap<QString, Handler> &handlers();

    void info();
    void tools();
    void call();
    void callTool(const QJsonObject &arguments);
    void ping();
    void compareTools();
    // Resolves the command's MCP URL (given, or a sandbox's from the API), opens the session there and runs
    // `then`; on failure the command ends. Ctrl+C from here on cancels what is in flight and exits 130.
    void openSession(const std::function<void()> &then);
    // The tools of one `mcp diff` operand (a URL, a saved list file, sandbox:SERVER/ID or local:ID/SERVER)
    // for `then`; on trouble the command ends with 2.
    void listOperandTools(const QString &operand, const ToolsHandler &then);
    void listToolsAt(const QString &url, const ToolsHandler &then);

    KlavisSandboxService *m_sandboxes;
    KlavisLocalSandboxService *m_local;
    McpSession *m_session;
};
