#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Emulator {

// One sandbox of a hosted MCP server, as the provider's pool keeps it.
struct RemoteSandbox
{
    QString id;
    QString serverName;
    QString status;    // idle, occupied, error
    QString benchmark; // empty = null
    QString testAccountEmail;
    QString instanceId; // changes on every acquire: a TTL release names the lease it means
    // Exactly the tags of the acquire that holds it; an idle sandbox in the pool has none (a tag that
    // outlived a release would put the next holder's sandbox in someone else's run).
    QStringList tags;
    QDateTime updatedAt;
    QDateTime expiresAt; // invalid: held without a TTL
    QJsonObject metadata;
    QJsonObject authData;
};

} // namespace Emulator
