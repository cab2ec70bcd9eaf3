#pragma once

#include "api/apierror.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <optional>

class QNetworkReply;

// How a finished reply of a sandbox's own API reads: its status, a body within bounds, and the error it
// makes, in our sentences (the control plane's words would say "no such sandbox" for a missing file here),
// always with the key redacted.
class BlaxelSandboxReply
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelSandboxReply)

public:
    static int status(QNetworkReply *reply);
    // What a finished JSON reply carried, bounded; nullopt when it was too big (the caller fails then).
    static std::optional<QByteArray> boundedBody(QNetworkReply *reply, qint64 maxBytes);
    // An HTTP error status; `what` names what was asked for (a path, "the command").
    static ApiError httpError(QNetworkReply *reply, const QByteArray &body, const QString &what,
                              const QString &apiKey);
    // No HTTP answer: a timeout (after `timeoutMs` without a byte) or a network failure.
    static ApiError networkError(QNetworkReply *reply, int timeoutMs, const QString &apiKey);

private:
    static QString sentenceFor(int status, const QString &what);
};
