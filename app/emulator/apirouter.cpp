#include "emulator/apirouter.h"

#include "emulator/klavis/catalog.h"
#include "emulator/klavis/providerspec.h"
#include "emulator/server/bearerauth.h"
#include "emulator/server/incomingrequest.h"
#include "emulator/server/validationerrors.h"
#include "emulator/state/emulatorstate.h"

using namespace Qt::StringLiterals;

namespace Emulator {

ApiRouter::ApiRouter(EmulatorState &state, ObjectStore &store, QMutex &mutex)
    : m_state(state), m_remote(state), m_local(state, store), m_data(state),
      m_executions(state, store, mutex), m_universes(state)
{}

ApiRouter::Match ApiRouter::match(const QStringList &s)
{
    if (s.isEmpty() || s.contains(QString()))
        return {};
    if (s.at(0) == u"sandbox") {
        switch (s.size()) {
        case 1:
            return {Route::ListSandboxes, {"GET"}};
        case 2:
            return s.at(1) == u"prepare" ? Match{Route::Prepare, {"POST"}} : Match{Route::Acquire, {"POST"}};
        case 3:
            return {Route::Sandbox, {"GET", "DELETE"}};
        case 4:
            if (s.at(3) == u"reset")
                return {Route::SandboxReset, {"POST"}};
            return dataRoute(ProviderSpec::Scope::Sandbox, s, Route::ServerInitialize, Route::ServerDump);
        default:
            return {};
        }
    }
    if (s.at(0) == u"local-sandbox") {
        switch (s.size()) {
        case 1:
            return {Route::LocalSandboxes, {"GET", "POST"}};
        case 2:
            return {Route::LocalSandbox, {"GET", "DELETE"}};
        case 3:
            if (s.at(2) == u"reset")
                return {Route::LocalReset, {"POST"}};
            if (s.at(2) == u"upload-url")
                return {Route::LocalUploadUrl, {"POST"}};
            if (s.at(2) == u"initialize")
                return {Route::LocalInitialize, {"POST"}};
            if (s.at(2) == u"dump")
                return {Route::LocalDump, {"GET"}};
            if (Match execution = executionRoute(s.at(2)); execution.route != Route::None)
                return execution;
            return {};
        case 4:
            return dataRoute(ProviderSpec::Scope::LocalSandbox, s, Route::LocalServerInitialize,
                             Route::LocalServerDump);
        default:
            return {};
        }
    }
    if (s.at(0) == u"universes")
        return universeRoute(s);
    return {};
}

ApiRouter::Match ApiRouter::executionRoute(const QString &last)
{
    if (last == u"execution-upload-url")
        return {Route::LocalExecutionUploadUrl, {"POST"}};
    if (last == u"execute")
        return {Route::LocalExecute, {"POST"}};
    if (last == u"execution-status")
        return {Route::LocalExecutionStatus, {"GET"}};
    if (last == u"execution-logs")
        return {Route::LocalExecutionLogs, {"GET"}};
    if (last == u"export-artifacts")
        return {Route::LocalExportArtifacts, {"POST"}};
    return {};
}

ApiRouter::Match ApiRouter::universeRoute(const QStringList &s)
{
    switch (s.size()) {
    case 1:
        return {Route::Universes, {"GET"}};
    case 2:
        return {Route::UniverseAcquire, {"POST"}};
    case 3:
        if (s.at(2) == u"release")
            return {Route::UniverseRelease, {"POST"}};
        if (s.at(2) == u"initial_data")
            return {Route::UniverseInitialData, {"GET"}};
        return {};
    case 4:
        return s.at(2) == u"tasks" ? Match{Route::UniverseTask, {"GET"}} : Match{};
    case 5:
        return s.at(2) == u"tasks" && s.at(4) == u"verify" ? Match{Route::UniverseVerify, {"POST"}} : Match{};
    default:
        return {};
    }
}

ApiRouter::Match ApiRouter::dataRoute(ProviderSpec::Scope scope, const QStringList &s, Route initialize,
                                      Route dump)
{
    if (!ProviderSpec::instance().hasData(scope, s.at(1)))
        return {};
    if (s.at(3) == u"initialize")
        return {initialize, {"POST"}};
    if (s.at(3) == u"dump")
        return {dump, {"GET"}};
    return {};
}

bool ApiRouter::isAcquire(const IncomingRequest &request)
{
    if (request.method != "POST")
        return false;
    const Route route = match(request.segments).route;
    return route == Route::Acquire || route == Route::LocalSandboxes || route == Route::UniverseAcquire;
}

HttpReply ApiRouter::handle(const IncomingRequest &request)
{
    QStringList segments = request.segments;
    if (request.trailingSlash) {
        segments.removeLast();
        if (match(segments).route != Route::None) {
            QUrl target = m_state.apiBase;
            target.setPath(u"/"_s + segments.join(u'/'));
            target.setQuery(request.rawQuery, QUrl::TolerantMode);
            HttpReply reply = HttpReply::empty(307);
            reply.setHeader("Location", target.toEncoded());
            return reply;
        }
    }
    const Match found = match(request.segments);
    if (found.route == Route::None)
        return HttpReply::detail(404, u"Not Found"_s);
    const QByteArray method = request.method == "HEAD" ? QByteArray("GET") : request.method;
    if (!found.methods.contains(method)) {
        HttpReply reply = HttpReply::detail(405, u"Method Not Allowed"_s);
        reply.setHeader("Allow", found.methods.join(", "));
        return reply;
    }
    if (auto denied = BearerAuth::check(request, m_state.apiKey))
        return *denied;
    m_remote.releaseExpired();
    m_local.releaseExpired();
    m_executions.forgetGone();
    return dispatch(found.route, request);
}

HttpReply ApiRouter::dispatch(Route route, const IncomingRequest &request)
{
    const QStringList &s = request.segments;
    const bool removal = request.method == "DELETE";
    ValidationErrors pathErrors;
    if (route == Route::Acquire || route == Route::Sandbox || route == Route::SandboxReset)
        pathErrors.checkEnum(QJsonArray{u"path"_s, u"server_name"_s}, s.at(1), Catalog::sandboxServers());
    switch (route) {
    case Route::ListSandboxes:
        return m_remote.list(request);
    case Route::Prepare:
        return m_remote.prepare(request);
    case Route::Acquire:
        return m_remote.acquire(request, s.at(1), pathErrors);
    case Route::Sandbox:
        if (removal)
            return m_remote.release(request, s.at(1), s.at(2), pathErrors);
        return pathErrors.isEmpty() ? m_remote.details(s.at(1), s.at(2)) : pathErrors.reply();
    case Route::SandboxReset:
        return pathErrors.isEmpty() ? m_remote.reset(s.at(1), s.at(2)) : pathErrors.reply();
    case Route::LocalSandboxes:
        return request.method == "POST" ? m_local.acquire(request) : m_local.list();
    case Route::LocalSandbox:
        if (removal) {
            HttpReply reply = m_local.release(request, s.at(1));
            m_executions.forgetGone();
            return reply;
        }
        return m_local.details(s.at(1));
    case Route::LocalReset: {
        HttpReply reply = m_local.reset(s.at(1));
        if (reply.status == 200)
            m_executions.forget(s.at(1)); // its processes killed, its scratch folder gone with the workspace
        return reply;
    }
    case Route::LocalUploadUrl:
        return m_local.uploadUrl(request, s.at(1));
    case Route::LocalInitialize:
        return m_local.initialize(request, s.at(1));
    case Route::LocalDump:
        return m_local.dump(request, s.at(1));
    case Route::LocalExecutionUploadUrl:
        return m_executions.uploadUrl(request, s.at(1));
    case Route::LocalExecute:
        return m_executions.execute(request, s.at(1));
    case Route::LocalExecutionStatus:
        return m_executions.status(request, s.at(1));
    case Route::LocalExecutionLogs:
        return m_executions.logs(request, s.at(1));
    case Route::LocalExportArtifacts:
        return m_executions.exportArtifacts(request, s.at(1));
    case Route::ServerInitialize:
        return m_data.initialize(request, ProviderSpec::Scope::Sandbox, s.at(1), s.at(2));
    case Route::ServerDump:
        return m_data.dump(ProviderSpec::Scope::Sandbox, s.at(1), s.at(2));
    case Route::LocalServerInitialize:
        return m_data.initialize(request, ProviderSpec::Scope::LocalSandbox, s.at(1), s.at(2));
    case Route::LocalServerDump:
        return m_data.dump(ProviderSpec::Scope::LocalSandbox, s.at(1), s.at(2));
    case Route::Universes:
        return m_universes.list();
    case Route::UniverseAcquire:
        return m_universes.acquire(s.at(1));
    case Route::UniverseRelease:
        return m_universes.release(s.at(1));
    case Route::UniverseInitialData:
        return m_universes.initialData(s.at(1));
    case Route::UniverseTask:
        return m_universes.task(s.at(1), s.at(3));
    case Route::UniverseVerify:
        return m_universes.verify(s.at(1), s.at(3));
    case Route::None:
        break;
    }
    return HttpReply::detail(404, u"Not Found"_s);
}

} // namespace Emulator
