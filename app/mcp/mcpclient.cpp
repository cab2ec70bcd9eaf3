#include "mcp/mcpclient.h"

#include "mcp/mcphttpexchange.h"
#include "mcp/mcpresultdecoder.h"

#include "api/urlpolicy.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QNetworkAccessManager>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

bool isAcceptedVersion(const QString &version)
{
    return version == QLatin1StringView(McpClient::protocolVersion) || version == u"2025-06-18"_s ||
           version == u"2025-03-26"_s;
}

// A session id is visible ASCII (the spec's rule); anything else would be a header injection.
bool isValidSessionId(const QByteArray &id)
{
    return id.size() <= 1024 &&
           std::all_of(id.begin(), id.end(), [](char c) { return c >= 0x21 && c <= 0x7E; });
}

McpError protocolError(const QString &message)
{
    return McpError::make(McpError::Kind::Protocol, message);
}

} // namespace

McpClient::McpClient(QNetworkAccessManager *network, QObject *parent) : QObject(parent), m_network(network)
{
    m_urlProblem = tr("no MCP server URL was given; nothing was sent.");
}

McpClient::~McpClient()
{
    for (const QPointer<McpHttpExchange> &exchange : std::as_const(m_inFlight))
        delete exchange.data();
}

void McpClient::setUrl(const QUrl &url)
{
    m_url = url;
    m_urlProblem = UrlPolicy::checkMcpUrl(url);
    m_sessionId.clear();
    m_negotiatedVersion.clear();
    setConnected(false);
}

void McpClient::setBearerToken(const QString &token)
{
    m_token = token;
    // A line break in a header value would let the token write headers of its own.
    const bool printable = std::all_of(token.cbegin(), token.cend(), [](QChar c) {
        return c.unicode() >= 0x20 && c.unicode() != 0x7F && c.unicode() < 0x100;
    });
    m_tokenProblem =
        printable ? QString() : tr("the token holds characters a header cannot carry; nothing was sent.");
}

QString McpClient::refusal() const
{
    return m_urlProblem.isEmpty() ? m_tokenProblem : m_urlProblem;
}

void McpClient::setTimeoutMs(int ms)
{
    m_timeoutMs = std::max(1, ms);
}

void McpClient::setMaxMessageBytes(qint64 bytes)
{
    m_maxMessageBytes = std::max<qint64>(1024, bytes);
}

McpCall *McpClient::connectToServer()
{
    auto *call = new McpCall(u"initialize"_s, this);
    call->m_onCancel = [call] { call->finish(McpError::make(McpError::Kind::Cancelled, {})); };
    m_initWaiters.append([this, call](const McpError &error) {
        call->finish(error, error.isError() ? QJsonValue() : m_initializeResult);
    });
    if (!m_initializing) {
        setConnected(false);
        startInitialize();
    }
    return call;
}

McpCall *McpClient::listTools()
{
    auto *call = new McpCall(u"tools/list"_s, this);
    fetchToolsPage(call, {}, 0);
    return call;
}

void McpClient::fetchToolsPage(McpCall *call, const QString &cursor, int page)
{
    const QJsonObject params = cursor.isEmpty() ? QJsonObject() : QJsonObject{{u"cursor"_s, cursor}};
    request(call, u"tools/list"_s, params, [this, call, page](const QJsonValue &result) {
        const QJsonValue tools = result.toObject().value(u"tools"_s);
        if (!tools.isArray()) {
            call->finish(protocolError(tr("the tools/list result has no tools array")));
            return;
        }
        for (const QJsonValue &entry : tools.toArray()) {
            if (auto tool = McpResultDecoder::tool(entry.toObject()))
                call->m_tools.append(std::move(*tool));
        }
        const QString next = result.toObject().value(u"nextCursor"_s).toString();
        if (next.isEmpty()) {
            QJsonArray raw;
            for (const McpTool &tool : std::as_const(call->m_tools))
                raw.append(tool.raw);
            call->finish({}, QJsonObject{{u"tools"_s, raw}});
        } else if (page + 1 >= maxToolPages) {
            call->finish(protocolError(tr("tools/list gave more than %1 pages").arg(maxToolPages)));
        } else {
            fetchToolsPage(call, next, page + 1);
        }
    });
}

McpCall *McpClient::callTool(const QString &name, const QJsonObject &arguments)
{
    auto *call = new McpCall(u"tools/call"_s, this);
    call->m_progressToken = u"sandboxdeck-%1"_s.arg(++m_nextProgressToken);
    const QJsonObject params{{u"name"_s, name},
                             {u"arguments"_s, arguments},
                             {u"_meta"_s, QJsonObject{{u"progressToken"_s, call->m_progressToken}}}};
    request(call, u"tools/call"_s, params, [call](const QJsonValue &result) {
        if (!result.isObject()) {
            call->finish(protocolError(tr("the tools/call result is not an object")));
            return;
        }
        call->m_toolResult = McpResultDecoder::toolResult(result.toObject());
        call->finish({}, result);
    });
    return call;
}

McpCall *McpClient::ping()
{
    auto *call = new McpCall(u"ping"_s, this);
    request(call, u"ping"_s, {}, [call](const QJsonValue &result) { call->finish({}, result); });
    return call;
}

void McpClient::close()
{
    if (!m_sessionId.isEmpty() && refusal().isEmpty()) {
        McpHttpExchange::Request request;
        request.label = u"DELETE"_s;
        request.httpMethod = "DELETE";
        request.url = m_url;
        request.headers = headers(true);
        request.timeoutMs = m_timeoutMs;
        request.maxMessageBytes = m_maxMessageBytes;
        auto *exchange = new McpHttpExchange(m_network, request, this);
        connect(exchange, &McpHttpExchange::logged, this, &McpClient::exchangeLogged);
        connect(exchange, &McpHttpExchange::finished, exchange, &QObject::deleteLater);
        exchange->start();
    }
    m_sessionId.clear();
    m_serverInfo.sessionId.clear();
    setConnected(false);
}

void McpClient::whenConnected(McpCall *call, const std::function<void()> &send)
{
    if (const QString problem = refusal(); !problem.isEmpty()) {
        call->finish(McpError::make(McpError::Kind::Refused, problem));
        return;
    }
    if (m_connected) {
        send();
        return;
    }
    call->m_onCancel = [call] { call->finish(McpError::make(McpError::Kind::Cancelled, {})); };
    m_initWaiters.append([call, send](const McpError &error) {
        if (call->isFinished())
            return;
        if (error.isError())
            call->finish(error);
        else
            send();
    });
    startInitialize();
}

void McpClient::request(McpCall *call, const QString &method, const QJsonObject &params,
                        const ResultHandler &onResult, bool mayReinitialize)
{
    whenConnected(call, [=, this] {
        if (call->isFinished())
            return;
        const qint64 id = ++m_nextId;
        McpHttpExchange *exchange =
            this->exchange(method, JsonRpc::request(id, method, params), true, id, true);
        connect(exchange, &McpHttpExchange::message, call,
                [this, call](const JsonRpc::Message &message) { deliver(call, message); });
        call->m_onCancel = [this, call, exchange, id] {
            exchange->cancel();
            exchange->deleteLater();
            post(u"notifications/cancelled"_s,
                 JsonRpc::notification(u"notifications/cancelled"_s,
                                       {{u"requestId"_s, id}, {u"reason"_s, u"Cancelled by the user"_s}}));
            call->finish(McpError::make(McpError::Kind::Cancelled, {}));
        };
        connect(exchange, &McpHttpExchange::finished, call, [=, this] {
            exchange->deleteLater();
            if (call->isFinished())
                return;
            const McpError &error = exchange->error();
            if (error.kind == McpError::Kind::Http && error.httpStatus == 404 && !m_sessionId.isEmpty() &&
                mayReinitialize) {
                // The session expired on the server: start a new one and send the request again, once.
                m_sessionId.clear();
                setConnected(false);
                request(call, method, params, onResult, false);
                return;
            }
            if (error.isError()) {
                call->finish(error);
                return;
            }
            const JsonRpc::Message &response = exchange->response();
            if (response.kind == JsonRpc::Kind::Error) {
                McpError rpcError = McpError::make(McpError::Kind::JsonRpc, response.errorMessage.left(2000),
                                                   exchange->httpStatus());
                rpcError.code = response.errorCode;
                rpcError.data = response.errorData;
                call->finish(rpcError);
                return;
            }
            onResult(response.result);
        });
        exchange->start();
    });
}

void McpClient::startInitialize()
{
    if (m_initializing)
        return;
    if (const QString problem = refusal(); !problem.isEmpty()) {
        finishInitialize(McpError::make(McpError::Kind::Refused, problem));
        return;
    }
    m_initializing = true;
    m_sessionId.clear();
    m_negotiatedVersion.clear();
    const qint64 id = ++m_nextId;
    const QJsonObject params{{u"protocolVersion"_s, QLatin1StringView(protocolVersion)},
                             {u"capabilities"_s, QJsonObject()},
                             {u"clientInfo"_s, QJsonObject{{u"name"_s, u"sandboxdeck"_s},
                                                           {u"version"_s, u"" SANDBOXDECK_VERSION ""_s}}}};
    McpHttpExchange *exchange =
        this->exchange(u"initialize"_s, JsonRpc::request(id, u"initialize"_s, params), true, id, false);
    connect(exchange, &McpHttpExchange::message, this,
            [this](const JsonRpc::Message &message) { deliver(nullptr, message); });
    connect(exchange, &McpHttpExchange::finished, this, [this, exchange] {
        exchange->deleteLater();
        if (exchange->error().isError()) {
            finishInitialize(exchange->error());
            return;
        }
        const JsonRpc::Message &response = exchange->response();
        if (response.kind == JsonRpc::Kind::Error) {
            McpError error = McpError::make(McpError::Kind::JsonRpc, response.errorMessage.left(2000));
            error.code = response.errorCode;
            error.data = response.errorData;
            finishInitialize(error);
            return;
        }
        const QJsonObject result = response.result.toObject();
        const QString version = result.value(u"protocolVersion"_s).toString();
        if (!isAcceptedVersion(version)) {
            finishInitialize(
                protocolError(tr("the server speaks protocol version \"%1\", which this client does not")
                                  .arg(version.left(40))));
            return;
        }
        const QByteArray session = exchange->sessionId();
        if (!isValidSessionId(session)) {
            finishInitialize(protocolError(tr("the server's session id is not visible ASCII")));
            return;
        }
        m_sessionId = session;
        m_negotiatedVersion = version.toLatin1();
        m_initializeResult = result;
        const QJsonObject info = result.value(u"serverInfo"_s).toObject();
        m_serverInfo = {info.value(u"name"_s).toString(),
                        info.value(u"title"_s).toString(),
                        info.value(u"version"_s).toString(),
                        version,
                        result.value(u"instructions"_s).toString(),
                        result.value(u"capabilities"_s).toObject(),
                        QString::fromLatin1(session)};
        sendInitialized();
    });
    exchange->start();
}

void McpClient::sendInitialized()
{
    McpHttpExchange *exchange =
        this->exchange(u"notifications/initialized"_s, JsonRpc::notification(u"notifications/initialized"_s),
                       false, -1, true);
    connect(exchange, &McpHttpExchange::finished, this, [this, exchange] {
        exchange->deleteLater();
        finishInitialize(exchange->error());
    });
    exchange->start();
}

void McpClient::finishInitialize(const McpError &error)
{
    m_initializing = false;
    if (!error.isError())
        setConnected(true);
    const QList<InitWaiter> waiters = std::exchange(m_initWaiters, {});
    for (const InitWaiter &waiter : waiters)
        waiter(error);
}

void McpClient::post(const QString &label, const QByteArray &body)
{
    McpHttpExchange *exchange = this->exchange(label, body, false, -1, true);
    connect(exchange, &McpHttpExchange::finished, exchange, &QObject::deleteLater);
    exchange->start();
}

void McpClient::deliver(McpCall *call, const JsonRpc::Message &message)
{
    if (message.kind == JsonRpc::Kind::Request) {
        // A request we cannot serve is refused, never left waiting: the server may hold our response for it.
        post(message.method + u" (reply)"_s, message.method == u"ping"_s
                                                 ? JsonRpc::result(message.id, QJsonObject())
                                                 : JsonRpc::error(message.id, JsonRpc::MethodNotFound,
                                                                  u"Method not supported by this client"_s));
        return;
    }
    if (call && message.method == u"notifications/progress"_s) {
        const QJsonValue token = message.params.value(u"progressToken"_s);
        if (token.toString() == call->m_progressToken && !call->m_progressToken.isEmpty())
            emit call->progress(message.params.value(u"progress"_s).toDouble(),
                                message.params.value(u"total"_s).toDouble(),
                                message.params.value(u"message"_s).toString().left(1000));
    }
    if (call)
        emit call->notification(message.method, message.params);
    emit notificationReceived(message.method, message.params);
}

McpHttpExchange *McpClient::exchange(const QString &label, const QByteArray &body, bool expectsResponse,
                                     qint64 id, bool afterInitialize)
{
    McpHttpExchange::Request request;
    request.label = label;
    request.url = m_url;
    request.body = body;
    request.expectsResponse = expectsResponse;
    request.id = id;
    request.headers = headers(afterInitialize);
    request.timeoutMs = m_timeoutMs;
    request.maxMessageBytes = m_maxMessageBytes;
    auto *exchange = new McpHttpExchange(m_network, request, this);
    connect(exchange, &McpHttpExchange::logged, this, &McpClient::exchangeLogged);
    m_inFlight.removeAll(nullptr);
    m_inFlight.append(exchange);
    return exchange;
}

QList<std::pair<QByteArray, QByteArray>> McpClient::headers(bool afterInitialize) const
{
    QList<std::pair<QByteArray, QByteArray>> headers;
    if (!m_token.isEmpty())
        headers.append({"Authorization", "Bearer " + m_token.toUtf8()});
    if (afterInitialize && !m_sessionId.isEmpty())
        headers.append({"Mcp-Session-Id", m_sessionId});
    if (afterInitialize && !m_negotiatedVersion.isEmpty())
        headers.append({"MCP-Protocol-Version", m_negotiatedVersion});
    return headers;
}

void McpClient::setConnected(bool connected)
{
    if (m_connected == connected)
        return;
    m_connected = connected;
    emit connectedChanged(connected);
}
