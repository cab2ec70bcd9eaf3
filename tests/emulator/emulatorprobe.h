#pragma once

#include "emulator/blaxel/blaxelsettings.h"
#include "emulator/emulatorserver.h"
#include "emulator/server/faultsettings.h"
#include "emulator/server/recordedrequest.h"
#include "emulator/server/requestratelimiter.h"
#include "emulator/state/executionsettings.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

// What tests read and change inside an in-process EmulatorServer beyond what the app and the standalone
// emulator need of it: the recorded requests, the local sandboxes and their workspaces, a universe instance's
// data, and the settings the server takes but does not hand back. It reaches the server's state as a friend,
// under the server's lock, so every call is thread-safe like the server's own accessors. A probe holds
// nothing of its own: make one where it is needed, EmulatorProbe(server).apiRequests().
class EmulatorProbe
{
public:
    explicit EmulatorProbe(Emulator::EmulatorServer *server);
    explicit EmulatorProbe(Emulator::EmulatorServer &server);
    explicit EmulatorProbe(const std::unique_ptr<Emulator::EmulatorServer> &server);

    QList<Emulator::RecordedRequest> apiRequests() const;
    QList<Emulator::RecordedRequest> objectStoreRequests() const;
    int requestCount(const QByteArray &method, const QString &path) const; // exact path match on API requests
    void clearRecordedRequests();

    Emulator::FaultSettings faults() const;
    // A copy: its settings and counters.
    Emulator::RequestRateLimiter rateLimiter() const;
    Emulator::ExecutionSettings executionSettings() const;
    Emulator::BlaxelSettings blaxelSettings() const;
    void setLocalCapacity(int sandboxes); // local sandboxes in all, default 10

    // A universe instance's current data of one service (what its MCP tools changed); empty when unknown.
    QJsonObject universeInstanceData(const QString &instanceId, const QString &service) const;

    QStringList localSandboxIds() const; // in creation order; the first seeded one has the workspace
    QStringList workspacePaths(const QString &localSandboxId) const; // sorted, files, folders and links
    QByteArray workspaceFile(const QString &localSandboxId, const QString &path) const;
    // Puts a file straight into a workspace (tests that need a dump of a given size); the add's error text.
    QString addWorkspaceFile(const QString &localSandboxId, const QString &path, const QByteArray &data);

private:
    Emulator::EmulatorServer *m_server;
};
