#pragma once

#include "emulator/klavis/remotesandboxapi.h"
#include "emulator/klavis/serverdataapi.h"
#include "emulator/klavis/universeapi.h"
#include "emulator/local/localexecutions.h"
#include "emulator/local/localsandboxapi.h"
#include "emulator/server/httpreply.h"

#include <QByteArrayList>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QMutex;
QT_END_NAMESPACE

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
    // `mutex`: the server's, which LocalExecutions takes when its processes report.
    ApiRouter(EmulatorState &state, ObjectStore &store, QMutex &mutex);

    HttpReply handle(const IncomingRequest &request);

    // POST /sandbox/{server}, POST /local-sandbox or POST /universes/{id}: the calls that occupy a sandbox.
    static bool isAcquire(const IncomingRequest &request);

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
        LocalExecutionUploadUrl,
        LocalExecute,
        LocalExecutionStatus,
        LocalExecutionLogs,
        LocalExportArtifacts,
        ServerInitialize, // /sandbox/{server}/{id}/initialize for a server the OpenAPI file gives data paths
        ServerDump,
        LocalServerInitialize, // /local-sandbox/{server}/{id}/initialize
        LocalServerDump,
        Universes,           // GET /universes
        UniverseAcquire,     // POST /universes/{universe_id}
        UniverseRelease,     // POST /universes/{universe_instance_id}/release
        UniverseInitialData, // GET /universes/{universe_id}/initial_data
        UniverseTask,        // GET /universes/{universe_id}/tasks/{task_num}
        UniverseVerify,      // POST /universes/{universe_instance_id}/tasks/{task_num}/verify
    };
    struct Match
    {
        Route route = Route::None;
        QByteArrayList methods;
    };
    static Match match(const QStringList &segments);
    static Match executionRoute(const QString &last); // /local-sandbox/{id}/<last>
    static Match universeRoute(const QStringList &segments);
    static Match dataRoute(ProviderSpec::Scope scope, const QStringList &segments, Route initialize,
                           Route dump);
    HttpReply dispatch(Route route, const IncomingRequest &request);

    EmulatorState &m_state;
    RemoteSandboxApi m_remote;
    LocalSandboxApi m_local;
    ServerDataApi m_data;
    LocalExecutions m_executions;
    UniverseApi m_universes;
};

} // namespace Emulator
