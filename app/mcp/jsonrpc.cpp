#include "mcp/jsonrpc.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

bool isValidId(const QJsonValue &id)
{
    return id.isString() || id.isDouble();
}

} // namespace

namespace JsonRpc {

QByteArray request(qint64 id, const QString &method, const QJsonObject &params)
{
    QJsonObject object{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}};
    if (!params.isEmpty())
        object.insert(u"params"_s, params);
    return compact(object);
}

QByteArray notification(const QString &method, const QJsonObject &params)
{
    QJsonObject object{{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, method}};
    if (!params.isEmpty())
        object.insert(u"params"_s, params);
    return compact(object);
}

QByteArray result(const QJsonValue &id, const QJsonValue &result)
{
    return compact({{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, result}});
}

QByteArray error(const QJsonValue &id, int code, const QString &message)
{
    return compact({{u"jsonrpc"_s, u"2.0"_s},
                    {u"id"_s, id},
                    {u"error"_s, QJsonObject{{u"code"_s, code}, {u"message"_s, message}}}});
}

Message classify(const QJsonObject &object)
{
    Message message;
    if (object.value(u"jsonrpc"_s) != u"2.0"_s)
        return message;
    const QJsonValue id = object.value(u"id"_s);
    const QJsonValue method = object.value(u"method"_s);
    message.id = id;
    if (method.isString()) {
        const QJsonValue params = object.value(u"params"_s);
        if (!params.isUndefined() && !params.isObject())
            return message;
        message.method = method.toString();
        message.params = params.toObject();
        if (id.isUndefined())
            message.kind = Kind::Notification;
        else if (isValidId(id))
            message.kind = Kind::Request;
        return message;
    }
    if (object.contains(u"result"_s) && isValidId(id)) {
        message.kind = Kind::Response;
        message.result = object.value(u"result"_s);
        return message;
    }
    const QJsonValue error = object.value(u"error"_s);
    if (error.isObject() && (isValidId(id) || id.isNull())) {
        const QJsonObject body = error.toObject();
        message.kind = Kind::Error;
        message.errorCode = body.value(u"code"_s).toInt();
        message.errorMessage = body.value(u"message"_s).toString();
        message.errorData = body.value(u"data"_s);
    }
    return message;
}

Message parse(const QByteArray &bytes)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return {};
    return classify(document.object());
}

bool idMatches(const QJsonValue &id, qint64 sent)
{
    if (id.isDouble())
        return id.toDouble() == double(sent);
    if (id.isString())
        return id.toString() == QString::number(sent);
    return false;
}

} // namespace JsonRpc
