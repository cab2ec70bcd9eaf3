#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

// A TCP relay in front of the emulator's API that can cut one connection in the middle of a reply: armed
// for a path, the next request on it gets `keepBytes` bytes of its answer, then both sockets are aborted: a
// dropped connection as a client meets it, with part of a body already read.
class DroppingProxy : public QObject
{
public:
    explicit DroppingProxy(const QUrl &target) : m_target(target)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *client = m_server.nextPendingConnection())
                relay(client);
        });
        if (!m_server.listen(QHostAddress::LocalHost))
            qFatal("proxy did not start");
    }

    QUrl url() const
    {
        QUrl url = m_target;
        url.setPort(m_server.serverPort());
        return url;
    }
    void dropNext(const QByteArray &pathPart, qint64 keepBytes)
    {
        m_armedFor = pathPart;
        m_keepBytes = keepBytes;
    }
    int drops() const { return m_drops; }

private:
    void relay(QTcpSocket *client)
    {
        auto *upstream = new QTcpSocket(client);
        upstream->connectToHost(QHostAddress::LocalHost, quint16(m_target.port()));
        auto pending = std::make_shared<QByteArray>();
        auto cutAfter = std::make_shared<qint64>(-1); // response bytes still let through, -1: no cut
        connect(upstream, &QTcpSocket::connected, client, [upstream, pending] {
            upstream->write(*pending);
            pending->clear();
        });
        connect(client, &QTcpSocket::readyRead, upstream, [this, client, upstream, pending, cutAfter] {
            const QByteArray bytes = client->readAll();
            if (!m_armedFor.isEmpty() && bytes.contains(m_armedFor)) {
                m_armedFor.clear();
                *cutAfter = m_keepBytes;
            }
            if (upstream->state() == QAbstractSocket::ConnectedState)
                upstream->write(bytes);
            else
                pending->append(bytes);
        });
        connect(upstream, &QTcpSocket::readyRead, client, [this, client, upstream, cutAfter] {
            QByteArray bytes = upstream->readAll();
            if (*cutAfter >= 0) {
                client->write(bytes.left(*cutAfter));
                client->flush();
                ++m_drops;
                upstream->abort();
                client->abort();
                client->deleteLater();
                return;
            }
            client->write(bytes);
        });
        connect(upstream, &QTcpSocket::disconnected, client, [client] { client->disconnectFromHost(); });
        connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
    }

    QTcpServer m_server;
    QUrl m_target;
    QByteArray m_armedFor;
    qint64 m_keepBytes = 0;
    int m_drops = 0;
};
