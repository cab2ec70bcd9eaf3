#include "httptransport.h"

#include "apicall.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSysInfo>
#include <QTimer>

using namespace Qt::StringLiterals;

// What one call carries across its attempts and redirects.
struct HttpTransport::Attempt
{
    ApiRequest request;
    QUrl url;
    bool sendAuthorization = true;
    int attemptsMade = 0;
    int redirectsLeft = 0;
    bool abortRequested = false;
    bool timedOut = false;
    QPointer<QNetworkReply> reply;
    QPointer<QTimer> pending;
};

HttpTransport::HttpTransport(const TransportConfig &config, QObject *parent)
    : QObject(parent), m_config(config), m_network(new QNetworkAccessManager(this)),
      m_rateLimiter(config.requestsPerSecond, config.burst),
      m_retryPolicy(config.maxAttempts, config.backoffBaseMs, config.maxRetryAfterSeconds)
{
    // API calls follow redirects by hand (see handleReply); Qt 6.4's default policy would re-send
    // the Authorization header to another host.
    m_network->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

void HttpTransport::setConfig(const TransportConfig &config)
{
    m_config = config;
    m_rateLimiter.configure(config.requestsPerSecond, config.burst);
    m_retryPolicy = RetryPolicy(config.maxAttempts, config.backoffBaseMs, config.maxRetryAfterSeconds);
}

QByteArray HttpTransport::userAgent()
{
    return QByteArrayLiteral("SandboxDeck/" SANDBOXDECK_VERSION " (Qt ") + qVersion() + "; " +
           QSysInfo::productType().toLatin1() + ')';
}

bool HttpTransport::isApiOrigin(const QUrl &url) const
{
    const QUrl &base = m_config.baseUrl;
    return url.scheme() == base.scheme() && url.host().compare(base.host(), Qt::CaseInsensitive) == 0 &&
           url.port(url.scheme() == u"https"_s ? 443 : 80) ==
               base.port(base.scheme() == u"https"_s ? 443 : 80);
}

ApiCall *HttpTransport::send(const ApiRequest &request)
{
    auto *call = new ApiCall(this);
    auto attempt = std::make_shared<Attempt>();
    attempt->request = request;
    QUrl url = m_config.baseUrl;
    url.setPath(url.path().chopped(url.path().endsWith(u'/') ? 1 : 0) + request.path, QUrl::StrictMode);
    url.setQuery(request.query);
    attempt->url = url;
    attempt->redirectsLeft = m_config.maxRedirects;

    connect(call, &ApiCall::abortRequested, this, [this, call, attempt] {
        attempt->abortRequested = true;
        if (attempt->reply)
            attempt->reply->abort(); // handleReply completes the call as cancelled
        else
            complete(call, 0, {}, ApiError::cancelled());
    });
    ++m_inFlight;
    emit inFlightChanged(m_inFlight);
    schedule(call, attempt, m_rateLimiter.reserve());
    return call;
}

void HttpTransport::schedule(ApiCall *call, const std::shared_ptr<Attempt> &attempt, qint64 delayMs)
{
    if (delayMs <= 0) {
        issue(call, attempt);
        return;
    }
    auto *timer = new QTimer(call);
    timer->setSingleShot(true);
    attempt->pending = timer;
    connect(timer, &QTimer::timeout, call, [this, call, attempt, timer] {
        timer->deleteLater();
        if (!attempt->abortRequested)
            issue(call, attempt);
    });
    timer->start(int(delayMs));
}

void HttpTransport::issue(ApiCall *call, const std::shared_ptr<Attempt> &attempt)
{
    ++attempt->attemptsMade;
    call->m_attempts = attempt->attemptsMade;
    QNetworkRequest request(attempt->url);
    request.setRawHeader("Accept", "application/json");
    request.setRawHeader("User-Agent", userAgent());
    if (attempt->sendAuthorization && !m_config.apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_config.apiKey.toUtf8());
    // A bodyless POST gets the JSON type too: without one Qt warns on stderr and labels it a form.
    if (!attempt->request.jsonBody.isEmpty() || attempt->request.method == ApiRequest::Method::Post ||
        attempt->request.method == ApiRequest::Method::Put)
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(m_config.timeoutMs);

    QNetworkReply *reply = nullptr;
    const auto &body = attempt->request.jsonBody;
    switch (attempt->request.method) {
    case ApiRequest::Method::Get:
        reply = m_network->get(request);
        break;
    case ApiRequest::Method::Delete:
        reply = m_network->deleteResource(request);
        break;
    case ApiRequest::Method::Post:
        reply = m_network->post(request, body);
        break;
    case ApiRequest::Method::Put:
        reply = m_network->put(request, body);
        break;
    }
    reply->setParent(call);
    attempt->reply = reply;
    connect(reply, &QNetworkReply::finished, call,
            [this, call, attempt, reply] { handleReply(call, attempt, reply); });
}

void HttpTransport::handleReply(ApiCall *call, const std::shared_ptr<Attempt> &attempt, QNetworkReply *reply)
{
    reply->deleteLater();
    attempt->reply = nullptr;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (attempt->abortRequested) {
        // An aborted reply is closed: reading it only makes Qt complain.
        complete(call, status, {}, ApiError::cancelled());
        return;
    }
    // A reply cut by the transfer timeout is closed too.
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    const auto networkError = reply->error();

    if (status == 0) {
        // No HTTP answer. setTransferTimeout reports the same error as abort(); since abort is flagged
        // above, a cancel here is the timeout.
        const bool timedOut = networkError == QNetworkReply::OperationCanceledError ||
                              networkError == QNetworkReply::TimeoutError;
        const auto error =
            timedOut ? ApiError::timeout(m_config.timeoutMs / 1000) : ApiError::network(reply->errorString());
        if ((timedOut || m_retryPolicy.isRetryableNetworkError(networkError)) &&
            retry(call, attempt, -1, timedOut ? u"timed out"_s : reply->errorString()))
            return;
        complete(call, 0, body, error);
        return;
    }
    if (status >= 300 && status < 400 && reply->hasRawHeader("Location")) {
        const QUrl target = attempt->url.resolved(QUrl::fromEncoded(reply->rawHeader("Location")));
        if (attempt->redirectsLeft-- <= 0 ||
            (target.scheme() != u"http"_s && target.scheme() != u"https"_s)) {
            complete(call, status, body, ApiError::network(u"too many or unsafe redirects"_s));
            return;
        }
        // The token is for the API's origin only: once a redirect leaves it, it never comes back.
        attempt->sendAuthorization = attempt->sendAuthorization && isApiOrigin(target);
        attempt->url = target;
        if (status == 303) {
            attempt->request.method = ApiRequest::Method::Get;
            attempt->request.jsonBody.clear();
        }
        --attempt->attemptsMade; // a redirect is not a failed attempt
        issue(call, attempt);
        return;
    }
    if (status >= 200 && status < 300) {
        complete(call, status, body, {});
        return;
    }
    const int retryAfter = RetryPolicy::parseRetryAfter(reply->rawHeader("Retry-After"));
    if (status == 429)
        m_rateLimiter.holdFor(m_retryPolicy.delayMs(attempt->attemptsMade, retryAfter));
    if (m_retryPolicy.isRetryableStatus(status) &&
        retry(call, attempt, retryAfter, status == 429 ? u"rate limited"_s : u"HTTP %1"_s.arg(status)))
        return;
    if (status == 401 || status == 403)
        emit authenticationFailed(status);
    complete(call, status, body, ApiError::http(status, body, retryAfter));
}

bool HttpTransport::retry(ApiCall *call, const std::shared_ptr<Attempt> &attempt, int retryAfterSeconds,
                          const QString &reason)
{
    if (!attempt->request.idempotent || attempt->attemptsMade >= m_retryPolicy.maxAttempts())
        return false;
    const int delay = m_retryPolicy.delayMs(attempt->attemptsMade, retryAfterSeconds);
    emit call->retryScheduled(attempt->attemptsMade + 1, delay, reason);
    schedule(call, attempt, std::max<qint64>(delay, m_rateLimiter.reserve()));
    return true;
}

void HttpTransport::complete(ApiCall *call, int status, const QByteArray &body, const ApiError &error)
{
    if (call->isFinished())
        return;
    --m_inFlight;
    emit inFlightChanged(m_inFlight);
    call->finish(status, body, error);
    call->deleteLater();
}
