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
    // What a finished reply came to: the answer, or the error it makes.
    struct Outcome
    {
        int status = 0;  // 0 when no HTTP answer came
        QByteArray body; // the answer when there is no error (a 2xx, whole and within bounds)
        std::optional<ApiError> error;
        bool tooLarge = false; // the answer was past its bound
        // The same request may do when sent again: no answer or a cut one (the connection, a timeout), or
        // a 5xx. Whether to send it again is the caller's (a 502 may come after a change was made).
        bool mayRetry() const { return error && !tooLarge && (status < 300 || status >= 500); }
    };
    // The reading every call of a sandbox's API does: its status, its body within `maxBytes`, the error of
    // no answer (after `timeoutMs` without a byte, or a network failure) or of an HTTP error status naming
    // `what` (a path, "the command"), with `apiKey` redacted.
    static Outcome read(QNetworkReply *reply, qint64 maxBytes, int timeoutMs, const QString &what,
                        const QString &apiKey);

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
