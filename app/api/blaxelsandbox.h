#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QUrl>

#include <optional>

// A Blaxel sandbox as GET /sandboxes/{name} describes it (blaxel-notes.md), read tolerantly by BlaxelDecoder:
// every field may be missing. Text is kept as the server sent it (bounded in length): views show it through
// DisplayText, the CLI through its terminal escaper. Both the current shape and the seed's older one
// (top-level `ttl`, `spec.flavors`, `spec.revision`) land here.
struct BlaxelSandbox
{
    struct Port
    {
        QString name;
        int target = 0; // 1..65535, 0 when absent or out of range
        QString protocol;
        bool operator==(const Port &) const = default;
    };
    struct Env
    {
        QString name;
        QString value; // a secret's value too, when the server sends one: views mask it while `secret`
        bool secret = false;
        bool operator==(const Env &) const = default;
    };
    struct ExpirationPolicy
    {
        QString type; // ttl-idle, ttl-max-age, date (or another word)
        QString value;
        QString action;
        bool operator==(const ExpirationPolicy &) const = default;
    };
    struct Volume
    {
        QString name;
        QString mountPath;
        bool readOnly = false;
        bool operator==(const Volume &) const = default;
    };
    struct Event
    {
        QString message;
        QString status;
        QString type;
        QString revision;
        QDateTime time;
        bool operator==(const Event &) const = default;
    };
    struct Error
    {
        QString code;
        QString message;
        QDateTime time;
        bool fatal = false;
        bool operator==(const Error &) const = default;
    };
    // The older shape's machine flavors ({name, type}).
    struct Flavor
    {
        QString name;
        QString type;
        bool operator==(const Flavor &) const = default;
    };

    // metadata
    QString name;
    QString displayName;
    QMap<QString, QString> labels;
    QString workspace;
    // metadata.url as sent (bounded) and, only when it is https or plain http to this machine, as a URL
    // requests may go to: a sandbox's own API is reached there, with the key.
    QString urlText;
    QUrl url;
    QDateTime createdAt;
    QDateTime updatedAt;
    QString createdBy;
    QString updatedBy;

    // spec
    QString region;
    QString image;
    qint64 memoryMb = -1; // -1: not stated
    QList<Port> ports;
    QList<Env> envs;
    QString ttl;     // spec.runtime.ttl, e.g. "24h"
    QString expires; // spec.runtime.expires, as sent
    QList<ExpirationPolicy> expirationPolicies;
    QList<Volume> volumes;
    QList<Flavor> flavors;           // older shape
    QString revision;                // older shape: spec.revision.active
    std::optional<qint64> legacyTtl; // older shape: the top-level `ttl` number, as sent

    QString status; // kept as sent, e.g. DEPLOYED or a word this version does not know
    QString state;  // RUNNING or STANDBY
    QList<Event> events;
    QList<Error> errors;
    QDateTime lastUsedAt;
    std::optional<qint64> expiresInSeconds; // seconds until automatic deletion, when stated

    QJsonObject raw; // the whole object as sent, for a details view: mask with BlaxelDecoder::maskedSecrets

    // Everything a list row shows, for a diff refresh that leaves unchanged rows alone.
    bool sameContentAs(const BlaxelSandbox &other) const
    {
        return name == other.name && displayName == other.displayName && labels == other.labels &&
               status == other.status && state == other.state && region == other.region &&
               image == other.image && memoryMb == other.memoryMb && createdAt == other.createdAt &&
               lastUsedAt == other.lastUsedAt && expiresInSeconds == other.expiresInSeconds &&
               urlText == other.urlText;
    }
};
