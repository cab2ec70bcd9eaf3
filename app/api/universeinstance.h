#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>

// POST /universes/{universe_id}: the instance taken and its MCP servers by service name.
struct UniverseInstance
{
    QString instanceId;
    QMap<QString, QString> mcpServers; // only URLs UrlPolicy::checkMcpUrl accepts
    // Services whose URL was refused (not https, not http to this machine, not a URL): name -> why. They are
    // shown, never connected to.
    QMap<QString, QString> refusedServers;
    QJsonObject raw;
};
