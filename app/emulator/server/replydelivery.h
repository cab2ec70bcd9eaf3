#pragma once

#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QObject;
class QTcpSocket;
QT_END_NAMESPACE

namespace Emulator {

struct HttpReply;

// Writes an answer to its connection the way the reply asks for: at once or after a delay, its body whole or
// in timed parts (an event stream), cut after some bytes (the dropped-download fault), or not at all (an
// answer that never comes). The socket may be gone by the time a delayed or later part is due; then nothing
// is written.
class ReplyDelivery
{
public:
    // `context` owns the delay's timer: a reply still waiting when it goes is dropped.
    static void deliver(QObject *context, QTcpSocket *socket, const HttpReply &reply, bool headOnly,
                        bool close, int delayMs);
};

} // namespace Emulator
