#pragma once

#include "api/blaxelsandbox.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>

// POST /sandboxes: what the create dialog and `sandboxdeck-cli blaxel create` ask for. Empty fields are
// left out of the body, so that the server's defaults apply.
struct BlaxelCreateRequest
{
    QString name;
    QString displayName;
    QMap<QString, QString> labels;
    QString image;
    qint64 memoryMb = 0; // 0: the server's default
    QString region;
    QList<BlaxelSandbox::Port> ports;
    QList<BlaxelSandbox::Env> envs;
    QString ttl; // spec.runtime.ttl, e.g. "24h"
    QList<BlaxelSandbox::ExpirationPolicy> expirationPolicies;

    // "" when the request may be sent, else a sentence naming the field at fault (checked before sending).
    QString problem() const;
    // The part of problem() about the environment: names present, single, without '=' or control characters.
    static QString environmentProblem(const QList<BlaxelSandbox::Env> &envs);
    QByteArray toJson() const;
};
