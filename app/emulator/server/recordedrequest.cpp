#include "emulator/server/recordedrequest.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Emulator {

QByteArray RecordedRequest::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

bool RecordedRequest::hasHeader(const QByteArray &name) const
{
    for (const auto &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

QJsonObject RecordedRequest::toRedactedJson() const
{
    static const QByteArrayList secretHeaders = {"authorization", "x-blaxel-authorization", "x-api-key",
                                                 "cookie", "proxy-authorization"};
    QJsonArray headerList;
    for (const auto &[key, value] : headers) {
        const bool secret = secretHeaders.contains(key.toLower());
        headerList.append(
            QJsonArray{QString::fromLatin1(key), secret ? u"<redacted>"_s : QString::fromLatin1(value)});
    }
    // A signed URL's signature is a credential too: whoever holds it may read or write the object.
    static const QRegularExpression signature(u"(X-Goog-Signature=)[^&]*"_s);
    const QString redactedQuery = QString(query).replace(signature, u"\\1<redacted>"_s);
    return QJsonObject{
        {u"method"_s, QString::fromLatin1(method)},
        {u"path"_s, path},
        {u"query"_s, redactedQuery},
        {u"headers"_s, headerList},
        {u"body_size"_s, bodySize},
        {u"status"_s, status},
        {u"received_ms"_s, receivedMs},
        {u"fault"_s, HttpReply::faultName(fault)},
    };
}

} // namespace Emulator
