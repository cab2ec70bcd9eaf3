#include "emulator/klavis/sandboxjson.h"

#include "emulator/state/localsandbox.h"
#include "emulator/state/remotesandbox.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Emulator {

QString SandboxJson::timestamp(const QDateTime &time)
{
    return time.toUTC().toString(u"yyyy-MM-dd'T'HH:mm:ss.zzz"_s) + u"000+00:00"_s;
}

QJsonValue SandboxJson::stringOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QString SandboxJson::serverUrl(const QUrl &apiBase, const RemoteSandbox &sandbox)
{
    // The emulator's own origin, so that nothing a demo shows points at the real service.
    return apiBase.toString() + u"/mcp/"_s +
           QString::fromLatin1(QUrl::toPercentEncoding(sandbox.serverName)) + u"/?instance_id="_s +
           sandbox.instanceId;
}

QString SandboxJson::localServerUrl(const QUrl &apiBase, const QString &serverName, const QString &localId)
{
    return apiBase.toString() + u"/local/"_s + serverName + u"/mcp/?local_sandbox_id="_s + localId;
}

QJsonObject SandboxJson::sandboxInfo(const QUrl &apiBase, const RemoteSandbox &sandbox)
{
    return QJsonObject{
        {u"sandbox_id"_s, sandbox.id},
        {u"server_url"_s, serverUrl(apiBase, sandbox)},
        {u"server_name"_s, sandbox.serverName},
        {u"status"_s, sandbox.status},
        {u"benchmark"_s, stringOrNull(sandbox.benchmark)},
        {u"updated_at"_s, timestamp(sandbox.updatedAt)},
        {u"metadata"_s, sandbox.metadata},
        {u"auth_data"_s, sandbox.authData},
        {u"tags"_s, QJsonArray::fromStringList(sandbox.tags)},
    };
}

QJsonObject SandboxJson::sandboxListItem(const RemoteSandbox &sandbox)
{
    return QJsonObject{
        {u"sandbox_id"_s, sandbox.id},
        {u"server_name"_s, sandbox.serverName},
        {u"status"_s, sandbox.status},
        {u"benchmark"_s, stringOrNull(sandbox.benchmark)},
        {u"tags"_s, QJsonArray::fromStringList(sandbox.tags)},
        {u"updated_at"_s, timestamp(sandbox.updatedAt)},
    };
}

QJsonArray SandboxJson::localServerItems(const QUrl &apiBase, const LocalSandbox &sandbox)
{
    QJsonArray servers;
    for (const LocalSandbox::Server &server : sandbox.servers) {
        servers.append(QJsonObject{
            {u"server_name"_s, server.serverName},
            {u"id"_s, server.id},
            {u"mcp_server_url"_s, localServerUrl(apiBase, server.serverName, sandbox.id)},
            {u"status"_s, sandbox.status},
            {u"benchmark"_s, stringOrNull(sandbox.benchmark)},
            {u"updated_at"_s, timestamp(sandbox.updatedAt)},
            {u"metadata"_s, QJsonValue(QJsonValue::Null)},
            {u"auth_data"_s, QJsonValue(QJsonValue::Null)},
            {u"tags"_s, QJsonValue(QJsonValue::Null)},
        });
    }
    return servers;
}

QJsonObject SandboxJson::localSandboxInfo(const QUrl &apiBase, const LocalSandbox &sandbox)
{
    return QJsonObject{
        {u"local_sandbox_id"_s, sandbox.id},
        {u"created_at"_s, timestamp(sandbox.createdAt)},
        {u"status"_s, sandbox.status},
        {u"benchmark"_s, stringOrNull(sandbox.benchmark)},
        {u"servers"_s, localServerItems(apiBase, sandbox)},
    };
}

} // namespace Emulator
