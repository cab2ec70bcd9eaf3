#include "emulatorprobe.h"

#include "emulator/blaxel/blaxelrouter.h"
#include "emulator/klavis/providerspec.h"
#include "emulator/klavis/serverdataapi.h"
#include "emulator/server/requestrecorder.h"
#include "emulator/state/emulatorstate.h"
#include "emulator/workspace/workspace.h"

#include <QMutexLocker>

#include <algorithm>

using namespace Qt::StringLiterals;
using Emulator::LocalSandbox;
using Emulator::RecordedRequest;
using Emulator::Workspace;

namespace {

// Recording is off unless a fixture turns it on: a test reading a server that records nothing would see no
// requests and could pass for the wrong reason.
const Emulator::RequestRecorder &recording(const Emulator::RequestRecorder &recorder)
{
    if (!recorder.isRecording())
        qFatal("EmulatorProbe: the server records no requests; call recordRequests() on it first");
    return recorder;
}

} // namespace

EmulatorProbe::EmulatorProbe(Emulator::EmulatorServer *server) : m_server(server) {}

EmulatorProbe::EmulatorProbe(Emulator::EmulatorServer &server) : m_server(&server) {}

EmulatorProbe::EmulatorProbe(const std::unique_ptr<Emulator::EmulatorServer> &server) : m_server(server.get())
{}

QList<RecordedRequest> EmulatorProbe::apiRequests() const
{
    QMutexLocker locker(&m_server->m_mutex);
    return recording(m_server->m_state->apiRequests).requests();
}

QList<RecordedRequest> EmulatorProbe::objectStoreRequests() const
{
    QMutexLocker locker(&m_server->m_mutex);
    return recording(m_server->m_state->storeRequests).requests();
}

int EmulatorProbe::requestCount(const QByteArray &method, const QString &path) const
{
    const QList<RecordedRequest> requests = apiRequests();
    return int(std::count_if(requests.cbegin(), requests.cend(),
                             [&](const RecordedRequest &r) { return r.method == method && r.path == path; }));
}

void EmulatorProbe::clearRecordedRequests()
{
    QMutexLocker locker(&m_server->m_mutex);
    m_server->m_state->apiRequests.clear();
    m_server->m_state->storeRequests.clear();
}

Emulator::FaultSettings EmulatorProbe::faults() const
{
    QMutexLocker locker(&m_server->m_mutex);
    return m_server->m_state->faults;
}

Emulator::RequestRateLimiter EmulatorProbe::rateLimiter() const
{
    QMutexLocker locker(&m_server->m_mutex);
    return m_server->m_state->rateLimiter;
}

Emulator::ExecutionSettings EmulatorProbe::executionSettings() const
{
    QMutexLocker locker(&m_server->m_mutex);
    return m_server->m_state->executionSettings;
}

Emulator::BlaxelSettings EmulatorProbe::blaxelSettings() const
{
    QMutexLocker locker(&m_server->m_mutex);
    return m_server->m_blaxel->settings();
}

void EmulatorProbe::setLocalCapacity(int sandboxes)
{
    QMutexLocker locker(&m_server->m_mutex);
    m_server->m_state->localCapacity = sandboxes;
}

QJsonObject EmulatorProbe::universeInstanceData(const QString &instanceId, const QString &service) const
{
    QMutexLocker locker(&m_server->m_mutex);
    return m_server->m_state->serverData.value(
        Emulator::ServerDataApi::key(Emulator::ProviderSpec::Scope::Sandbox, service, instanceId));
}

QStringList EmulatorProbe::localSandboxIds() const
{
    QMutexLocker locker(&m_server->m_mutex);
    QStringList ids;
    for (const LocalSandbox &sandbox : std::as_const(m_server->m_state->local))
        ids.append(sandbox.id);
    return ids;
}

QStringList EmulatorProbe::workspacePaths(const QString &localSandboxId) const
{
    QMutexLocker locker(&m_server->m_mutex);
    for (const LocalSandbox &sandbox : std::as_const(m_server->m_state->local)) {
        if (sandbox.id == localSandboxId)
            return sandbox.workspace.paths();
    }
    return {};
}

QByteArray EmulatorProbe::workspaceFile(const QString &localSandboxId, const QString &path) const
{
    QMutexLocker locker(&m_server->m_mutex);
    for (const LocalSandbox &sandbox : std::as_const(m_server->m_state->local)) {
        if (sandbox.id != localSandboxId)
            continue;
        const Workspace::Entry *entry = sandbox.workspace.entry(path);
        return entry && entry->type == Workspace::EntryType::File ? entry->data : QByteArray();
    }
    return {};
}

QString EmulatorProbe::addWorkspaceFile(const QString &localSandboxId, const QString &path,
                                        const QByteArray &data)
{
    QString error;
    const QString normalized = Workspace::normalizePath(path, &error);
    if (!error.isEmpty())
        return error;
    QMutexLocker locker(&m_server->m_mutex);
    for (LocalSandbox &sandbox : m_server->m_state->local) {
        if (sandbox.id == localSandboxId)
            return sandbox.workspace.addFile(normalized, data);
    }
    return u"no local sandbox "_s + localSandboxId;
}
