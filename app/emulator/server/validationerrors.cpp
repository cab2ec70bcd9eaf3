#include "emulator/server/validationerrors.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

QJsonArray bodyLoc(const QString &key)
{
    return QJsonArray{u"body"_s, key};
}

} // namespace

void ValidationErrors::add(const QJsonArray &loc, const QString &type, const QString &msg,
                           const QJsonValue &input, const QJsonObject &ctx)
{
    QJsonObject error{{u"type"_s, type}, {u"loc"_s, loc}, {u"msg"_s, msg}, {u"input"_s, input}};
    if (!ctx.isEmpty())
        error.insert(u"ctx"_s, ctx);
    m_errors.append(error);
}

void ValidationErrors::addMissing(const QJsonArray &loc, const QJsonValue &input)
{
    add(loc, u"missing"_s, u"Field required"_s, input);
}

QString ValidationErrors::expectedList(const QStringList &allowed)
{
    QStringList quoted;
    for (const QString &value : allowed)
        quoted.append(u'\'' + value + u'\'');
    if (quoted.size() < 2)
        return quoted.join(QString());
    const QString last = quoted.takeLast();
    return quoted.join(u", "_s) + u" or "_s + last;
}

bool ValidationErrors::checkEnum(const QJsonArray &loc, const QJsonValue &input, const QStringList &allowed)
{
    if (input.isString() && allowed.contains(input.toString()))
        return true;
    const QString expected = expectedList(allowed);
    add(loc, u"enum"_s, u"Input should be "_s + expected, input, QJsonObject{{u"expected"_s, expected}});
    return false;
}

bool ValidationErrors::checkOptionalEnum(const QJsonObject &body, const QString &key,
                                         const QStringList &allowed)
{
    const QJsonValue value = body.value(key);
    if (value.isUndefined() || value.isNull())
        return true;
    return checkEnum(bodyLoc(key), value, allowed);
}

bool ValidationErrors::checkOptionalString(const QJsonObject &body, const QString &key)
{
    const QJsonValue value = body.value(key);
    if (value.isUndefined() || value.isNull() || value.isString())
        return true;
    add(bodyLoc(key), u"string_type"_s, u"Input should be a valid string"_s, value);
    return false;
}

bool ValidationErrors::checkOptionalInt(const QJsonObject &body, const QString &key, int minimum, int maximum,
                                        int fallback, int *value)
{
    const QJsonValue input = body.value(key);
    *value = fallback;
    if (input.isUndefined() || input.isNull())
        return true;
    double number = 0;
    if (input.isDouble()) {
        number = input.toDouble();
        if (std::floor(number) != number) {
            add(bodyLoc(key), u"int_from_float"_s,
                u"Input should be a valid integer, got a number with a fractional part"_s, input);
            return false;
        }
    } else if (input.isString()) {
        bool ok = false;
        number = double(input.toString().trimmed().toLongLong(&ok));
        if (!ok) {
            add(bodyLoc(key), u"int_parsing"_s,
                u"Input should be a valid integer, unable to parse string as an integer"_s, input);
            return false;
        }
    } else {
        add(bodyLoc(key), u"int_type"_s, u"Input should be a valid integer"_s, input);
        return false;
    }
    if (number < minimum) {
        add(bodyLoc(key), u"greater_than_equal"_s,
            u"Input should be greater than or equal to %1"_s.arg(minimum), input,
            QJsonObject{{u"ge"_s, minimum}});
        return false;
    }
    if (number > maximum) {
        add(bodyLoc(key), u"less_than_equal"_s, u"Input should be less than or equal to %1"_s.arg(maximum),
            input, QJsonObject{{u"le"_s, maximum}});
        return false;
    }
    *value = int(number);
    return true;
}

bool ValidationErrors::checkQueryBool(const QString &name, const std::optional<QString> &text, bool *value)
{
    static const QStringList truthy = {u"true"_s, u"1"_s, u"yes"_s, u"on"_s, u"t"_s, u"y"_s};
    static const QStringList falsy = {u"false"_s, u"0"_s, u"no"_s, u"off"_s, u"f"_s, u"n"_s};
    *value = false;
    if (!text)
        return true;
    const QString lowered = text->toLower();
    if (truthy.contains(lowered) || falsy.contains(lowered)) {
        *value = truthy.contains(lowered);
        return true;
    }
    add(QJsonArray{u"query"_s, name}, u"bool_parsing"_s,
        u"Input should be a valid boolean, unable to interpret input"_s, *text);
    return false;
}

bool ValidationErrors::checkQueryEnum(const QString &name, const std::optional<QString> &text,
                                      const QStringList &allowed)
{
    if (!text)
        return true;
    return checkEnum(QJsonArray{u"query"_s, name}, *text, allowed);
}

std::optional<HttpReply> ValidationErrors::parseBody(const QByteArray &body, QJsonValue *value)
{
    *value = QJsonValue(QJsonValue::Undefined);
    if (body.trimmed().isEmpty())
        return std::nullopt;
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error == QJsonParseError::NoError) {
        *value = document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
        return std::nullopt;
    }
    // QJsonDocument holds only objects and arrays: a bare scalar is valid JSON all the same.
    QJsonParseError wrappedError{};
    const QJsonDocument wrapped = QJsonDocument::fromJson("[" + body + "]", &wrappedError);
    if (wrappedError.error == QJsonParseError::NoError && wrapped.array().size() == 1) {
        *value = wrapped.array().at(0);
        return std::nullopt;
    }
    ValidationErrors errors;
    errors.add(QJsonArray{u"body"_s, error.offset}, u"json_invalid"_s, u"JSON decode error"_s, QJsonObject(),
               QJsonObject{{u"error"_s, error.errorString()}});
    return errors.reply();
}

bool ValidationErrors::checkBodyObject(const QJsonValue &value, bool required)
{
    if (value.isUndefined() || value.isNull()) {
        if (!required)
            return true;
        addMissing(QJsonArray{u"body"_s}, QJsonValue(QJsonValue::Null));
        return false;
    }
    if (value.isObject())
        return true;
    add(QJsonArray{u"body"_s}, u"model_attributes_type"_s,
        u"Input should be a valid dictionary or object to extract fields from"_s, value);
    return false;
}

HttpReply ValidationErrors::reply() const
{
    return HttpReply::json(422, QJsonObject{{u"detail"_s, m_errors}});
}

} // namespace Emulator
