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

    bool operator==(const LocalServer &) const = default;
};
