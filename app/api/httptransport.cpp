#include "api/httptransport.h"

#include "api/apicall.h"
#include "api/urlpolicy.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSysInfo>
#include <QTimer>

#include <algorithm>
#include <limits>
#include <utility>

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
    bool deadlineReached = false;
    bool tooLarge = false;
    QPointer<QNetworkReply> reply;
    // The body read so far: taken as it arrives, so that a 20 MB list is never copied out in one go when the
    // reply ends (that held the GUI thread for 100 ms).
    QByteArray received;
    QPointer<QTimer> pending;
    QElapsedTimer clock;

    bool hasBody() const
    {
        return request.method == ApiRequest::Method::Post || request.method == ApiRequest::Method::Put ||
               !request.jsonBody.isEmpty();
    }
};

namespace {

// Requests paced at exactly the server's rate reach its bucket a few milliseconds early now and then (the
// first one waited for a connection, the next did not) and are answered 429: stay 5% under it.
double pacedRate(const TransportConfig &config)
{
    return config.requestsPerSecond * 0.95;
}

// A header value ends at CR or LF: a key with one would let whoever wrote it add headers of their own.
bool isSendableKey(const QString &key)
{
    return std::all_of(key.cbegin(), key.cend(), [](QChar c) {
        return c.unicode() >= 0x20 && c.unicode() != 0x7f && !(c.unicode() >= 0x80 && c.unicode() < 0xa0);
    });
}

bool isSendableHeaderValue(const QByteArray &value)
{
    return std::all_of(value.cbegin(), value.cend(), [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) != 0x7f;
    });
}

QString comeBackSentence(qint64 seconds)
{
    const QDateTime when = QDateTime::currentDateTimeUtc().addSecs(seconds);
    return QCoreApplication::translate(
               "HttpTransport",
               "The server asked us to come back after %1 UTC, later than this call may wait, so it was not "
               "retried.")
        .arg(when.toString(u"yyyy-MM-dd HH:mm:ss"_s));
}

// Qt 6.4 can report a reply as finished without error when the connection was reset after part of its body
// arrived (seen on loopback, a few times in ten, after a 429 on the same connection): the body is then
// shorter than its Content-Length. A body Qt decompressed has no length to compare with.
bool shorterThanAnnounced(const QNetworkReply *reply, const QByteArray &body)
{
    if (reply->operation() == QNetworkAccessManager::HeadOperation)
        return false;
    const QByteArray encoding = reply->rawHeader("Content-Encoding").trimmed().toLower();
    if (!encoding.isEmpty() && encoding != "identity")
        return false;
    const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
    return length.isValid() && body.size() < length.toLongLong();
}

} // namespace

HttpTransport::HttpTransport(const TransportConfig &config, QObject *parent)
    : QObject(parent), m_config(config), m_network(new QNetworkAccessManager(this)),
      m_rateLimiter(pacedRate(config), config.burst),
      m_retryPolicy(config.maxAttempts, config.backoffBaseMs, config.maxRetryAfterSeconds)
{
    // API calls follow redirects by hand (see handleReply); Qt 6.4's default policy would re-send
    // the Authorization header to another host.
    m_network->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

void HttpTransport::setConfig(const TransportConfig &config)
{
    m_config = config;
    m_rateLimiter.configure(pacedRate(config), config.burst);
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
    call->m_apiKey = m_config.apiKey;
    auto attempt = std::make_shared<Attempt>();
    attempt->request = request;
    attempt->clock.start();
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

    // Nothing leaves before the base URL and the key pass: the token goes over https, or plain http
    // to this machine only.
    if (const QString problem = UrlPolicy::checkBaseUrl(m_config.baseUrl); !problem.isEmpty()) {
        refuse(call,
               ApiError::local(
                   QCoreApplication::translate("HttpTransport", "%1 Change it in Settings.").arg(problem)));
        return call;
    }
    if (!isSendableKey(m_config.apiKey)) {
        refuse(call, ApiError::local(QCoreApplication::translate(
                         "HttpTransport", "The API key contains a line break or another control character, "
                                          "so it was not sent. Enter the key again.")));
        return call;
    }
    for (const auto &header : request.headers) {
        if (!isSendableHeaderValue(header.first) || !isSendableHeaderValue(header.second)) {
            refuse(call, ApiError::local(QCoreApplication::translate(
                             "HttpTransport", "A request header contains a line break or another control "
                                              "character, so nothing was sent.")));
            return call;
        }
    }
    if (m_config.callDeadlineMs > 0) {
        auto *deadline = new QTimer(call);
        deadline->setSingleShot(true);
        connect(deadline, &QTimer::timeout, call, [this, call, attempt] {
            attempt->deadlineReached = true;
            if (attempt->reply) {
                attempt->reply->abort(); // handleReply reports the deadline
                return;
            }
            if (attempt->pending)
                attempt->pending->stop();
            complete(call, 0, {}, ApiError::deadline((m_config.callDeadlineMs + 999) / 1000));
        });
        deadline->start(m_config.callDeadlineMs);
    }
    schedule(call, attempt, m_rateLimiter.reserve());
    return call;
}

void HttpTransport::refuse(ApiCall *call, const ApiError &error)
{
    QTimer::singleShot(0, call, [this, call, error] { complete(call, 0, {}, error); });
}

void HttpTransport::schedule(ApiCall *call, const std::shared_ptr<Attempt> &attempt, qint64 delayMs)
{
    if (delayMs <= 0) {
        issue(call, attempt);
        return;
    }
    auto *timer = new QTimer(call);
    timer->setSingleShot(true);
    // A coarse timer may fire 5% early: a server that asked for 2 s heard from us after 1.92 s.
    timer->setTimerType(Qt::PreciseTimer);
    attempt->pending = timer;
    connect(timer, &QTimer::timeout, call, [this, call, attempt, timer] {
        timer->deleteLater();
        if (!attempt->abortRequested && !attempt->deadlineReached)
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
    if (attempt->sendAuthorization)
        for (const auto &[name, value] : attempt->request.headers)
            request.setRawHeader(name, value);
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
    attempt->received.clear();
    // Qt's network thread reads a loopback body faster than the event loop turns, and one readyRead for 20
    // MB is one 20 MB copy: a bounded buffer hands it over a MiB at a time.
    reply->setReadBufferSize(qint64(1) << 20);
    connect(reply, &QNetworkReply::readyRead, call, [attempt, reply] {
        if (attempt->received.isEmpty()) {
            // One allocation for an announced length the size cap allows, not a copy at every doubling.
            const qint64 announced = reply->header(QNetworkRequest::ContentLengthHeader).toLongLong();
            const qint64 cap = attempt->request.maxResponseBytes;
            if (announced > 0 && (cap <= 0 || announced <= cap))
                attempt->received.reserve(announced);
        }
        attempt->received += reply->readAll();
    });
    connect(reply, &QNetworkReply::finished, call,
            [this, call, attempt, reply] { handleReply(call, attempt, reply); });
    watchSize(call, attempt, reply);
}

void HttpTransport::watchSize(ApiCall *call, const std::shared_ptr<Attempt> &attempt, QNetworkReply *reply)
{
    const qint64 cap = attempt->request.maxResponseBytes;
    if (cap <= 0)
        return;
    const auto stop = [attempt, reply] {
        if (attempt->tooLarge || !reply->isRunning())
            return;
        attempt->tooLarge = true;
        reply->abort(); // handleReply reports it
    };
    // The announced length ends it before a byte of the body; a chunked or lying one is counted as it comes.
    connect(reply, &QNetworkReply::metaDataChanged, call, [reply, cap, stop] {
        const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
        if (length.isValid() && length.toLongLong() > cap)
            stop();
    });
    connect(reply, &QNetworkReply::downloadProgress, call, [cap, stop](qint64 received, qint64) {
        if (received > cap)
            stop();
    });
}

void HttpTransport::handleReply(ApiCall *call, const std::shared_ptr<Attempt> &attempt, QNetworkReply *reply)
{
    reply->deleteLater();
    attempt->reply = nullptr;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    // An aborted reply is closed: reading it only makes Qt complain.
    if (attempt->abortRequested) {
        complete(call, status, {}, ApiError::cancelled());
        return;
    }
    if (attempt->deadlineReached) {
        complete(call, 0, {}, ApiError::deadline((m_config.callDeadlineMs + 999) / 1000));
        return;
    }
    if (attempt->tooLarge) {
        complete(call, status, {}, ApiError::tooLarge(attempt->request.maxResponseBytes));
        return;
    }
    // A reply cut by the transfer timeout is closed too.
    if (reply->isOpen())
        attempt->received += reply->readAll();
    const QByteArray body = std::exchange(attempt->received, {});
    const auto networkError = reply->error();
    call->m_responseHeaders = reply->rawHeaderPairs();

    if (status == 0) {
        // No HTTP answer. setTransferTimeout reports the same error as abort(); since abort is flagged
        // above, a cancel here is the timeout.
        const bool timedOut = networkError == QNetworkReply::OperationCanceledError ||
                              networkError == QNetworkReply::TimeoutError;
        const auto error = timedOut ? ApiError::timeout((m_config.timeoutMs + 999) / 1000)
                                    : ApiError::network(reply->errorString());
        if ((timedOut || m_retryPolicy.isRetryableNetworkError(networkError)) &&
            retry(call, attempt, -1,
                  timedOut ? QCoreApplication::translate("HttpTransport", "timed out")
                           : reply->errorString()))
            return;
        complete(call, 0, body, error);
        return;
    }
    if (status >= 300 && status < 400 && reply->hasRawHeader("Location")) {
        const QUrl target = attempt->url.resolved(QUrl::fromEncoded(reply->rawHeader("Location")));
        if (attempt->redirectsLeft-- <= 0) {
            complete(call, status, {},
                     ApiError::network(QCoreApplication::translate("HttpTransport", "too many redirects")));
            return;
        }
        // Judged on the method as sent: even a 303 must not turn an acquire into an answer from elsewhere.
        if (const QString problem = UrlPolicy::checkRedirect(attempt->url, target, attempt->hasBody());
            !problem.isEmpty()) {
            complete(call, status, {}, ApiError::redirectRefused(problem));
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
        if (networkError == QNetworkReply::NoError && !shorterThanAnnounced(reply, body)) {
            complete(call, status, body, {});
            return;
        }
        // The status came, the whole body did not (the connection closed before Content-Length bytes or
        // the last chunk): whatever parses of it is not the answer.
        if (retry(call, attempt, -1, QCoreApplication::translate("HttpTransport", "answer cut short")))
            return;
        complete(call, status, {}, ApiError::truncated(reply->errorString()));
        return;
    }
    const qint64 retryAfterSeconds = RetryPolicy::parseRetryAfterSeconds(reply->rawHeader("Retry-After"));
    // Later than we can wait: never retried early, and told as a time instead of a count of seconds.
    const qint64 leftMs = m_config.callDeadlineMs > 0 ? m_config.callDeadlineMs - attempt->clock.elapsed()
                                                      : std::numeric_limits<qint64>::max();
    const bool tooLate = retryAfterSeconds >= 0 && (retryAfterSeconds > m_config.maxRetryAfterSeconds ||
                                                    retryAfterSeconds * 1000 > leftMs);
    const int retryAfter = int(std::min<qint64>(retryAfterSeconds, std::numeric_limits<int>::max()));
    if (status == 429 && !tooLate)
        m_rateLimiter.holdFor(m_retryPolicy.delayMs(attempt->attemptsMade, retryAfter));
    // A 429 is the one failure that says the request was not carried out: the limiter turned it away
    // before anything happened. So even an acquire, which is never repeated after a 5xx or a silence (it
    // may have occupied a sandbox), is sent again after the server's wait.
    const bool notCarriedOut = status == 429;
    if (!tooLate && m_retryPolicy.isRetryableStatus(status) &&
        retry(call, attempt, retryAfter,
              status == 429 ? QCoreApplication::translate("HttpTransport", "rate limited")
                            : QCoreApplication::translate("HttpTransport", "HTTP %1").arg(status),
              notCarriedOut))
        return;
    auto error = ApiError::http(status, body, retryAfter,
                                attempt->request.acquire ? ApiError::Request::Acquire
                                                         : ApiError::Request::ActOnExisting);
    if (error.isKeyProblem())
        emit authenticationFailed(status);
    if (tooLate && m_retryPolicy.isRetryableStatus(status))
        error.appendSentence(comeBackSentence(retryAfterSeconds));
    complete(call, status, body, error);
}

bool HttpTransport::retry(ApiCall *call, const std::shared_ptr<Attempt> &attempt, int retryAfterSeconds,
                          const QString &reason, bool notCarriedOut)
{
    if ((!attempt->request.idempotent && !notCarriedOut) ||
        attempt->attemptsMade >= m_retryPolicy.maxAttempts())
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
    if (error.isError()) {
        // Servers and proxies echo the Authorization header into error pages: nothing of the key leaves.
        ApiError clean = error;
        clean.redact(m_config.apiKey);
        call->finish(status, ApiError::redacted(body, m_config.apiKey), clean);
    } else {
        call->finish(status, body, error);
    }
    call->deleteLater();
}
