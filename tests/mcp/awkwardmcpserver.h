#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <functional>

#include "../api/rawhttprequest.h"

using namespace Qt::StringLiterals;

// A small MCP server over raw TCP that answers correctly but awkwardly, one awkwardness per switch: SSE
// written a byte at a time, notifications (progress, logging) and a server ping before the result, a
// session id it demands and can expire (404), a tools/call stream closed after a `retry` + `id` so that
// the result only comes on the GET that resumes it, JSON instead of SSE, garbage, an oversized reply,
// silence, a redirect. Every request is recorded with the time it arrived.
class AwkwardMcpServer : public QObject
{
public:
    // The request with what the server makes of it: its JSON-RPC body and when it arrived.
    struct Request : RawHttpRequest
    {
        QJsonObject json;
        qint64 atMs = 0;

        QString rpcMethod() const { return json.value(u"method"_s).toString(); }
    };

    // Switches, set before the client talks.
    bool sse = true;          // replies as text/event-stream (else application/json)
    bool byteByByte = false;  // SSE bodies written one byte per write
    QByteArray sessionPrefix; // non-empty: give a session id and demand it
    QString protocolVersion = u"2025-11-25"_s;
    bool notificationsFirst = false;  // progress + logging before a tools/call result
    bool serverRequestsFirst = false; // a ping and an unsupported request before a tools/call result
    bool resumeToolCall = false;      // tools/call: priming event, close; the result on GET + Last-Event-ID
    int resumeGetsWithoutResult = 0;  // the first GETs end without the result too
    int retryMs = 300;
    int deleteStatus = 405;
    QByteArray redirectFromPath; // a POST to this path is answered 307 to redirectTo
    QUrl redirectTo;
    QJsonArray tools = sampleTools(3);
    int pageSize = 0;         // 0: one page
    QByteArray oversizedFill; // the "oversized" tool's text

    AwkwardMcpServer();

    QUrl url(const QByteArray &path = "/mcp") const
    {
        return QUrl::fromEncoded("http://127.0.0.1:" + QByteArray::number(m_server.serverPort()) + path);
    }
    const QList<Request> &requests() const { return m_requests; }
    QList<Request> requests(const QString &rpcMethod) const;
    QList<Request> requestsByHttpMethod(const QByteArray &method) const;
    // The client's answers to our own requests (a result or an error, no method).
    QList<QJsonObject> answers() const;
    // Forgets the session: the next request carrying it gets 404.
    void expireSession() { m_session.clear(); }
    qint64 toolStreamClosedAtMs() const { return m_toolStreamClosedAt; }

    // Tools whose schemas look like those of real servers: nested objects, enums, arrays, defaults.
    static QJsonArray sampleTools(int count);

private:
    static QByteArray status(int code, const QByteArray &contentType, const QByteArray &extra = {});
    static QByteArray event(const QJsonObject &message, const QByteArray &id = {});
    static QJsonObject result(const QJsonValue &id, const QJsonValue &value);
    static QJsonObject notification(const QString &method, const QJsonObject &params);

    void send(QTcpSocket *socket, int code, const QByteArray &contentType, const QByteArray &body,
              const QByteArray &extra = {});
    // An SSE body without a length, ended by closing the connection.
    void stream(QTcpSocket *socket, const QByteArray &body);
    QByteArray sessionHeader() const;
    void reply(QTcpSocket *socket, const QJsonObject &message, const QByteArray &before = {});
    void handle(QTcpSocket *socket, const Request &request);
    void callTool(QTcpSocket *socket, const Request &request, const QJsonValue &id);
    void readFrom(QTcpSocket *socket);

    QTcpServer m_server;
    QElapsedTimer m_clock;
    QList<Request> m_requests;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QByteArray m_session;
    int m_sessions = 0;
    QJsonObject m_pendingToolCall;
    int m_eventCounter = 0;
    qint64 m_toolStreamClosedAt = -1;
};
