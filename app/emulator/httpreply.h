#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>

namespace Emulator {

// One HTTP answer, written to the socket by the emulator itself (not by QHttpServerResponder), so that an
// answer can be delayed, cut short or sent on a connection the client is about to lose.
struct HttpReply
{
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    qint64 dropAfterBodyBytes = -1; // fault: Content-Length says the whole body, only this many bytes follow
    bool neverAnswer = false; // fault: nothing is written; the connection stays open until the client goes
    // A body that arrives in pieces (an event stream whose events a slow tool sends over time): `body` leaves
    // at once, each of these `partIntervalMs` after the one before. Content-Length counts them all.
    QList<QByteArray> laterParts;
    int partIntervalMs = 0;

    static HttpReply json(int status, const QJsonValue &value);
    static HttpReply detail(int status, const QString &detail); // FastAPI's {"detail": "..."}
    // Google Cloud Storage's and S3's <Error>; `extra` elements (name, text) follow Code and Message.
    static HttpReply xmlError(int status, const QString &code, const QString &message,
                              const QList<QPair<QString, QString>> &extra = {});
    static HttpReply empty(int status);

    void setHeader(const QByteArray &name, const QByteArray &value);
    QByteArray header(const QByteArray &name) const;
    // Status line and headers, with a Content-Length of the whole body.
    QByteArray head() const;
    static QByteArray reasonPhrase(int status);
};

} // namespace Emulator
