#pragma once

#include "emulator/server/httpreply.h"

#include <QJsonObject>
#include <QString>

namespace Emulator {

struct EmulatorState;
struct UniverseInstance;

// The provider's /universes paths: list, initial_data, acquire (the next idle instance of a universe's pool),
// release (re-initialises the instance's data at once: the provider does it in the background, and a client
// cannot tell "done before it looked" from "at once"), task details and verify (the task's checks against
// the instance's current data). An instance's services are served as MCP at /mcp/<service>/?instance_id=<id>,
// the URL shape of a hosted sandbox, with the instance's own copy of each service's data.
class UniverseApi
{
public:
    explicit UniverseApi(EmulatorState &state);

    HttpReply list();
    HttpReply initialData(const QString &universeId);
    HttpReply acquire(const QString &universeId);
    HttpReply release(const QString &instanceId);
    HttpReply task(const QString &universeId, const QString &taskNum);
    HttpReply verify(const QString &instanceId, const QString &taskNum);

    // The data an MCP call on `service` of an acquired instance works on; null for any other URL.
    static QJsonObject *mcpData(EmulatorState &state, const QString &service, const QString &instanceId);
    // Sets the pool size and starts every pool afresh (instances are made on first use).
    static void setInstancesPerUniverse(EmulatorState &state, int instances);

private:
    // Makes the pool of a universe on first use, each instance with the universe's initial data.
    static void ensurePools(EmulatorState &state);
    static void initialise(EmulatorState &state, const UniverseInstance &instance);
    UniverseInstance *findInstance(const QString &instanceId);
    // 404 for an id no universe, instance or task could have (too long, odd characters): answered without
    // echoing it. The provider types them as plain strings, so this is no 422.
    static bool plausibleId(const QString &id);
    static bool plausibleTaskNum(const QString &taskNum);

    EmulatorState &m_state;
};

} // namespace Emulator
