#pragma once

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QUrl>

namespace Emulator {

struct LocalSandbox;
struct RemoteSandbox;

// The provider's wire shapes, written by the emulator's own code from the OpenAPI schemas (never shared with
// the client, so a misspelt field on either side shows up in a test).
class SandboxJson
{
public:
    // Python's datetime.isoformat() of an aware UTC time: microseconds and an explicit offset.
    static QString timestamp(const QDateTime &time);
    static QJsonValue stringOrNull(const QString &text);

    static QString serverUrl(const QUrl &apiBase, const RemoteSandbox &sandbox);
    static QString localServerUrl(const QUrl &apiBase, const QString &serverName, const QString &localId);

    static QJsonObject sandboxInfo(const QUrl &apiBase, const RemoteSandbox &sandbox);     // SandboxInfo
    static QJsonObject sandboxListItem(const RemoteSandbox &sandbox);                      // SandboxListItem
    static QJsonObject localSandboxInfo(const QUrl &apiBase, const LocalSandbox &sandbox); // LocalSandboxInfo
    static QJsonArray localServerItems(const QUrl &apiBase,
                                       const LocalSandbox &sandbox); // LocalSandboxServerItem[]
};

} // namespace Emulator
