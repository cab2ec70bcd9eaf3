#pragma once

#include <QJsonObject>
#include <QString>

// The reply of release, reset and initialize: {sandbox_id, status, message}. Every field may be
// absent (local release answers {} or {message}).
struct SandboxActionResult
{
    QString sandboxId;
    QString status;
    QString message;
    QJsonObject raw;
};
