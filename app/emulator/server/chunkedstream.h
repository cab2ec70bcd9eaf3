#pragma once

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace Emulator {

struct HttpReply;

// The body of an answer with no length given (Transfer-Encoding: chunked) written to a connection the
// emulator keeps after the head: what an endpoint sends as it comes, a "[keepalive]" line at an interval, and
// its end. Lives on the server's thread; nothing is written once the connection is gone, and a client that
// reads nothing is cut off past maxUnsentBytes rather than kept in memory. Deletes itself once closed.
class ChunkedStream : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChunkedStream)

public:
    static constexpr qint64 maxUnsentBytes = qint64(4) * 1024 * 1024;

    // The head of a streamed text/plain answer (a watch, a process's log), the same for every such endpoint:
    // 200, unbuffered by proxies, and the connection closed with the body (ChunkedStream::end), so that a
    // client does not send its next request on it. `attach` gets the connection once the head is written.
    static HttpReply textReply(std::function<void(QTcpSocket *)> attach);

    ChunkedStream(QTcpSocket *socket, int keepaliveMs, QObject *parent);
    // The emulator stops: the connection is cut, as a server going away cuts it.
    ~ChunkedStream() override;

    // One chunk; nothing when the connection is gone.
    void send(const QByteArray &data);
    // Ends the body (its last chunk) and closes the connection.
    void end();
    bool isOpen() const;

Q_SIGNALS:
    // The connection is gone or the body ended: nothing more is written; the stream is deleted later.
    void closed();

private:
    void finish();

    QPointer<QTcpSocket> m_socket;
    QTimer m_keepalive;
    bool m_closed = false;
};

} // namespace Emulator
