#pragma once

#include "blaxelfixture.h"

#include <QAbstractHttpServer>
#include <QHash>
#include <QHttpServerRequest>
#include <QList>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

#include <functional>

// A stand-in for Blaxel's control plane on loopback, for the service suite while the emulator has no Blaxel
// routes (branch h-bemu writes them; once both branches meet, tst_blaxelservice moves onto the emulator and
// this file goes). It answers from the files of tests/data/blaxel/client, as the service is documented to
// answer, and refuses what the service refuses: no Bearer key is a 401, no X-Blaxel-Workspace a 400. It is
// an imitation of a provider we do not own, not of our code. Every request is recorded.
class BlaxelReplayServer final : public QAbstractHttpServer
{
public:
    struct Seen
    {
        QByteArray method;
        QString path; // decoded, without the /v0 prefix
        QByteArray rawPath;
        QUrlQuery query;
        QList<std::pair<QByteArray, QByteArray>> headers;
        QByteArray body;

        QByteArray header(const QByteArray &name) const
        {
            for (const auto &[key, value] : headers)
                if (key.compare(name, Qt::CaseInsensitive) == 0)
                    return value;
            return {};
        }
    };
    struct Reply
    {
        int status = 200;
        QByteArray body;
        QByteArray contentType = "application/json";
        QList<std::pair<QByteArray, QByteArray>> headers;
        bool drop = false;  // the connection is cut without an answer
        bool never = false; // no answer at all; the connection stays open
    };
    using Route = std::function<Reply(const Seen &)>;

    static constexpr const char *apiKey = "bl-test-key-0123456789";

    BlaxelReplayServer()
    {
        m_port = listen(QHostAddress::LocalHost);
        if (m_port == 0)
            qFatal("replay server did not start");
    }

    QUrl baseUrl() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/v0").arg(m_port)); }
    // A route for a method and a decoded path below /v0 ("/sandboxes", "/sandboxes/agent-run-1").
    void route(const QByteArray &method, const QString &path, Route answer)
    {
        m_routes.insert(method + ' ' + path.toUtf8(), std::move(answer));
    }
    const QList<Seen> &requests() const { return m_requests; }
    void clearRequests() { m_requests.clear(); }

    static Reply file(int status, const QString &name, QList<std::pair<QByteArray, QByteArray>> headers = {})
    {
        Reply reply;
        reply.status = status;
        reply.body = readBlaxelFixture(name);
        if (name.endsWith(QLatin1String(".html")))
            reply.contentType = "text/html";
        else if (name.endsWith(QLatin1String(".txt")))
            reply.contentType = "text/plain";
        reply.headers = std::move(headers);
        return reply;
    }

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override
    {
        Seen seen;
        seen.method = methodName(request.method());
        seen.rawPath = request.url().path(QUrl::FullyEncoded).toUtf8();
        seen.path = request.url().path();
        if (seen.path.startsWith(QLatin1String("/v0")))
            seen.path = seen.path.mid(3);
        seen.query = request.query();
        seen.headers = request.headers();
        seen.body = request.body();
        m_requests << seen;
        write(socket, answer(seen));
        return true;
    }
    void missingHandler(const QHttpServerRequest &, QTcpSocket *) override {}

private:
    static QByteArray methodName(QHttpServerRequest::Method method)
    {
        switch (method) {
        case QHttpServerRequest::Method::Get:
            return "GET";
        case QHttpServerRequest::Method::Post:
            return "POST";
        case QHttpServerRequest::Method::Delete:
            return "DELETE";
        case QHttpServerRequest::Method::Put:
            return "PUT";
        default:
            return "OTHER";
        }
    }

    Reply answer(const Seen &seen) const
    {
        if (seen.header("Authorization") != QByteArray(QByteArray("Bearer ") + apiKey)) {
            Reply reply;
            reply.status = 401;
            reply.body = "{\"error\":\"Unauthorized\",\"code\":401,\"message\":\"Invalid credentials\"}";
            return reply;
        }
        if (seen.header("X-Blaxel-Workspace").isEmpty())
            return file(400, QStringLiteral("error-workspace-missing.json"));
        const auto route = m_routes.constFind(seen.method + ' ' + seen.path.toUtf8());
        if (route == m_routes.cend())
            return file(404, QStringLiteral("error-not-found.json"));
        return (*route)(seen);
    }

    static void write(QTcpSocket *socket, const Reply &reply)
    {
        if (reply.never)
            return;
        if (reply.drop) {
            // After the server has finished with the request: a cut as a client sees it, mid-exchange.
            QTimer::singleShot(0, socket, [socket] { socket->abort(); });
            return;
        }
        QByteArray out = "HTTP/1.1 " + QByteArray::number(reply.status) +
                         " Replay\r\nContent-Type: " + reply.contentType + "\r\n";
        for (const auto &[key, value] : reply.headers)
            out += key + ": " + value + "\r\n";
        out += "Content-Length: " + QByteArray::number(reply.body.size()) + "\r\nConnection: close\r\n\r\n";
        out += reply.body;
        socket->write(out);
        socket->disconnectFromHost();
    }

    quint16 m_port = 0;
    QHash<QByteArray, Route> m_routes;
    QList<Seen> m_requests;
};
