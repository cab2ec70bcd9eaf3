#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class CliContext;
class McpCall;
class McpClient;

// The MCP side of one `mcp` command: the client for a checked URL (one at a time: `mcp diff` ends the first
// side's session before the second side's opens), the MCP call in flight, Ctrl+C, and the end of the
// command once a session's DELETE had a moment to go out.
class McpSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpSession)

public:
    explicit McpSession(CliContext &context, QObject *parent = nullptr);

    // Ctrl+C from here on cancels the MCP call or API call in flight and exits 130.
    void cancelOnInterrupt();
    bool isInterrupted() const { return m_interrupted; }

    // Checks an MCP URL (UrlPolicy::checkMcpUrl) and makes the client for it, closing a client with a
    // session made before; false (and the command ended with 2) when the URL is refused.
    bool open(const QString &url);
    McpClient *client() const { return m_client; }

    // Ends the command on a cancel (130) or an error (2 when the server refused, else 1); else runs
    // `handle` with the finished call.
    void watch(McpCall *call, const std::function<void(McpCall *)> &handle);
    // The same, but every error ends it with 2: `mcp diff` tells trouble from a difference, like diff(1).
    void watchAsTrouble(McpCall *call, const std::function<void(McpCall *)> &handle);

    // Ends the command; a server that keeps sessions is told this one ends first.
    void finish(int exitCode);

private:
    void watch(McpCall *call, const std::function<void(McpCall *)> &handle, bool everyErrorIsTrouble);

    CliContext &m_context;
    McpClient *m_client = nullptr;
    QPointer<McpCall> m_call;
    bool m_interrupted = false;
};
