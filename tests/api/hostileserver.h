#pragma once

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include "rawhttprequest.h"

#include <functional>
#include <memory>

// A raw TCP server in the test process that answers with exact bytes, including what no real HTTP server
// would send: nothing at all, a byte every few hundred milliseconds, endless headers, a body shorter than
// its Content-Length, a chunked body without its last chunk. Each request (headers and a Content-Length
// body) is recorded, then handed to the next step of the script; the last step answers every later
// request.
class HostileServer : public QObject
{
public:
    using Request = RawHttpRequest;
    using Step = std::function<void(QTcpSocket *socket, const Request &request)>;

    HostileServer()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                ++m_connections;
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readFrom(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
        if (!m_server.listen(QHostAddress::LocalHost))
            qFatal("hostile server did not start");
    }

    QUrl url(const QByteArray &path = {}) const
    {
        return QUrl::fromEncoded("http://127.0.0.1:" + QByteArray::number(m_server.serverPort()) + path);
    }
    quint16 port() const { return m_server.serverPort(); }

    void script(const QList<Step> &steps) { m_steps = steps; }
    const QList<Request> &requests() const { return m_requests; }
    int connections() const { return m_connections; }

    // Canned steps.
    static Step answer(const QByteArray &bytes)
    {
        return [bytes](QTcpSocket *socket, const Request &) {
            socket->write(bytes);
            socket->disconnectFromHost(); // after the bytes are written
        };
    }
    static Step json(int status, const QByteArray &body, const QByteArray &extraHeaders = {})
    {
        return answer("HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Type: application/json\r\n" +
                      extraHeaders + "Content-Length: " + QByteArray::number(body.size()) +
                      "\r\nConnection: close\r\n\r\n" + body);
    }
    static Step silence()
    {
        return [](QTcpSocket *, const Request &) {};
    }
    // `head` at once, then `unit` every `everyMs` until the client goes away.
    static Step trickle(const QByteArray &head, const QByteArray &unit, int everyMs)
    {
        return [head, unit, everyMs](QTcpSocket *socket, const Request &) {
            socket->write(head);
            auto *timer = new QTimer(socket);
            QPointer<QTcpSocket> guard = socket;
            QObject::connect(timer, &QTimer::timeout, socket, [guard, unit] {
                if (guard && guard->state() == QAbstractSocket::ConnectedState)
                    guard->write(unit);
            });
            timer->start(everyMs);
        };
    }

private:
    void readFrom(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        while (std::optional<Request> next = Request::take(buffer)) {
            const Request &request = *next;
            m_requests.append(request);
            const qsizetype index = std::min<qsizetype>(m_requests.size() - 1, m_steps.size() - 1);
            if (index >= 0)
                m_steps.at(index)(socket, request);
        }
    }

    QTcpServer m_server;
    QList<Step> m_steps;
    QList<Request> m_requests;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    int m_connections = 0;
};
