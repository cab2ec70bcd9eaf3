#include "mcp/mcphttpexchange.h"

#include "api/httptransport.h"
#include "api/remotetext.h"
#include "api/urlpolicy.h"

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace {

// Before the first event a stream names no delay; the spec leaves the default to the client.
constexpr qint64 defaultRetryMs = 1000;
// How many timeouts a request may last in all while its server keeps reporting progress.
constexpr int maxTimeoutsWithProgress = 10;

} // namespace

McpHttpExchange::McpHttpExchange(QNetworkAccessManager *network, const Request &request, QObject *parent)
    : QObject(parent), m_network(network), m_request(request)
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        m_timedOut = true;
        if (m_reply)
            m_reply->abort(); // handleFinished reports the timeout
        else
            complete(McpError::make(McpError::Kind::Timeout, tr("no reply within the time limit")));
    });
}

McpHttpExchange::~McpHttpExchange()
{
    abort();
}

void McpHttpExchange::start()
{
    m_exchangeClock.start();
    issue(m_request.httpMethod, m_request.url, m_request.body);
}

void McpHttpExchange::abort()
{
    m_done = true;
    m_timeout.stop();
    if (m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void McpHttpExchange::cancel()
{
    if (m_done)
        return;
    m_error = McpError::make(McpError::Kind::Cancelled, {});
    logRequest();
    abort();
}

QUrl McpHttpExchange::redactedUrl(const QUrl &url)
{
    QUrl redacted = url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveFragment);
    if (url.hasQuery()) {
        QUrlQuery masked;
        for (const auto &[key, value] : QUrlQuery(url).queryItems(QUrl::FullyEncoded))
            masked.addQueryItem(key, value.isEmpty() ? value : u"…"_s);
        redacted.setQuery(masked);
    }
    return redacted;
}

void McpHttpExchange::issue(const QByteArray &httpMethod, const QUrl &url, const QByteArray &body)
{
    m_currentMethod = httpMethod;
    m_currentUrl = url;
    m_currentBody = body;
    m_headRead = false;
    m_streaming = false;
    m_body.clear();
    m_loggedBody.clear();
    m_contentType.clear();
    m_status = 0;
    m_parser = std::make_unique<SseParser>(m_request.maxMessageBytes);
    m_started = QDateTime::currentDateTimeUtc();
    m_clock.start();

    QNetworkRequest request(url);
    m_currentHeaders.clear();
    const bool isGet = httpMethod == "GET";
    m_currentHeaders.append(std::pair<QByteArray, QByteArray>(
        "Accept", isGet ? "text/event-stream" : "application/json, text/event-stream"));
    if (!body.isEmpty())
        m_currentHeaders.append(std::pair<QByteArray, QByteArray>("Content-Type", "application/json"));
    m_currentHeaders.append(m_request.headers);
    if (isGet && !m_lastEventId.isEmpty())
        m_currentHeaders.append(std::pair<QByteArray, QByteArray>("Last-Event-ID", m_lastEventId));
    for (const auto &[name, value] : std::as_const(m_currentHeaders))
        request.setRawHeader(name, value);
    request.setRawHeader("User-Agent", HttpTransport::userAgent());
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    // An SSE reply must reach us as it arrives, not when the stream ends.
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);

    m_reply = m_network->sendCustomRequest(request, httpMethod, body);
    connect(m_reply, &QNetworkReply::readyRead, this, &McpHttpExchange::readAvailable);
    connect(m_reply, &QNetworkReply::finished, this, &McpHttpExchange::handleFinished);
    m_timeout.start(m_request.timeoutMs);
}

bool McpHttpExchange::readHead()
{
    if (m_headRead)
        return true;
    const QVariant status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (!status.isValid())
        return false;
    m_headRead = true;
    m_status = status.toInt();
    m_contentType = QString::fromLatin1(m_reply->rawHeader("Content-Type")).left(200);
    const QByteArray session = m_reply->rawHeader("Mcp-Session-Id");
    if (!session.isEmpty())
        m_sessionId = session;
    m_streaming = m_status >= 200 && m_status < 300 &&
                  m_contentType.startsWith(u"text/event-stream"_s, Qt::CaseInsensitive);
    return true;
}

void McpHttpExchange::readAvailable()
{
    if (m_done || !m_reply || !readHead())
        return;
    const QByteArray bytes = m_reply->readAll();
    if (!m_streaming) {
        m_body += bytes;
        if (m_body.size() > m_request.maxMessageBytes)
            complete(McpError::make(McpError::Kind::Protocol,
                                    tr("the reply is larger than %1 bytes").arg(m_request.maxMessageBytes)));
        return;
    }
    const QList<SseParser::Event> events = m_parser->feed(bytes);
    m_lastEventId = m_parser->lastEventId().isEmpty() ? m_lastEventId : m_parser->lastEventId();
    if (m_parser->retryMs() >= 0)
        m_retryMs = m_parser->retryMs();
    for (const SseParser::Event &event : events) {
        handleEvent(event.data);
        if (m_done)
            return;
    }
    if (m_parser->overflowed())
        complete(McpError::make(McpError::Kind::Protocol,
                                tr("an event is larger than %1 bytes").arg(m_request.maxMessageBytes)));
}

void McpHttpExchange::handleEvent(const QByteArray &data)
{
    if (data.trimmed().isEmpty())
        return; // a priming event: it carries only an id and a retry delay
    if (m_loggedBody.size() < m_request.maxMessageBytes) {
        if (!m_loggedBody.isEmpty())
            m_loggedBody += '\n';
        m_loggedBody += data.left(m_request.maxMessageBytes - m_loggedBody.size());
    }
    const JsonRpc::Message parsed = JsonRpc::parse(data);
    switch (parsed.kind) {
    case JsonRpc::Kind::Invalid:
        complete(
            McpError::make(McpError::Kind::Protocol, tr("an event of the stream is not a JSON-RPC message")));
        return;
    case JsonRpc::Kind::Response:
    case JsonRpc::Kind::Error:
        if (m_request.expectsResponse && JsonRpc::idMatches(parsed.id, m_request.id)) {
            m_response = parsed;
            complete({});
        }
        return; // a response to something else is not ours to deliver
    case JsonRpc::Kind::Notification:
        // Progress shows the server is at work: the clock starts again, up to a hard limit for the whole
        // exchange, so that a server reporting progress forever still ends.
        if (parsed.method == u"notifications/progress"_s && m_timeout.isActive()) {
            const qint64 left =
                qint64(m_request.timeoutMs) * maxTimeoutsWithProgress - m_exchangeClock.elapsed();
            m_timeout.start(int(std::clamp<qint64>(left, 0, m_request.timeoutMs)));
        }
        emit message(parsed);
        return;
    case JsonRpc::Kind::Request:
        emit message(parsed);
        return;
    }
}

void McpHttpExchange::handleFinished()
{
    if (m_done || !m_reply)
        return;
    readHead();
    if (m_reply->bytesAvailable() > 0)
        readAvailable();
    if (m_done)
        return;
    if (m_timedOut) {
        complete(McpError::make(McpError::Kind::Timeout,
                                tr("no complete reply within %1 ms").arg(m_request.timeoutMs)));
        return;
    }
    if (!m_headRead) {
        complete(McpError::make(McpError::Kind::Network, RemoteText::redacted(m_reply->errorString(), {})));
        return;
    }
    if (m_status >= 300 && m_status < 400) {
        const QUrl target = m_currentUrl.resolved(QUrl::fromEncoded(m_reply->rawHeader("Location")));
        // Same origin only: the token and the body stay with the server the user named.
        const QString problem = UrlPolicy::checkRedirect(m_currentUrl, target, true);
        if (!problem.isEmpty()) {
            complete(McpError::make(McpError::Kind::Refused, problem, m_status));
            return;
        }
        if (m_redirectsLeft-- <= 0) {
            complete(McpError::make(McpError::Kind::Http, tr("too many redirects"), m_status));
            return;
        }
        logRequest();
        m_reply->deleteLater();
        m_reply = nullptr;
        issue(m_currentMethod, target, m_currentBody);
        return;
    }
    if (m_streaming) {
        if (m_request.expectsResponse)
            resumeOrFail();
        else
            complete({});
        return;
    }
    handleJsonBody();
}

void McpHttpExchange::handleJsonBody()
{
    m_loggedBody = m_body;
    // A server without sessions to end may refuse DELETE: the spec allows it, so it is no failure.
    const bool deleteRefused = m_currentMethod == "DELETE" && m_status == 405;
    if ((m_status < 200 || m_status >= 300) && !deleteRefused) {
        complete(httpError());
        return;
    }
    if (!m_request.expectsResponse) {
        complete({});
        return;
    }
    if (m_status == 202 || m_body.isEmpty()) {
        complete(McpError::make(McpError::Kind::Protocol,
                                tr("the server accepted the request but sent no reply")));
        return;
    }
    const JsonRpc::Message message = JsonRpc::parse(m_body);
    // A JSON reply answers this POST alone, so an error without an id (a parse error) is ours too.
    const bool isOurs = JsonRpc::idMatches(message.id, m_request.id) ||
                        (message.kind == JsonRpc::Kind::Error && message.id.isNull());
    if ((message.kind == JsonRpc::Kind::Response || message.kind == JsonRpc::Kind::Error) && isOurs) {
        m_response = message;
        complete({});
        return;
    }
    complete(McpError::make(McpError::Kind::Protocol,
                            tr("the reply is not the JSON-RPC response to the request")));
}

void McpHttpExchange::resumeOrFail()
{
    if (m_lastEventId.isEmpty() || m_resumptions >= m_request.maxResumptions) {
        complete(McpError::make(McpError::Kind::Protocol, tr("the stream ended before the response")));
        return;
    }
    ++m_resumptions;
    logRequest();
    m_reply->deleteLater();
    m_reply = nullptr;
    const qint64 delay = std::min<qint64>(m_retryMs >= 0 ? m_retryMs : defaultRetryMs, m_request.timeoutMs);
    m_timeout.stop();
    QTimer::singleShot(delay, this, [this] {
        if (!m_done)
            issue("GET", m_currentUrl, {});
    });
}

McpError McpHttpExchange::httpError() const
{
    const JsonRpc::Message message = JsonRpc::parse(m_body);
    McpError error = McpError::make(McpError::Kind::Http, {}, m_status);
    if (message.kind == JsonRpc::Kind::Error) {
        error.code = message.errorCode;
        error.message = RemoteText::redacted(message.errorMessage.left(500), {});
        error.data = message.errorData;
    } else {
        error.message = RemoteText::bodyExcerpt(m_body);
    }
    return error;
}

void McpHttpExchange::complete(const McpError &error)
{
    if (m_done)
        return;
    m_error = error;
    logRequest();
    abort(); // sets m_done; a stream still open after its response is closed here
    emit finished();
}

void McpHttpExchange::logRequest()
{
    McpExchange exchange;
    exchange.method = m_currentMethod == "POST" ? m_request.label : QString::fromLatin1(m_currentMethod);
    exchange.url = redactedUrl(m_currentUrl);
    for (const auto &[name, value] : std::as_const(m_currentHeaders))
        exchange.requestHeaders.append(
            {name, name.compare("Authorization", Qt::CaseInsensitive) == 0 ? QByteArray("Bearer …") : value});
    exchange.requestBody = m_currentBody;
    exchange.httpStatus = m_status;
    exchange.responseBody = m_streaming ? m_loggedBody : m_body.left(m_request.maxMessageBytes);
    exchange.responseContentType = m_contentType;
    exchange.started = m_started;
    exchange.elapsedMs = m_clock.elapsed();
    exchange.error = m_error;
    emit logged(exchange);
}
