#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>

#include <optional>

// PUT /sandboxes/{name}: what a live Blaxel sandbox can change (blaxel-notes.md) and the user asked to. The
// official SDK (updateMetadata, updateTtl) reads the sandbox, replaces those fields and sends the whole of
// it back; BlaxelSandboxService::update does the same. A field left unset stays as it is.
struct BlaxelSandboxUpdate
{
    std::optional<QString> displayName;
    std::optional<QMap<QString, QString>> labels; // the whole set: a key left out is removed
    std::optional<QString> ttl;                   // spec.runtime.ttl like "24h" or "1h30m"; "" removes it

    bool isEmpty() const { return !displayName && !labels && !ttl; }
    // "" when the update may be sent, else a sentence naming the field at fault (checked before sending).
    QString problem() const;
    // `current` (the sandbox as GET answered it) with this update's fields replaced: the body to PUT.
    QJsonObject appliedTo(QJsonObject current) const;
};
