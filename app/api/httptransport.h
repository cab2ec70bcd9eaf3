#pragma once

#include "api/apierror.h"
#include "api/apirequest.h"
#include "api/ratelimiter.h"
#include "api/retrypolicy.h"
#include "api/transportconfig.h"

#include <QObject>
#include <QPointer>

#include <memory>

class ApiCall;
class QNetworkAccessManager;
class QNetworkReply;

// The one way to the API: base URL, Bearer token, Accept, a versioned User-Agent, a timeout per attempt
// and a deadline per call, a size cap per call, manual redirects (the token never follows a redirect to
// another origin, a body is never re-sent to one, https is never downgraded), a token-bucket rate limit
// and the retry policy of the API notes. Every error it reports has the key redacted.
class HttpTransport final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpTransport)

public:
    explicit HttpTransport(const TransportConfig &config, QObject *parent = nullptr);

    const TransportConfig &config() const { return m_config; }
    void setConfig(const TransportConfig &config);
    QNetworkAccessManager *networkAccessManager() const { return m_network; }

    ApiCall *send(const ApiRequest &request);
    // Calls sent and not yet finished, retries included: none means nothing more will be sent or answered.
    int inFlight() const { return m_inFlight; }

    static QByteArray userAgent();

signals:
    void inFlightChanged(int count);
    // 401 or 403: the UI offers to enter the key again.
    void authenticationFailed(int httpStatus);

private:
    struct Attempt;
    void schedule(ApiCall *call, const std::shared_ptr<Attempt> &attempt, qint64 delayMs);
    void issue(ApiCall *call, const std::shared_ptr<Attempt> &attempt);
    void handleReply(ApiCall *call, const std::shared_ptr<Attempt> &attempt, QNetworkReply *reply);
    bool retry(ApiCall *call, const std::shared_ptr<Attempt> &attempt, int retryAfterSeconds,
               const QString &reason, bool notCarriedOut = false);
    void complete(ApiCall *call, int status, const QByteArray &body, const ApiError &error);
    // Ends a call before any request: the caller connects to finished() after send() returns.
    void refuse(ApiCall *call, const ApiError &error);
    void watchSize(ApiCall *call, const std::shared_ptr<Attempt> &attempt, QNetworkReply *reply);
    bool isApiOrigin(const QUrl &url) const;

    TransportConfig m_config;
    QNetworkAccessManager *m_network;
    RateLimiter m_rateLimiter;
    RetryPolicy m_retryPolicy;
    int m_inFlight = 0;
};
