#pragma once

#include <QJsonObject>
#include <QString>

// What initialize told us about the server, and the session it gave (empty when it runs stateless).
struct McpServerInfo
{
    QString name;
    QString title;
    QString version;
    QString protocolVersion;
    QString instructions;
    QJsonObject capabilities;
    QString sessionId;
};
