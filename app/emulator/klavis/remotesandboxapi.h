#pragma once

#include "emulator/server/httpreply.h"
#include "emulator/server/validationerrors.h"

#include <QString>

namespace Emulator {

struct EmulatorState;
struct IncomingRequest;
struct RemoteSandbox;

// The /sandbox paths: a pool per hosted MCP server, acquire, details, list, release, reset and prepare. Path
// parameters arrive already routed; everything else is validated here as FastAPI would.
class RemoteSandboxApi
{
public:
    explicit RemoteSandboxApi(EmulatorState &state);

    HttpReply list(const IncomingRequest &request);
    HttpReply prepare(const IncomingRequest &request);
    // `errors` holds what the router found wrong in the path; FastAPI answers path, query and body errors
    // together.
    HttpReply acquire(const IncomingRequest &request, const QString &serverName, ValidationErrors errors);
    HttpReply details(const QString &serverName, const QString &sandboxId);
    HttpReply release(const IncomingRequest &request, const QString &serverName, const QString &sandboxId,
                      ValidationErrors errors);
    HttpReply reset(const QString &serverName, const QString &sandboxId);

    // Releases the sandboxes whose TTL has run out (checked before each request rather than by timers, so the
    // state has one owner and one lock).
    void releaseExpired();

private:
    RemoteSandbox *find(const QString &serverName, const QString &sandboxId);
    static HttpReply notFound(const QString &sandboxId);
    void releaseLease(RemoteSandbox &sandbox); // also forgets the sandbox's server data

    EmulatorState &m_state;
};

} // namespace Emulator
