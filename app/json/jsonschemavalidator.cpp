#include "json/jsonschemavalidator.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QStringList>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

using Kind = JsonSchemaViolation::Kind;

QJsonArray appended(QJsonArray loc, const QJsonValue &part)
{
    loc.append(part);
    return loc;
}

QString numberText(double number)
{
    return QString::number(number, 'g', 15);
}

QString jsonText(const QJsonValue &value)
{
    // QJsonDocument holds only containers: wrap, then strip the brackets.
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

QStringList typeNames(const QJsonValue &type)
{
    QStringList names;
    if (type.isString())
        names.append(type.toString());
    for (const auto &name : type.toArray())
        names.append(name.toString());
    return names;
}

bool typeMatches(const QString &actual, const QStringList &allowed)
{
    return allowed.contains(actual) || (actual == u"integer" && allowed.contains(u"number"_s));
}

} // namespace

JsonSchemaValidator::JsonSchemaValidator(QJsonObject document) : m_document(std::move(document)) {}

QString JsonSchemaValidator::typeOf(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"boolean"_s;
    case QJsonValue::Double: {
        const double number = value.toDouble();
        return std::isfinite(number) && std::floor(number) == number ? u"integer"_s : u"number"_s;
    }
    case QJsonValue::String:
        return u"string"_s;
    case QJsonValue::Array:
        return u"array"_s;
    case QJsonValue::Object:
        return u"object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"undefined"_s;
}

bool JsonSchemaValidator::lookup(const QString &reference, QJsonObject *target) const
{
    *target = {};
    if (!reference.startsWith(u"#/"))
        return false;
    QJsonValue node = m_document;
    const QStringList parts = reference.mid(2).split(u'/');
    for (QString part : parts) {
        part.replace(u"~1"_s, u"/"_s).replace(u"~0"_s, u"~"_s);
        if (!node.isObject())
            return false;
        node = node.toObject().value(part);
    }
    *target = node.toObject();
    return node.isObject();
}

QJsonObject JsonSchemaValidator::resolveReference(const QString &reference) const
{
    QJsonObject target;
    lookup(reference, &target);
    return target;
}

QJsonObject JsonSchemaValidator::resolved(const QJsonObject &schema) const
{
    QJsonObject current = schema;
    for (int depth = 0; depth < maxDepth && current.contains(u"$ref"); ++depth)
        current = resolveReference(current.value(u"$ref").toString());
    return current.contains(u"$ref") ? QJsonObject() : current;
}

QList<JsonSchemaViolation> JsonSchemaValidator::validate(const QJsonValue &value,
                                                         const QJsonObject &schema) const
{
    QList<JsonSchemaViolation> out;
    Walk walk{&out};
    check(value, schema, QJsonArray(), 0, walk);
    if (walk.steps > maxSteps)
        out.append({QJsonArray(), Kind::RefUnresolved, u"schema too complex"_s, value, {}});
    return out;
}

void JsonSchemaValidator::check(const QJsonValue &value, const QJsonObject &schema, const QJsonArray &loc,
                                int depth, Walk &walk) const
{
    if (++walk.steps > maxSteps)
        return;
    if (depth > maxDepth) {
        walk.out->append({loc, Kind::RefUnresolved, u"nesting within %1 levels"_s.arg(maxDepth), value, {}});
        return;
    }
    if (schema.contains(u"$ref")) {
        const QString reference = schema.value(u"$ref").toString();
        QJsonObject target;
        if (!lookup(reference, &target)) {
            walk.out->append({loc, Kind::RefUnresolved, reference, value, {}});
            return;
        }
        check(value, target, loc, depth + 1, walk);
        return;
    }
    const QString actual = typeOf(value);
    if (actual == u"null" && schema.value(u"nullable").toBool())
        return;
    if (!checkBranches(value, schema, loc, depth, walk))
        return;
    if (schema.contains(u"type")) {
        QStringList allowed = typeNames(schema.value(u"type"));
        if (schema.value(u"nullable").toBool())
            allowed.append(u"null"_s);
        if (!typeMatches(actual, allowed)) {
            walk.out->append({loc, Kind::Type, allowed.join(u'|'), value, schema.value(u"title").toString()});
            return;
        }
    }
    if (schema.contains(u"enum")) {
        const QJsonArray allowed = schema.value(u"enum").toArray();
        if (!allowed.contains(value)) {
            walk.out->append({loc, Kind::Enum, jsonText(allowed), value, schema.value(u"title").toString()});
            return;
        }
    }
    if (schema.contains(u"const") && schema.value(u"const") != value) {
        walk.out->append({loc, Kind::Const, jsonText(schema.value(u"const")), value, {}});
        return;
    }
    if (value.isObject())
        checkObject(value.toObject(), schema, loc, depth, walk);
    else if (value.isArray())
        checkArray(value.toArray(), schema, loc, depth, walk);
    else
        checkScalar(value, schema, loc, walk);
}

QList<JsonSchemaViolation> JsonSchemaValidator::trial(const QJsonValue &value, const QJsonObject &schema,
                                                      const QJsonArray &loc, int depth, Walk &walk) const
{
    QList<JsonSchemaViolation> found;
    QList<JsonSchemaViolation> *outer = walk.out;
    walk.out = &found;
    check(value, schema, loc, depth, walk);
    walk.out = outer;
    return found;
}

// anyOf/oneOf/allOf; answers false when the value failed and nothing more should be said about it.
bool JsonSchemaValidator::checkBranches(const QJsonValue &value, const QJsonObject &schema,
                                        const QJsonArray &loc, int depth, Walk &walk) const
{
    const qsizetype before = walk.out->size();
    for (const auto &branch : schema.value(u"allOf").toArray())
        check(value, branch.toObject(), loc, depth + 1, walk);
    if (walk.out->size() != before)
        return false;
    const QJsonArray anyOf = schema.value(u"anyOf").toArray();
    if (!anyOf.isEmpty()) {
        // Optional[X] (anyOf X or null) reports X's own errors, as pydantic does, rather than "no branch".
        QList<QJsonObject> others;
        bool nullAllowed = false;
        for (const auto &branch : anyOf) {
            const QJsonObject target = resolved(branch.toObject());
            if (target.value(u"type") == u"null"_s)
                nullAllowed = true;
            else
                others.append(branch.toObject());
        }
        if (value.isNull() && nullAllowed)
            return true;
        QList<QList<JsonSchemaViolation>> failures;
        for (const QJsonObject &branch : std::as_const(others)) {
            const QList<JsonSchemaViolation> found = trial(value, branch, loc, depth + 1, walk);
            if (found.isEmpty())
                return true;
            failures.append(found);
        }
        // The one branch of the value's own type, if only one has it, says the most useful thing.
        QStringList expected;
        qsizetype sameType = -1;
        int sameTypeCount = 0;
        const QString actual = typeOf(value);
        for (qsizetype i = 0; i < others.size(); ++i) {
            const QStringList types = typeNames(resolved(others.at(i)).value(u"type"));
            expected.append(types.isEmpty() ? u"schema"_s : types.join(u'|'));
            if (typeMatches(actual, types)) {
                sameType = i;
                ++sameTypeCount;
            }
        }
        if (nullAllowed)
            expected.append(u"null"_s);
        if (others.size() == 1 && failures.size() == 1)
            walk.out->append(failures.first());
        else if (sameTypeCount == 1)
            walk.out->append(failures.at(sameType));
        else
            walk.out->append(
                {loc, Kind::AnyOfFailed, expected.join(u", "_s), value, schema.value(u"title").toString()});
        return false;
    }
    const QJsonArray oneOf = schema.value(u"oneOf").toArray();
    if (!oneOf.isEmpty()) {
        int matches = 0;
        for (const auto &branch : oneOf) {
            matches += trial(value, branch.toObject(), loc, depth + 1, walk).isEmpty() ? 1 : 0;
        }
        if (matches != 1) {
            walk.out->append({loc, Kind::OneOfFailed,
                              u"exactly one of %1 branches (%2 matched)"_s.arg(oneOf.size()).arg(matches),
                              value, schema.value(u"title").toString()});
            return false;
        }
    }
    return true;
}

void JsonSchemaValidator::checkObject(const QJsonObject &object, const QJsonObject &schema,
                                      const QJsonArray &loc, int depth, Walk &walk) const
{
    const QJsonObject properties = schema.value(u"properties").toObject();
    for (const auto &name : schema.value(u"required").toArray()) {
        const QString key = name.toString();
        if (!object.contains(key)) {
            const QStringList types = typeNames(resolved(properties.value(key).toObject()).value(u"type"));
            walk.out->append({appended(loc, key), Kind::Missing, types.join(u'|'), object, {}});
        }
    }
    const QJsonValue additional = schema.value(u"additionalProperties");
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        const QJsonArray where = appended(loc, it.key());
        if (properties.contains(it.key()))
            check(it.value(), properties.value(it.key()).toObject(), where, depth + 1, walk);
        else if (additional.isBool() && !additional.toBool())
            walk.out->append({where, Kind::Extra, {}, it.value(), {}});
        else if (additional.isObject())
            check(it.value(), additional.toObject(), where, depth + 1, walk);
    }
}

void JsonSchemaValidator::checkArray(const QJsonArray &array, const QJsonObject &schema,
                                     const QJsonArray &loc, int depth, Walk &walk) const
{
    if (schema.contains(u"minItems") && array.size() < schema.value(u"minItems").toInteger())
        walk.out->append(
            {loc, Kind::TooShort, QString::number(schema.value(u"minItems").toInteger()), array, {}});
    if (schema.contains(u"maxItems") && array.size() > schema.value(u"maxItems").toInteger())
        walk.out->append(
            {loc, Kind::TooLong, QString::number(schema.value(u"maxItems").toInteger()), array, {}});
    const QJsonValue items = schema.value(u"items");
    if (!items.isObject())
        return;
    for (qsizetype i = 0; i < array.size(); ++i)
        check(array.at(i), items.toObject(), appended(loc, i), depth + 1, walk);
}

void JsonSchemaValidator::checkScalar(const QJsonValue &value, const QJsonObject &schema,
                                      const QJsonArray &loc, Walk &walk) const
{
    if (value.isString()) {
        const QString text = value.toString();
        const qsizetype length = text.toUcs4().size(); // characters, as pydantic counts them
        if (schema.contains(u"minLength") && length < schema.value(u"minLength").toInteger())
            walk.out->append(
                {loc, Kind::TooShort, QString::number(schema.value(u"minLength").toInteger()), value, {}});
        if (schema.contains(u"maxLength") && length > schema.value(u"maxLength").toInteger())
            walk.out->append(
                {loc, Kind::TooLong, QString::number(schema.value(u"maxLength").toInteger()), value, {}});
        if (schema.contains(u"pattern")) {
            const QRegularExpression pattern(schema.value(u"pattern").toString());
            if (pattern.isValid() && !pattern.match(text).hasMatch())
                walk.out->append({loc, Kind::Pattern, pattern.pattern(), value, {}});
        }
        return;
    }
    if (!value.isDouble())
        return;
    const double number = value.toDouble();
    if (schema.contains(u"minimum") && number < schema.value(u"minimum").toDouble())
        walk.out->append(
            {loc, Kind::LessThan, u">= "_s + numberText(schema.value(u"minimum").toDouble()), value, {}});
    if (schema.contains(u"maximum") && number > schema.value(u"maximum").toDouble())
        walk.out->append(
            {loc, Kind::GreaterThan, u"<= "_s + numberText(schema.value(u"maximum").toDouble()), value, {}});
    // Draft 4 (OpenAPI 3.0) writes exclusiveMinimum as a flag beside minimum; later drafts as the limit.
    const QJsonValue exclusiveMinimum = schema.value(u"exclusiveMinimum");
    if (exclusiveMinimum.isDouble() && number <= exclusiveMinimum.toDouble())
        walk.out->append({loc, Kind::LessThan, u"> "_s + numberText(exclusiveMinimum.toDouble()), value, {}});
    if (exclusiveMinimum.toBool() && schema.contains(u"minimum") &&
        number == schema.value(u"minimum").toDouble())
        walk.out->append(
            {loc, Kind::LessThan, u"> "_s + numberText(schema.value(u"minimum").toDouble()), value, {}});
    const QJsonValue exclusiveMaximum = schema.value(u"exclusiveMaximum");
    if (exclusiveMaximum.isDouble() && number >= exclusiveMaximum.toDouble())
        walk.out->append(
            {loc, Kind::GreaterThan, u"< "_s + numberText(exclusiveMaximum.toDouble()), value, {}});
    if (exclusiveMaximum.toBool() && schema.contains(u"maximum") &&
        number == schema.value(u"maximum").toDouble())
        walk.out->append(
            {loc, Kind::GreaterThan, u"< "_s + numberText(schema.value(u"maximum").toDouble()), value, {}});
}
