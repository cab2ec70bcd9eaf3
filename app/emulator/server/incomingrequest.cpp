#include "emulator/server/incomingrequest.h"

#include <QHttpServerRequest>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

QString decodeComponent(QByteArray encoded, bool plusIsSpace)
{
    if (plusIsSpace)
        encoded.replace('+', ' ');
    return QString::fromUtf8(QByteArray::fromPercentEncoding(encoded));
}

QByteArray methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get:
        return "GET";
    case QHttpServerRequest::Method::Put:
        return "PUT";
    case QHttpServerRequest::Method::Delete:
        return "DELETE";
    case QHttpServerRequest::Method::Post:
        return "POST";
    case QHttpServerRequest::Method::Head:
        return "HEAD";
    case QHttpServerRequest::Method::Options:
        return "OPTIONS";
    case QHttpServerRequest::Method::Patch:
        return "PATCH";
    case QHttpServerRequest::Method::Connect:
        return "CONNECT";
    case QHttpServerRequest::Method::Trace:
        return "TRACE";
    default:
        return "UNKNOWN";
    }
}

} // namespace

IncomingRequest IncomingRequest::make(const QByteArray &method, const QByteArray &encodedPath,
                                      const QByteArray &encodedQuery)
{
    IncomingRequest in;
    in.method = method;
    const QByteArrayList parts = encodedPath.split('/');
    // The first part is what precedes the leading '/', always empty.
    for (qsizetype i = 1; i < parts.size(); ++i)
        in.segments.append(decodeComponent(parts.at(i), false));
    in.trailingSlash = in.segments.size() > 1 && in.segments.constLast().isEmpty();
    if (in.segments.size() == 1 && in.segments.constFirst().isEmpty())
        in.segments.clear();
    in.path = u"/"_s + in.segments.join(u'/');
    in.rawQuery = QString::fromLatin1(encodedQuery);
    if (!encodedQuery.isEmpty()) {
        for (const QByteArray &item : encodedQuery.split('&')) {
            if (item.isEmpty())
                continue;
            const qsizetype eq = item.indexOf('=');
            const QByteArray key = eq < 0 ? item : item.left(eq);
            const QByteArray value = eq < 0 ? QByteArray() : item.mid(eq + 1);
            in.queryItems.append({decodeComponent(key, true), decodeComponent(value, true)});
        }
    }
    return in;
}

IncomingRequest IncomingRequest::from(const QHttpServerRequest &request)
{
    const QUrl url = request.url();
    IncomingRequest in = make(methodName(request.method()), url.path(QUrl::FullyEncoded).toLatin1(),
                              url.query(QUrl::FullyEncoded).toLatin1());
    in.headers = request.headers();
    in.body = request.body();
    return in;
}

QByteArray IncomingRequest::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

std::optional<QString> IncomingRequest::queryValue(const QString &name) const
{
    std::optional<QString> found;
    for (const auto &[key, value] : queryItems) {
        if (key == name)
            found = value;
    }
    return found;
}

bool IncomingRequest::queryFlag(const QString &name, bool fallback) const
{
    const std::optional<QString> value = queryValue(name);
    if (!value || value->isEmpty())
        return fallback;
    return *value == u"true" || *value == u"1";
}

bool IncomingRequest::wantsClose() const
{
    return header("Connection").trimmed().compare("close", Qt::CaseInsensitive) == 0;
}

} // namespace Emulator
