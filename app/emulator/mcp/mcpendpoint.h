#pragma once

#include "emulator/mcp/mcptoolspec.h"
#include "emulator/server/httpreply.h"

#include <QString>

#include <optional>

namespace Emulator {

struct EmulatorState;
struct IncomingRequest;

// MCP over Streamable HTTP at every URL the emulator hands out: /mcp/<server>/?instance_id=<lease> for a
// hosted sandbox (or an acquired universe instance's service) and /local/<server>/mcp/?local_sandbox_id=<id>
// for a local one. Stateless like Klavis's servers: each POST carries one JSON-RPC message; a request is
// answered 200 as text/event-stream (its notifications, then the response, one `event: message` each), a
// notification or response 202; no session id, so GET (no stream to resume) and DELETE (no session to end)
// are 405. A URL whose instance is not the current lease of an occupied sandbox is 404, as the provider's
// gateway answers an expired one.
class McpEndpoint
{
public:
    static constexpr qint64 maxBodyBytes = 4 << 20;

    explicit McpEndpoint(EmulatorState &state);

    static bool owns(const IncomingRequest &request);
    // `delayMs`: how much later the answer should leave (a slow tool).
    HttpReply handle(const IncomingRequest &request, int *delayMs);

private:
    struct Target
    {
        QString server;
        QString benchmark;
        McpToolContext context;
    };
    std::optional<Target> find(const IncomingRequest &request);
    static HttpReply jsonRpcError(int status, int code, const QString &message);

    EmulatorState &m_state;
};

} // namespace Emulator
