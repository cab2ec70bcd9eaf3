#include "api/jsonreply.h"

#include <QCoreApplication>

ApiResult<QJsonDocument> JsonReply::document(const QByteArray &body)
{
    QJsonParseError error;
    auto document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError)
        return ApiError::decode(syntaxError(error.offset, error.errorString()), body);
    return document;
}

ApiResult<QJsonObject> JsonReply::object(const QByteArray &body)
{
    auto parsed = document(body);
    if (!parsed)
        return parsed.error();
    if (!parsed.value().isObject())
        return ApiError::decode(QCoreApplication::translate("JsonReply", "expected a JSON object"), body);
    return parsed.value().object();
}

QString JsonReply::syntaxError(qint64 offset, const QString &reason)
{
    return QCoreApplication::translate("JsonReply", "invalid JSON at byte %1: %2").arg(offset).arg(reason);
}
