#include "cli/mcptoolarguments.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

QString McpToolArguments::declaredType(const QJsonObject &propertySchema)
{
    const QJsonValue type = propertySchema.value(u"type"_s);
    if (type.isString())
        return type.toString();
    for (const auto &alternative : type.toArray()) {
        if (alternative.toString() != u"null"_s)
            return alternative.toString();
    }
    // anyOf [{type: X}, {type: null}], pydantic's way of writing Optional[X].
    for (const auto &alternative : propertySchema.value(u"anyOf"_s).toArray()) {
        QString alternativeType = alternative.toObject().value(u"type"_s).toString();
        if (!alternativeType.isEmpty() && alternativeType != u"null"_s)
            return alternativeType;
    }
    return {};
}

std::optional<QJsonObject> McpToolArguments::fromPairs(const QStringList &pairs,
                                                       const QJsonObject &inputSchema, QString *problem)
{
    static const QRegularExpression integerText(u"\\A-?[0-9]{1,18}\\z"_s);
    const QJsonObject properties = inputSchema.value(u"properties"_s).toObject();
    QJsonObject arguments;
    for (const auto &pair : pairs) {
        const auto equals = pair.indexOf(u'=');
        const QString name = pair.left(equals);
        const QString text = pair.mid(equals + 1);
        const QString type = declaredType(properties.value(name).toObject());
        const QString where = u"--arg %1: "_s.arg(name);
        if (type == u"integer"_s) {
            if (!integerText.match(text).hasMatch()) {
                *problem = where + u"'%1' is not an integer"_s.arg(text);
                return std::nullopt;
            }
            arguments.insert(name, text.toLongLong());
        } else if (type == u"number"_s) {
            bool ok = false;
            const double number = text.toDouble(&ok);
            if (!ok || !std::isfinite(number)) {
                *problem = where + u"'%1' is not a number"_s.arg(text);
                return std::nullopt;
            }
            arguments.insert(name, number);
        } else if (type == u"boolean"_s) {
            if (text != u"true"_s && text != u"false"_s) {
                *problem = where + u"'%1' is not true or false"_s.arg(text);
                return std::nullopt;
            }
            arguments.insert(name, text == u"true"_s);
        } else if (type == u"object"_s || type == u"array"_s) {
            QJsonParseError error;
            const auto document = QJsonDocument::fromJson(text.toUtf8(), &error);
            const bool fits = error.error == QJsonParseError::NoError &&
                              (type == u"object"_s ? document.isObject() : document.isArray());
            if (!fits) {
                *problem = where + u"an %1 is given as JSON, like %2"_s.arg(
                                       type, type == u"object"_s ? u"{\"k\": 1}"_s : u"[1, 2]"_s);
                return std::nullopt;
            }
            arguments.insert(name, type == u"object"_s ? QJsonValue(document.object())
                                                       : QJsonValue(document.array()));
        } else {
            arguments.insert(name, text);
        }
    }
    return arguments;
}
