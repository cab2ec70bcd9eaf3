#pragma once

#include "emulator/blaxel/blaxelsandbox.h"

#include <QJsonObject>
#include <QUrl>

#include <optional>

namespace Emulator {

// Writes the wire format of a Blaxel sandbox from the emulator's record, following the notes and the seed:
// metadata / spec / status / state, lastUsedAt and expiresIn, events and errors only in the full form.
class BlaxelSandboxJson
{
public:
    enum class Form
    {
        ListItem, // no events, no errors
        Full,
    };

    static QJsonObject toJson(const BlaxelSandbox &sandbox, const QUrl &apiBase, const QDateTime &now,
                              qint64 idleToStandbyMs, Form form);
    // RUNNING or STANDBY for a DEPLOYED sandbox; empty for the others.
    static QString state(const BlaxelSandbox &sandbox, const QDateTime &now, qint64 idleToStandbyMs);
    // Seconds until the first deleting expiration applies (TTL, policies, expires date); none without one.
    static std::optional<qint64> expiresIn(const BlaxelSandbox &sandbox, const QDateTime &now);
    // http://127.0.0.1:PORT/blaxel-sandbox/<workspace>/<name>: the sandbox's own API on the same listener.
    static QUrl sandboxUrl(const QUrl &apiBase, const QString &workspace, const QString &name);
    static QString timestamp(const QDateTime &time); // RFC 3339 in UTC with milliseconds
    // "24h", "30m", "1h30m", "7d", "90s" or plain seconds; -1 when it is none of these.
    static qint64 durationSeconds(const QString &text);
};

} // namespace Emulator
