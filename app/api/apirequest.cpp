#include "api/apirequest.h"

#include <QUrl>

QString ApiRequest::encodeSegment(const QString &segment)
{
    // Server names like "cal.com" and ids must stay one path segment whatever they contain.
    return QString::fromLatin1(QUrl::toPercentEncoding(segment));
}

QByteArray ApiRequest::verb() const
{
    switch (method) {
    case Method::Get:
        return QByteArrayLiteral("GET");
    case Method::Post:
        return QByteArrayLiteral("POST");
    case Method::Delete:
        return QByteArrayLiteral("DELETE");
    case Method::Put:
        return QByteArrayLiteral("PUT");
    }
    return QByteArrayLiteral("GET");
}
