#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

QT_BEGIN_NAMESPACE
class QHttpServerRequest;
QT_END_NAMESPACE

namespace Emulator {

// What the handlers see of a request: decoded path segments and query items, independent of Qt HttpServer so
// the routing can be reasoned about (and tested) on its own.
struct IncomingRequest
{
    QByteArray method;    // "GET", "POST", ...; HEAD is reported as HEAD
    QString path;         // percent-decoded
    QStringList segments; // decoded per segment, so an encoded '/' stays inside its segment
    bool trailingSlash = false;
    QString rawQuery;                          // still encoded
    QList<QPair<QString, QString>> queryItems; // decoded like Starlette: '+' is a space
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    static IncomingRequest from(const QHttpServerRequest &request);
    static IncomingRequest make(const QByteArray &method, const QByteArray &encodedPath,
                                const QByteArray &encodedQuery);

    QByteArray header(const QByteArray &name) const;
    std::optional<QString> queryValue(const QString &name) const; // the last one wins, as in Starlette
    // A boolean query parameter as Go's sandbox API reads one: "true" or "1" is true, absent or empty is
    // `fallback`, anything else false.
    bool queryFlag(const QString &name, bool fallback) const;
    bool wantsClose() const;
};

} // namespace Emulator
