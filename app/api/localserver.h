#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

// One MCP server inside a local sandbox (LocalSandboxServerItem).
struct LocalServer
{
    QString id;
    QString serverName;
    QString mcpServerUrl;
    QString status;
    QString benchmark;
    QDateTime updatedAt;
    QJsonObject metadata;
    QJsonObject authData;
    QStringList tags;

    // What to call it: its name, or its id when the server sent no name.
    QString displayName() const { return serverName.isEmpty() ? id : serverName; }

    bool operator==(const LocalServer &) const = default;
};
