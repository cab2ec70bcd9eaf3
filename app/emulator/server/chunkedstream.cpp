#include "emulator/server/chunkedstream.h"

#include "emulator/server/httpreply.h"

#include <QTcpSocket>

#include <algorithm>
#include <utility>

namespace Emulator {

HttpReply ChunkedStream::textReply(std::function<void(QTcpSocket *)> attach)
{
    HttpReply reply = HttpReply::empty(200);
    reply.setHeader("Content-Type", "text/plain; charset=utf-8");
    reply.setHeader("X-Accel-Buffering", "no");
    reply.setHeader("Connection", "close");
    reply.stream = std::move(attach);
    return reply;
}

ChunkedStream::ChunkedStream(QTcpSocket *socket, int keepaliveMs, QObject *parent)
    : QObject(parent), m_socket(socket)
{
    connect(socket, &QTcpSocket::disconnected, this, &ChunkedStream::finish);
    connect(socket, &QObject::destroyed, this, &ChunkedStream::finish);
    // The client sends nothing more on this connection; what it might send is not kept.
    connect(socket, &QTcpSocket::readyRead, this, [this] {
        if (m_socket)
            m_socket->readAll();
    });
    m_keepalive.setInterval(std::max(10, keepaliveMs));
    connect(&m_keepalive, &QTimer::timeout, this, [this] { send("[keepalive]\n"); });
    m_keepalive.start();
}

ChunkedStream::~ChunkedStream()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

bool ChunkedStream::isOpen() const
{
    return !m_closed && m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
}

void ChunkedStream::send(const QByteArray &data)
{
    // An empty chunk would end the body.
    if (data.isEmpty() || !isOpen())
        return;
    // A client that reads nothing must not make the emulator keep everything for it.
    if (m_socket->bytesToWrite() > maxUnsentBytes) {
        m_socket->disconnect(this);
        m_socket->abort();
        finish();
        return;
    }
    m_socket->write(HttpReply::chunk(data));
}

void ChunkedStream::end()
{
    if (QTcpSocket *socket = m_socket.data()) {
        socket->disconnect(this);
        if (socket->state() == QAbstractSocket::ConnectedState) {
            socket->write(HttpReply::chunk({}));
            socket->disconnectFromHost();
        }
    }
    finish();
}

void ChunkedStream::finish()
{
    if (m_closed)
        return;
    m_closed = true;
    m_keepalive.stop();
    m_socket = nullptr;
    Q_EMIT closed();
    deleteLater();
}

} // namespace Emulator
