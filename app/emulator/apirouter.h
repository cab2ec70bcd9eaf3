#pragma once

#include "emulator/httpreply.h"
#include "emulator/localsandboxapi.h"
#include "emulator/remotesandboxapi.h"

#include <QByteArrayList>
#include <QStringList>

#include <optional>

namespace Emulator {

class ObjectStore;
struct EmulatorState;
struct IncomingRequest;

// Maps a request onto the provider's paths the way Starlette does (404 for an unknown path, 405 with Allow
// for a known path and another method, 307 to drop a trailing slash), checks the Bearer key, validates path
// parameters and hands over to the handlers.
class ApiRouter
{
public:
    ApiRouter(EmulatorState &state, ObjectStore &store);

    HttpReply handle(const IncomingRequest &request);

    // 401 without a Bearer token, 403 with the wrong one.
    static std::optional<HttpReply> authenticate(const IncomingRequest &request, const QString &apiKey);

private:
    enum class Route
    {
        None,
        ListSandboxes,
        Prepare,
        Acquire,
        Sandbox,
        SandboxReset,
        LocalSandboxes,
        LocalSandbox,
        LocalReset,
        LocalUploadUrl,
        LocalInitialize,
        LocalDump,
    };
    struct Match
    {
        Route route = Route::None;
        QByteArrayList methods;
    };
    static Match match(const QStringList &segments);
    HttpReply dispatch(Route route, const IncomingRequest &request);

    EmulatorState &m_state;
    RemoteSandboxApi m_remote;
    LocalSandboxApi m_local;
};

} // namespace Emulator
