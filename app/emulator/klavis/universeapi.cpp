#include "emulator/klavis/universeapi.h"

#include "emulator/klavis/sandboxjson.h"
#include "emulator/klavis/serverdataapi.h"
#include "emulator/klavis/universecatalog.h"
#include "emulator/klavis/universeverifier.h"
#include "emulator/state/emulatorstate.h"
#include "emulator/state/universeinstance.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

constexpr qsizetype maxIdLength = 128;

const ProviderSpec::Scope dataScope = ProviderSpec::Scope::Sandbox;

HttpReply unknownUniverse(const QString &universeId)
{
    return HttpReply::detail(404, u"Universe %1 not found"_s.arg(universeId));
}

HttpReply unknownInstance(const QString &instanceId)
{
    return HttpReply::detail(404, u"Universe instance %1 not found"_s.arg(instanceId));
}

} // namespace

UniverseApi::UniverseApi(EmulatorState &state) : m_state(state) {}

bool UniverseApi::plausibleId(const QString &id)
{
    if (id.isEmpty() || id.size() > maxIdLength)
        return false;
    return std::all_of(id.cbegin(), id.cend(), [](QChar c) {
        return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') ||
               c == u'-' || c == u'_' || c == u'.';
    });
}

bool UniverseApi::plausibleTaskNum(const QString &taskNum)
{
    return !taskNum.isEmpty() && taskNum.size() <= 8 &&
           std::all_of(taskNum.cbegin(), taskNum.cend(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

void UniverseApi::initialise(EmulatorState &state, const UniverseInstance &instance)
{
    ServerDataApi::clear(state, instance.id);
    const std::optional<QJsonObject> universe = UniverseCatalog::instance().universe(instance.universeId);
    const QJsonObject initial = universe ? universe->value(u"initial_data"_s).toObject() : QJsonObject();
    for (auto it = initial.constBegin(); it != initial.constEnd(); ++it)
        state.serverData.insert(ServerDataApi::key(dataScope, it.key(), instance.id), it.value().toObject());
}

void UniverseApi::ensurePools(EmulatorState &state)
{
    if (!state.universeInstances.isEmpty())
        return;
    for (const QString &universeId : UniverseCatalog::instance().universeIds()) {
        for (int n = 0; n < state.instancesPerUniverse; ++n) {
            const UniverseInstance instance{state.universeIds.uuid(), universeId, false, {}};
            initialise(state, instance);
            state.universeInstances.append(instance);
        }
    }
}

void UniverseApi::setInstancesPerUniverse(EmulatorState &state, int instances)
{
    for (const UniverseInstance &instance : std::as_const(state.universeInstances))
        ServerDataApi::clear(state, instance.id);
    state.universeInstances.clear();
    state.instancesPerUniverse = std::max(0, instances);
}

UniverseInstance *UniverseApi::findInstance(const QString &instanceId)
{
    ensurePools(m_state);
    for (UniverseInstance &instance : m_state.universeInstances) {
        if (instance.id == instanceId)
            return &instance;
    }
    return nullptr;
}

QJsonObject *UniverseApi::mcpData(EmulatorState &state, const QString &service, const QString &instanceId)
{
    for (const UniverseInstance &instance : std::as_const(state.universeInstances)) {
        if (instance.id != instanceId || !instance.acquired)
            continue;
        const QString key = ServerDataApi::key(dataScope, service, instance.id);
        const auto it = state.serverData.find(key);
        return it == state.serverData.end() ? nullptr : &it.value();
    }
    return nullptr;
}

HttpReply UniverseApi::list()
{
    QJsonArray universes;
    for (const auto &universe : UniverseCatalog::instance().universes())
        universes.append(UniverseCatalog::universeJson(universe.toObject()));
    return HttpReply::json(200, QJsonObject{{u"universes"_s, universes}});
}

HttpReply UniverseApi::initialData(const QString &universeId)
{
    if (!plausibleId(universeId))
        return HttpReply::detail(404, u"Universe not found: not a universe id"_s);
    const std::optional<QJsonObject> universe = UniverseCatalog::instance().universe(universeId);
    if (!universe)
        return unknownUniverse(universeId);
    return HttpReply::json(200, universe->value(u"initial_data"_s).toObject());
}

HttpReply UniverseApi::acquire(const QString &universeId)
{
    if (!plausibleId(universeId))
        return HttpReply::detail(404, u"Universe not found: not a universe id"_s);
    const std::optional<QJsonObject> universe = UniverseCatalog::instance().universe(universeId);
    if (!universe)
        return unknownUniverse(universeId);
    ensurePools(m_state);
    for (UniverseInstance &instance : m_state.universeInstances) {
        if (instance.universeId != universeId || instance.acquired)
            continue;
        instance.acquired = true;
        instance.acquiredAt = EmulatorState::now();
        QJsonObject servers;
        for (const QString &service : UniverseCatalog::services(*universe)) {
            const QString url = m_state.apiBase.toString() + u"/mcp/"_s +
                                QString::fromLatin1(QUrl::toPercentEncoding(service)) + u"/?instance_id="_s +
                                instance.id;
            servers.insert(service, url);
        }
        return HttpReply::json(200,
                               QJsonObject{{u"instance_id"_s, instance.id}, {u"mcp_servers"_s, servers}});
    }
    return HttpReply::detail(503, u"No idle instance of universe %1: all %2 are acquired"_s.arg(universeId)
                                      .arg(m_state.instancesPerUniverse));
}

HttpReply UniverseApi::release(const QString &instanceId)
{
    if (!plausibleId(instanceId))
        return HttpReply::detail(404, u"Universe instance not found: not an instance id"_s);
    UniverseInstance *instance = findInstance(instanceId);
    if (!instance)
        return unknownInstance(instanceId);
    if (!instance->acquired)
        return HttpReply::detail(
            409, u"Universe instance %1 is not acquired: nothing to release"_s.arg(instanceId));
    instance->acquired = false;
    instance->acquiredAt = QDateTime();
    initialise(m_state, *instance);
    return HttpReply::json(
        200,
        QJsonObject{{u"message"_s,
                     u"Universe instance %1 released; its data is being re-initialized"_s.arg(instanceId)},
                    {u"released_at"_s, SandboxJson::timestamp(EmulatorState::now())}});
}

HttpReply UniverseApi::task(const QString &universeId, const QString &taskNum)
{
    if (!plausibleId(universeId))
        return HttpReply::detail(404, u"Universe not found: not a universe id"_s);
    const std::optional<QJsonObject> universe = UniverseCatalog::instance().universe(universeId);
    if (!universe)
        return unknownUniverse(universeId);
    const std::optional<QJsonObject> task =
        plausibleTaskNum(taskNum) ? UniverseCatalog::task(*universe, taskNum) : std::nullopt;
    if (!task)
        return HttpReply::detail(404, u"Task not found in universe %1"_s.arg(universeId));
    return HttpReply::json(200, UniverseCatalog::taskDetails(*universe, *task));
}

HttpReply UniverseApi::verify(const QString &instanceId, const QString &taskNum)
{
    if (!plausibleId(instanceId))
        return HttpReply::detail(404, u"Universe instance not found: not an instance id"_s);
    const UniverseInstance *instance = findInstance(instanceId);
    if (!instance)
        return unknownInstance(instanceId);
    const std::optional<QJsonObject> universe = UniverseCatalog::instance().universe(instance->universeId);
    const std::optional<QJsonObject> task =
        universe && plausibleTaskNum(taskNum) ? UniverseCatalog::task(*universe, taskNum) : std::nullopt;
    if (!task)
        return HttpReply::detail(404, u"Task not found in universe %1"_s.arg(instance->universeId));
    if (!instance->acquired)
        return HttpReply::detail(
            409,
            u"Universe instance %1 is not acquired: acquire it before verifying a task"_s.arg(instanceId));
    const UniverseVerifier::Result result =
        UniverseVerifier::verify(task->value(u"verifier"_s).toArray(), [&](const QString &service) {
            return m_state.serverData.value(ServerDataApi::key(dataScope, service, instanceId));
        });
    return HttpReply::json(
        200, QJsonObject{{u"task_num"_s, taskNum},
                         {u"passed"_s, result.passed},
                         {u"failure_reason"_s, SandboxJson::stringOrNull(result.failureReason)}});
}

} // namespace Emulator
