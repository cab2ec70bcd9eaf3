#pragma once

#include "mcp/jsonrpc.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpexchange.h"
#include "mcp/mcpserverinfo.h"

#include <QObject>
#include <QPointer>
#include <QUrl>

#include <functional>

class McpHttpExchange;
class QNetworkAccessManager;

// An MCP client over Streamable HTTP (protocol 2025-11-25; 2025-06-18 and 2025-03-26 accepted from the
// server), on the caller's QNetworkAccessManager. Stateless servers (no session id) and servers with
// sessions both work; a 404 on a session re-initializes once and sends the request again.
class McpClient : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpClient)

public:
    static constexpr auto protocolVersion = "2025-11-25";

    explicit McpClient(QNetworkAccessManager *network, QObject *parent = nullptr);
    ~McpClient() override;

    // Checked: https, or http to loopback; any other URL makes every call end with Refused.
    void setUrl(const QUrl &url);
    QUrl url() const { return m_url; }
    // Sent only to the URL's own origin: redirects elsewhere are refused, so it never follows one.
    void setBearerToken(const QString &token);
    // Per request; progress notifications start the clock again, up to ten times this in all.
    void setTimeoutMs(int ms);
    void setMaxMessageBytes(qint64 bytes);

    McpCall *connectToServer(); // initialize + notifications/initialized; result(): the initialize result
    McpCall *listTools();       // tools/list, following nextCursor (at most 1000 pages)
    McpCall *callTool(const QString &name, const QJsonObject &arguments);
    McpCall *ping();
    void close(); // DELETE with the session id if any (405 is fine)

    bool isConnected() const { return m_connected; }
    const McpServerInfo &serverInfo() const { return m_serverInfo; }

    static constexpr int maxToolPages = 1000;

signals:
    void exchangeLogged(const McpExchange &exchange);
    void connectedChanged(bool connected);
    void notificationReceived(const QString &method, const QJsonObject &params);

private:
    using ResultHandler = std::function<void(const QJsonValue &result)>;
    using InitWaiter = std::function<void(const McpError &error)>;

    // Sends one request for `call` once connected; handles 404 on a session by re-initializing once.
    void request(McpCall *call, const QString &method, const QJsonObject &params,
                 const ResultHandler &onResult, bool mayReinitialize = true);
    void whenConnected(McpCall *call, const std::function<void()> &send);
    void startInitialize();
    void finishInitialize(const McpError &error);
    void sendInitialized();
    void fetchToolsPage(McpCall *call, const QString &cursor, int page);
    // A notification, or an answer to a server's request: no reply expected beyond 202.
    void post(const QString &label, const QByteArray &body);
    void deliver(McpCall *call, const JsonRpc::Message &message);
    McpHttpExchange *exchange(const QString &label, const QByteArray &body, bool expectsResponse, qint64 id,
                              bool afterInitialize);
    QList<std::pair<QByteArray, QByteArray>> headers(bool afterInitialize) const;
    void setConnected(bool connected);
    // Why nothing may be sent (the URL policy, an unusable token), or "".
    QString refusal() const;

    QNetworkAccessManager *m_network;
    QUrl m_url;
    QString m_urlProblem;
    QString m_token;
    QString m_tokenProblem;
    int m_timeoutMs = 30000;
    qint64 m_maxMessageBytes = 16 * 1024 * 1024;

    bool m_connected = false;
    bool m_initializing = false;
    QList<InitWaiter> m_initWaiters;
    QJsonValue m_initializeResult;
    McpServerInfo m_serverInfo;
    QByteArray m_sessionId;
    QByteArray m_negotiatedVersion;
    qint64 m_nextId = 0;
    qint64 m_nextProgressToken = 0;
    QList<QPointer<McpHttpExchange>> m_inFlight;
};
