#include "api/blaxelsandboxreply.h"

#include "api/blaxelerrordecoder.h"
#include "api/retrypolicy.h"

#include <QNetworkReply>

#include <algorithm>

BlaxelSandboxReply::Outcome BlaxelSandboxReply::read(QNetworkReply *reply, qint64 maxBytes, int timeoutMs,
                                                     const QString &what, const QString &apiKey)
{
    Outcome outcome;
    outcome.status = status(reply);
    std::optional<QByteArray> body = boundedBody(reply, maxBytes);
    if (!body) {
        outcome.tooLarge = true;
        outcome.error = ApiError::tooLarge(maxBytes);
        return outcome;
    }
    const bool success = outcome.status >= 200 && outcome.status < 300;
    // An error status sets the reply's error too; a 2xx with one is an answer cut short.
    if (outcome.status == 0 || (success && reply->error() != QNetworkReply::NoError))
        outcome.error = networkError(reply, timeoutMs, apiKey);
    else if (!success)
        outcome.error = httpError(reply, *body, what, apiKey);
    else
        outcome.body = std::move(*body);
    return outcome;
}

int BlaxelSandboxReply::status(QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

std::optional<QByteArray> BlaxelSandboxReply::boundedBody(QNetworkReply *reply, qint64 maxBytes)
{
    if (!reply->isOpen())
        return QByteArray();
    const QByteArray body = reply->read(maxBytes + 1);
    if (body.size() > maxBytes)
        return std::nullopt;
    return body;
}

QString BlaxelSandboxReply::sentenceFor(int status, const QString &what)
{
    switch (status) {
    case 401:
    case 403:
        return tr("The sandbox's API refused the Blaxel key (HTTP %1).").arg(status);
    case 404:
        return tr("Not found in the sandbox: %1 (or the sandbox is gone).").arg(what);
    case 413:
        return tr("The sandbox refused %1 as too large.").arg(what);
    case 503:
        return tr("The sandbox is not ready to answer (HTTP 503): it may be starting or stopping. Try again "
                  "shortly.");
    default:
        break;
    }
    if (status >= 500)
        return tr("The sandbox's API failed (HTTP %1).").arg(status);
    return tr("The sandbox's API refused the request for %1 (HTTP %2).").arg(what).arg(status);
}

ApiError BlaxelSandboxReply::httpError(QNetworkReply *reply, const QByteArray &body, const QString &what,
                                       const QString &apiKey)
{
    const int code = status(reply);
    const qint64 retryAfter = RetryPolicy::parseRetryAfterSeconds(reply->rawHeader("Retry-After"));
    const int retryAfterSeconds = int(std::min<qint64>(retryAfter, 86400));
    // The decoder reads every Blaxel error shape; the sentence is ours, since its words are the control
    // plane's ("no such sandbox" for what is a missing file here).
    const ApiError decoded =
        BlaxelErrorDecoder::decode(ApiError::http(code, body, retryAfterSeconds), body,
                                   reply->rawHeader("X-Blaxel-Error-Code"), BlaxelErrorDecoder::Call::Read);
    ApiError error = ApiError::providerHttp(code, sentenceFor(code, BlaxelErrorDecoder::oneLine(what, 200)),
                                            decoded.detailText(), decoded.serverCode(), retryAfterSeconds,
                                            decoded.rawBody());
    error.redact(apiKey);
    return error;
}

ApiError BlaxelSandboxReply::networkError(QNetworkReply *reply, int timeoutMs, const QString &apiKey)
{
    // setTransferTimeout ends a reply as a cancel; a cancel of ours never gets here (the call ends first).
    const bool timedOut = reply->error() == QNetworkReply::OperationCanceledError ||
                          reply->error() == QNetworkReply::TimeoutError;
    ApiError error =
        timedOut ? ApiError::timeout((timeoutMs + 999) / 1000) : ApiError::network(reply->errorString());
    error.redact(apiKey);
    return error;
}
