#pragma once

#include "mcp/jsonrpc.h"
#include "mcp/mcperror.h"
#include "mcp/mcpexchange.h"
#include "mcp/sseparser.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

// One MCP message over Streamable HTTP: the POST (or DELETE), redirects followed by hand within the
// origin only, the reply read as JSON or as an SSE stream, and, when the stream ends before the response,
// resumption with GET + Last-Event-ID after the stream's `retry` delay (a bounded number of times). Every
// HTTP request it makes is reported through logged(), redacted.
class McpHttpExchange final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpHttpExchange)

public:
    struct Request
    {
        QString label; // the JSON-RPC method, for the log
        QByteArray httpMethod = QByteArrayLiteral("POST");
        QUrl url;
        QByteArray body;
        bool expectsResponse = false; // a request with an id: wait for its response
        qint64 id = -1;
        QList<std::pair<QByteArray, QByteArray>> headers; // session, protocol version, Authorization
        int timeoutMs = 30000;
        qint64 maxMessageBytes = 16 * 1024 * 1024;
        int maxResumptions = 5;
    };

    McpHttpExchange(QNetworkAccessManager *network, const Request &request, QObject *parent = nullptr);
    ~McpHttpExchange() override;

    void start();
    // Stops at once; no signal follows.
    void abort();
    // Stops at once and logs the request as cancelled; no finished() follows.
    void cancel();

    int httpStatus() const { return m_status; }
    QByteArray sessionId() const { return m_sessionId; }
    const JsonRpc::Message &response() const { return m_response; }
    const McpError &error() const { return m_error; }

    // The redacted copy of a URL for the log: every query value replaced by "…".
    static QUrl redactedUrl(const QUrl &url);

signals:
    // A notification or a server's request that came on the stream before the response.
    void message(const JsonRpc::Message &message);
    void logged(const McpExchange &exchange);
    void finished();

private:
    void issue(const QByteArray &httpMethod, const QUrl &url, const QByteArray &body);
    void readAvailable();
    void handleFinished();
    bool readHead();
    void handleEvent(const QByteArray &data);
    void handleJsonBody();
    void resumeOrFail();
    void complete(const McpError &error);
    void logRequest();
    McpError httpError() const;

    QNetworkAccessManager *m_network;
    Request m_request;
    QPointer<QNetworkReply> m_reply;
    QTimer m_timeout;
    QElapsedTimer m_clock;         // the HTTP request now in flight
    QElapsedTimer m_exchangeClock; // the whole exchange

    // The HTTP request now in flight.
    QByteArray m_currentMethod;
    QUrl m_currentUrl;
    QByteArray m_currentBody;
    QList<std::pair<QByteArray, QByteArray>> m_currentHeaders;
    QDateTime m_started;
    bool m_headRead = false;
    bool m_streaming = false;
    QByteArray m_body;
    QByteArray m_loggedBody;
    QString m_contentType;
    std::unique_ptr<SseParser> m_parser;

    int m_status = 0;
    QByteArray m_sessionId;
    QByteArray m_lastEventId;
    qint64 m_retryMs = -1;
    int m_resumptions = 0;
    int m_redirectsLeft = 5;
    bool m_timedOut = false;
    bool m_done = false;
    JsonRpc::Message m_response;
    McpError m_error;
};
