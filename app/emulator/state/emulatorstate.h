#pragma once

#include "emulator/server/faultsettings.h"
#include "emulator/server/idgenerator.h"
#include "emulator/server/requestratelimiter.h"
#include "emulator/server/requestrecorder.h"
#include "emulator/state/executionsettings.h"
#include "emulator/state/localsandbox.h"
#include "emulator/state/remotesandbox.h"
#include "emulator/state/universeinstance.h"
#include "emulator/workspace/workspacearchive.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QUrl>

namespace Emulator {

// Everything the emulator knows, guarded by EmulatorServer's mutex: the handlers only run under it.
struct EmulatorState
{
    explicit EmulatorState(quint64 seed) : ids(seed), faultDice(seed ^ 0x5eedfa17ULL) {}

    QList<RemoteSandbox> remote;
    QList<LocalSandbox> local;
    // Each server's data per sandbox, keyed by ServerDataApi::key(): what initialize sets, MCP tools read and
    // change, dump answers, and reset and release clear.
    QHash<QString, QJsonObject> serverData;
    int mcpExtraTools = 0; // generated tools every emulated MCP server lists beyond its own
    // Every server of the enum keeps this many idle sandboxes in reserve beyond the account's own, so a
    // demo user can acquire several of any server; freshFromPool counts what each server has handed out.
    int idlePerServer = 5;
    QHash<QString, int> freshFromPool;
    QSet<QString> emptyPools; // servers that answer every acquire 503, for tests of an exhausted pool
    int localCapacity = 10;   // local sandboxes in all
    WorkspaceArchive::Limits workspaceLimits; // what initialize accepts from an upload
    qint64 maxUploadBytes = -1; // stated in upload-url replies and enforced by the store; -1: no limit
    ExecutionSettings executionSettings; // a local sandbox's executions: log cap and time limit
    QString apiKey = QStringLiteral("demo-key");
    FaultSettings faults;
    RequestRateLimiter rateLimiter; // the Klavis API's routes only: not the store, MCP, Blaxel or control
    RequestRecorder apiRequests;    // off unless turned on (tests, --record-requests, /_emulator/requests)
    RequestRecorder storeRequests;
    QUrl apiBase;
    QUrl storeBase;
    QDateTime startTime = QDateTime::currentDateTimeUtc();
    IdGenerator ids;       // data: sandboxes, ids, URLs
    IdGenerator faultDice; // separate, so injected faults do not change the data a seed gives
    // Every universe's pool of instances (UniverseApi), made on first use with this many per universe; their
    // ids come from their own generator, so using universes does not change the sandboxes' ids.
    QList<UniverseInstance> universeInstances;
    int instancesPerUniverse = 3;
    IdGenerator universeIds{0x0417e5e5ULL};

    static QDateTime now() { return QDateTime::currentDateTimeUtc(); }
};

} // namespace Emulator
