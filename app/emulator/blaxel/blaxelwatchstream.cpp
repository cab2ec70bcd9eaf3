#include "emulator/blaxel/blaxelwatchstream.h"

#include "emulator/server/httpreply.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

namespace Emulator {

BlaxelWatchStream::BlaxelWatchStream(QTcpSocket *socket, const Options &options, QObject *parent)
    : QObject(parent), m_socket(socket), m_options(options),
      m_snapshot(BlaxelFolderSnapshot::take(options.realFolder, options.recursive, options.maxEntries))
{
    connect(socket, &QTcpSocket::disconnected, this, &BlaxelWatchStream::finish);
    connect(socket, &QObject::destroyed, this, &BlaxelWatchStream::finish);
    // The client sends nothing more on this connection; what it might send is not kept.
    connect(socket, &QTcpSocket::readyRead, this, [this] {
        if (m_socket)
            m_socket->readAll();
    });
    m_scan.setInterval(std::max(10, options.scanMs));
    connect(&m_scan, &QTimer::timeout, this, &BlaxelWatchStream::scan);
    m_scan.start();
    m_keepalive.setInterval(std::max(10, options.keepaliveMs));
    connect(&m_keepalive, &QTimer::timeout, this, [this] { send("[keepalive]\n"); });
    m_keepalive.start();
}

BlaxelWatchStream::~BlaxelWatchStream()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

bool BlaxelWatchStream::isOpen() const
{
    return m_socket && m_socket->state() == QAbstractSocket::ConnectedState && m_scan.isActive();
}

void BlaxelWatchStream::end()
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

void BlaxelWatchStream::finish()
{
    m_scan.stop();
    m_keepalive.stop();
    m_socket = nullptr;
    deleteLater();
}

void BlaxelWatchStream::scan()
{
    if (!m_snapshot.exists())
        return; // the real watcher stops when its folder goes; the keepalives go on
    BlaxelFolderSnapshot next =
        BlaxelFolderSnapshot::take(m_options.realFolder, m_options.recursive, m_options.maxEntries);
    const QList<BlaxelWatchEvent> events =
        next.exists() ? m_snapshot.changesTo(next, m_options.sandboxPath, m_options.ignore)
                      : m_snapshot.removal(m_options.sandboxPath, m_options.ignore);
    m_snapshot = std::move(next);
    // One chunk for a scan's events: a client reads several lines from one piece, as it may from the real
    // server's when its writes meet in a buffer.
    QByteArray lines;
    for (const BlaxelWatchEvent &e : events) {
        // Go's FileEvent, its null error included.
        const QJsonObject object{
            {u"op"_s, e.op}, {u"name"_s, e.name}, {u"path"_s, e.path}, {u"error"_s, QJsonValue::Null}};
        lines += QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
    }
    if (!lines.isEmpty())
        send(lines);
}

void BlaxelWatchStream::send(const QByteArray &line)
{
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    // A client that reads nothing must not make the emulator keep every event for it.
    if (m_socket->bytesToWrite() > maxUnsentBytes) {
        m_socket->disconnect(this);
        m_socket->abort();
        finish();
        return;
    }
    m_socket->write(HttpReply::chunk(line));
}

} // namespace Emulator
