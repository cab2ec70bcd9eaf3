#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace Emulator {

// One Blaxel sandbox as the emulated control plane keeps it. Nested lists (ports, envs, policies, events,
// errors) are held as the JSON the API speaks, already checked and bounded when they came in.
struct BlaxelSandbox
{
    QString workspace;
    QString name;
    QString displayName;
    QJsonObject labels;
    QDateTime createdAt;
    QDateTime updatedAt;
    QString createdBy;
    QString updatedBy;
    QString region;
    QString image;
    int memoryMb = 4096;
    QJsonArray ports;              // [{name, target, protocol}]
    QJsonArray envs;               // [{name, value, secret}]
    QString ttl;                   // like "24h"; empty: none
    QDateTime expires;             // invalid: none
    QJsonArray expirationPolicies; // [{type, value, action}]
    QString status;
    QDateTime lastUsedAt;
    QJsonArray events; // [{message, status, time, type, revision}]
    QJsonArray errors; // [{code, message, time, fatal}]
    // When a DEPLOYING or DELETING sandbox moves on; invalid: it stays (the seeded ones, until touched).
    QDateTime transitionAt;
    QDateTime terminatedAt; // the retention time counts from here; invalid: kept (a seeded record)
    // Files a seeded sandbox's folder starts with (path relative to the working directory, content).
    QList<QPair<QString, QByteArray>> seedFiles;
};

} // namespace Emulator
