#pragma once

#include "api/localserver.h"
#include "api/workspacelimits.h"

#include <QList>

// A local sandbox: one VM hosting several MCP servers around a workspace.
struct LocalSandbox
{
    QString localSandboxId;
    QString status;
    QString benchmark;
    QDateTime createdAt;
    QString message; // only in acquire replies
    QList<LocalServer> servers;
    WorkspaceLimits workspaceLimits; // what one upload may hold, where the server says
    QJsonObject raw;

    bool sameContentAs(const LocalSandbox &other) const
    {
        return localSandboxId == other.localSandboxId && status == other.status &&
               benchmark == other.benchmark && createdAt == other.createdAt && servers == other.servers &&
               workspaceLimits == other.workspaceLimits;
    }
};
