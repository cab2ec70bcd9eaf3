#pragma once

#include "emulator/workspace/workspace.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace Emulator {

// A local sandbox: one VM hosting several MCP servers around one workspace.
struct LocalSandbox
{
    struct Server
    {
        QString id;
        QString serverName;
    };

    QString id;
    QString status; // occupied or idle; null never happens here
    QString benchmark;
    QString testAccountEmail;
    QDateTime createdAt;
    QDateTime updatedAt;
    QDateTime expiresAt; // invalid: no TTL
    QList<Server> servers;
    Workspace workspace;
};

} // namespace Emulator
