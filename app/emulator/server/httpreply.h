#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>

#include <functional>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace Emulator {

// One HTTP answer, written to the socket by the emulator itself (not by QHttpServerResponder), so that an
// answer can be delayed, cut short or sent on a connection the client is about to lose.
struct HttpReply
{
    // What decided this answer when it was not the route's own handler: an injected fault or the provider's
    // rate limit. It is recorded with the request, so that a test counts the 429 it armed and not the
    // limiter's, whose number depends on the machine's speed.
    enum class Fault
    {
        None,
        InjectedHang,
        InjectedRedirect,
        InjectedRateLimit,
        InjectedFailure,       // fail_next_requests
        InjectedRandomFailure, // server_error_rate
        InjectedDroppedReply,
        InjectedStoreFailure, // store_fail_next_requests and store_fail_next_resumes
        InjectedDroppedDownload,
        RateLimiter,
    };

    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    qint64 dropAfterBodyBytes = -1; // fault: Content-Length says the whole body, only this many bytes follow
    bool neverAnswer = false; // fault: nothing is written; the connection stays open until the client goes
    // A body that arrives in pieces (an event stream whose events a slow tool sends over time): `body` leaves
    // at once, each of these `partIntervalMs` after the one before. Content-Length counts them all.
    QList<QByteArray> laterParts;
    int partIntervalMs = 0;
    // An answer with no end (a watch stream): the head says Transfer-Encoding: chunked instead of a
    // Content-Length, `body` and `laterParts` are not sent, and once the head is written the connection is
    // handed to this, which writes chunks for as long as it likes. Called on the server's thread, without
    // the server's mutex; not called for a HEAD or when the client went before the head.
    std::function<void(QTcpSocket *)> stream;
    Fault fault = Fault::None;

    static HttpReply json(int status, const QJsonValue &value);
    static HttpReply detail(int status, const QString &detail); // FastAPI's {"detail": "..."}
    // Google Cloud Storage's and S3's <Error>; `extra` elements (name, text) follow Code and Message.
    static HttpReply xmlError(int status, const QString &code, const QString &message,
                              const QList<QPair<QString, QString>> &extra = {});
    static HttpReply empty(int status);

    void setHeader(const QByteArray &name, const QByteArray &value);
    QByteArray header(const QByteArray &name) const;
    // Status line and headers, with a Content-Length of the whole body (chunked for a stream).
    QByteArray head() const;
    // One piece of a chunked body; an empty `data` is the last chunk, which ends the body.
    static QByteArray chunk(const QByteArray &data);
    static QByteArray reasonPhrase(int status);
    // The control endpoint's word for it: "none", "injected_rate_limit", "rate_limiter", ...
    static QString faultName(Fault fault);
};

} // namespace Emulator
