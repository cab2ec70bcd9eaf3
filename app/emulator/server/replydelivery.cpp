#include "emulator/server/replydelivery.h"

#include "emulator/server/httpreply.h"

#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

namespace Emulator {

void ReplyDelivery::deliver(QObject *context, QTcpSocket *socket, const HttpReply &reply, bool headOnly,
                            bool close, int delayMs)
{
    if (reply.neverAnswer)
        return; // the listener keeps the socket; it closes when the client gives up or the server ends
    QPointer<QTcpSocket> guarded(socket);
    auto send = [guarded, reply, headOnly, close]() {
        if (!guarded || guarded->state() != QAbstractSocket::ConnectedState)
            return;
        QTcpSocket *s = guarded.data();
        s->write(reply.head());
        // A stream the dropped-reply fault cuts ends right after its head, below.
        if (reply.stream && !headOnly && reply.dropAfterBodyBytes < 0) {
            reply.stream(s);
            return;
        }
        if (headOnly) {
            if (close)
                s->disconnectFromHost();
            return;
        }
        if (reply.dropAfterBodyBytes < 0) {
            s->write(reply.body);
            for (qsizetype i = 0; i < reply.laterParts.size(); ++i) {
                const bool last = i + 1 == reply.laterParts.size();
                QTimer::singleShot(int(i + 1) * reply.partIntervalMs, s,
                                   [guarded, part = reply.laterParts.at(i), last, close]() {
                                       if (!guarded || guarded->state() != QAbstractSocket::ConnectedState)
                                           return;
                                       guarded->write(part);
                                       if (last && close)
                                           guarded->disconnectFromHost();
                                   });
            }
            if (close && reply.laterParts.isEmpty())
                s->disconnectFromHost();
            return;
        }
        // The dropped-download fault: promise the whole body, send part of it, then cut the connection once
        // those bytes have left (an abort with unsent data would lose them, and the client would see fewer).
        s->write(reply.body.left(reply.dropAfterBodyBytes));
        const auto cut = [guarded]() {
            if (guarded && guarded->bytesToWrite() == 0)
                guarded->abort();
        };
        if (s->bytesToWrite() == 0)
            s->abort();
        else
            QObject::connect(s, &QTcpSocket::bytesWritten, s, cut);
    };
    if (delayMs > 0)
        QTimer::singleShot(delayMs, context, send);
    else
        send();
}

} // namespace Emulator
