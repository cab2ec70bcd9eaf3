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
    QString instanceId;      // changes on every acquire: a TTL release names the lease it means
    QStringList accountTags; // belong to the account's sandbox, survive release
    QStringList leaseTags;   // given at acquire, cleared on release
    QDateTime updatedAt;
    QDateTime expiresAt; // invalid: held without a TTL
    QJsonObject metadata;
    QJsonObject authData;

    QStringList tags() const { return accountTags + leaseTags; }
};

} // namespace Emulator
