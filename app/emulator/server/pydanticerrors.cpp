#include "emulator/server/pydanticerrors.h"

#include "emulator/server/validationerrors.h"

#include <QJsonDocument>
#include <QStringList>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using Kind = JsonSchemaViolation::Kind;

QJsonValue limitValue(const QString &text)
{
    const double number = text.toDouble();
    return std::floor(number) == number ? QJsonValue(qint64(number)) : QJsonValue(number);
}

QString plural(qint64 count, const QString &word)
{
    return count == 1 ? word : word + u's';
}

// pydantic quotes strings in its enum/literal messages and writes other values bare.
QString pythonRepr(const QJsonValue &value)
{
    if (value.isString())
        return u'\'' + value.toString() + u'\'';
    if (value.isBool())
        return value.toBool() ? u"True"_s : u"False"_s;
    if (value.isNull())
        return u"None"_s;
    return QString::number(value.toDouble(), 'g', 15);
}

void addType(ValidationErrors &errors, const QJsonArray &loc, const JsonSchemaViolation &violation)
{
    QStringList types = violation.expected.split(u'|');
    types.removeAll(u"null"_s);
    const QString type = types.value(0);
    const QJsonValue &input = violation.input;
    if (type == u"string")
        errors.add(loc, u"string_type"_s, u"Input should be a valid string"_s, input);
    else if (type == u"integer" && input.isDouble())
        errors.add(loc, u"int_from_float"_s,
                   u"Input should be a valid integer, got a number with a fractional part"_s, input);
    else if (type == u"integer")
        errors.add(loc, u"int_type"_s, u"Input should be a valid integer"_s, input);
    else if (type == u"number")
        errors.add(loc, u"float_type"_s, u"Input should be a valid number"_s, input);
    else if (type == u"boolean")
        errors.add(loc, u"bool_type"_s, u"Input should be a valid boolean"_s, input);
    else if (type == u"array")
        errors.add(loc, u"list_type"_s, u"Input should be a valid list"_s, input);
    else if (type == u"object" && !violation.title.isEmpty())
        errors.add(loc, u"model_type"_s,
                   u"Input should be a valid dictionary or instance of "_s + violation.title, input,
                   QJsonObject{{u"class_name"_s, violation.title}});
    else if (type == u"object")
        errors.add(loc, u"dict_type"_s, u"Input should be a valid dictionary"_s, input);
    else
        errors.add(loc, u"none_required"_s, u"Input should be None"_s, input);
}

void addLimit(ValidationErrors &errors, const QJsonArray &loc, const JsonSchemaViolation &violation)
{
    const QJsonValue &input = violation.input;
    const bool shortKind = violation.kind == Kind::TooShort;
    const qint64 limit = violation.expected.toLongLong();
    if (input.isString()) {
        errors.add(loc, shortKind ? u"string_too_short"_s : u"string_too_long"_s,
                   u"String should have %1 %2 %3"_s.arg(shortKind ? u"at least"_s : u"at most"_s)
                       .arg(limit)
                       .arg(plural(limit, u"character"_s)),
                   input, QJsonObject{{shortKind ? u"min_length"_s : u"max_length"_s, limit}});
        return;
    }
    const qsizetype actual = input.toArray().size();
    errors.add(
        loc, shortKind ? u"too_short"_s : u"too_long"_s,
        u"List should have %1 %2 %3 after validation, not %4"_s.arg(shortKind ? u"at least"_s : u"at most"_s)
            .arg(limit)
            .arg(plural(limit, u"item"_s))
            .arg(actual),
        input,
        QJsonObject{{u"field_type"_s, u"List"_s},
                    {shortKind ? u"min_length"_s : u"max_length"_s, limit},
                    {u"actual_length"_s, actual}});
}

void addBound(ValidationErrors &errors, const QJsonArray &loc, const JsonSchemaViolation &violation)
{
    const bool inclusive = violation.expected.at(1) == u'=';
    const QString number = violation.expected.mid(inclusive ? 3 : 2);
    const bool lower = violation.kind == Kind::LessThan;
    const QString type = lower ? (inclusive ? u"greater_than_equal"_s : u"greater_than"_s)
                               : (inclusive ? u"less_than_equal"_s : u"less_than"_s);
    const QString relation = lower ? (inclusive ? u"greater than or equal to"_s : u"greater than"_s)
                                   : (inclusive ? u"less than or equal to"_s : u"less than"_s);
    const QString key = lower ? (inclusive ? u"ge"_s : u"gt"_s) : (inclusive ? u"le"_s : u"lt"_s);
    errors.add(loc, type, u"Input should be %1 %2"_s.arg(relation, number), violation.input,
               QJsonObject{{key, limitValue(number)}});
}

} // namespace

void PydanticErrors::add(ValidationErrors &errors, const QList<JsonSchemaViolation> &violations,
                         const QJsonArray &prefix)
{
    for (const JsonSchemaViolation &violation : violations) {
        QJsonArray loc = prefix;
        for (const auto &part : violation.loc)
            loc.append(part);
        switch (violation.kind) {
        case Kind::Missing:
            errors.addMissing(loc, violation.input);
            break;
        case Kind::Type:
            addType(errors, loc, violation);
            break;
        case Kind::Enum: {
            QStringList allowed;
            for (const auto &value : QJsonDocument::fromJson(violation.expected.toUtf8()).array())
                allowed.append(value.toString());
            errors.checkEnum(loc, violation.input, allowed);
            break;
        }
        case Kind::Const: {
            const QJsonValue expected =
                QJsonDocument::fromJson("[" + violation.expected.toUtf8() + "]").array().at(0);
            errors.add(loc, u"literal_error"_s, u"Input should be "_s + pythonRepr(expected), violation.input,
                       QJsonObject{{u"expected"_s, pythonRepr(expected)}});
            break;
        }
        case Kind::TooShort:
        case Kind::TooLong:
            addLimit(errors, loc, violation);
            break;
        case Kind::LessThan:
        case Kind::GreaterThan:
            addBound(errors, loc, violation);
            break;
        case Kind::Extra:
            errors.add(loc, u"extra_forbidden"_s, u"Extra inputs are not permitted"_s, violation.input);
            break;
        case Kind::Pattern:
            errors.add(loc, u"string_pattern_mismatch"_s,
                       u"String should match pattern '%1'"_s.arg(violation.expected), violation.input,
                       QJsonObject{{u"pattern"_s, violation.expected}});
            break;
        case Kind::AnyOfFailed:
        case Kind::OneOfFailed:
        case Kind::RefUnresolved:
            errors.add(loc, u"value_error"_s, u"Value error, input matches none of: "_s + violation.expected,
                       violation.input);
            break;
        }
    }
}

} // namespace Emulator
