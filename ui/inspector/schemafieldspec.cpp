#include "inspector/schemafieldspec.h"

#include <QRegularExpression>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace {

// A cycle of $refs (a schema pointing at itself) stops here.
constexpr int maximumRefDepth = 8;

QStringList typesOf(const QJsonObject &schema)
{
    const QJsonValue type = schema.value(u"type"_s);
    QStringList types;
    if (type.isString())
        types.append(type.toString());
    for (const auto &entry : type.toArray())
        types.append(entry.toString());
    return types;
}

SchemaFieldSpec::Kind plainKind(const QString &type)
{
    if (type == u"string"_s)
        return SchemaFieldSpec::Kind::String;
    if (type == u"number"_s)
        return SchemaFieldSpec::Kind::Number;
    if (type == u"integer"_s)
        return SchemaFieldSpec::Kind::Integer;
    if (type == u"boolean"_s)
        return SchemaFieldSpec::Kind::Boolean;
    return SchemaFieldSpec::Kind::Raw;
}

std::optional<double> numberAt(const QJsonObject &schema, const QString &key)
{
    const QJsonValue value = schema.value(key);
    return value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt;
}

std::optional<int> countAt(const QJsonObject &schema, const QString &key)
{
    const QJsonValue value = schema.value(key);
    return value.isDouble() ? std::optional<int>(value.toInt()) : std::nullopt;
}

} // namespace

QJsonObject SchemaFieldSpec::resolved(const QJsonObject &schema, const QJsonObject &root)
{
    QJsonObject current = schema;
    for (int depth = 0; depth < maximumRefDepth && current.value(u"$ref"_s).isString(); ++depth) {
        const QString ref = current.value(u"$ref"_s).toString();
        if (!ref.startsWith(u"#/"_s))
            return current; // a remote schema is not fetched: the field falls back to raw JSON
        QJsonValue target = root;
        for (QString part : ref.mid(2).split(u'/')) {
            part.replace(u"~1"_s, u"/"_s).replace(u"~0"_s, u"~"_s);
            target = target.toObject().value(part);
        }
        if (!target.isObject())
            return current;
        // Keywords beside the $ref (a description, a default) win over the target's.
        QJsonObject merged = target.toObject();
        for (auto it = current.constBegin(); it != current.constEnd(); ++it)
            if (it.key() != u"$ref"_s)
                merged.insert(it.key(), it.value());
        current = merged;
    }
    return current;
}

SchemaFieldSpec SchemaFieldSpec::from(const QString &name, const QJsonObject &schema, const QJsonObject &root,
                                      bool required)
{
    SchemaFieldSpec spec;
    spec.name = name;
    spec.required = required;
    QJsonObject own = resolved(schema, root);
    spec.title = own.value(u"title"_s).toString();
    spec.description = own.value(u"description"_s).toString();
    if (own.contains(u"default"_s))
        spec.defaultValue = own.value(u"default"_s);

    // Optional[x] as pydantic and zod write it: anyOf/oneOf of x and null.
    for (const QString &combiner : {u"anyOf"_s, u"oneOf"_s}) {
        const QJsonArray alternatives = own.value(combiner).toArray();
        if (alternatives.isEmpty())
            continue;
        QList<QJsonObject> others;
        for (const auto &alternative : alternatives) {
            const QJsonObject option = resolved(alternative.toObject(), root);
            if (typesOf(option) == QStringList{u"null"_s})
                spec.nullable = true;
            else
                others.append(option);
        }
        if (others.size() != 1) {
            spec.kind = Kind::Raw;
            spec.schema = own;
            return spec;
        }
        QJsonObject merged = others.first();
        for (auto it = own.constBegin(); it != own.constEnd(); ++it)
            if (it.key() != combiner)
                merged.insert(it.key(), it.value());
        own = merged;
    }
    spec.schema = own;

    QStringList types = typesOf(own);
    if (types.removeAll(u"null"_s) > 0)
        spec.nullable = true;

    if (own.contains(u"enum"_s) || own.contains(u"const"_s)) {
        const QJsonArray values =
            own.contains(u"enum"_s) ? own.value(u"enum"_s).toArray() : QJsonArray{own.value(u"const"_s)};
        for (const auto &value : values) {
            if (value.isNull())
                spec.nullable = true;
            else
                spec.enumValues.append(value);
        }
        spec.kind = spec.enumValues.isEmpty() ? Kind::Raw : Kind::Enum;
        return spec;
    }
    if (types.size() != 1) {
        spec.kind = Kind::Raw; // no type, or a mix: only JSON says it
        return spec;
    }
    const QString type = types.first();
    spec.minimum = numberAt(own, u"minimum"_s);
    spec.maximum = numberAt(own, u"maximum"_s);
    // 2019-09 on: the bound itself; draft 4: a boolean beside minimum/maximum.
    if (const auto bound = numberAt(own, u"exclusiveMinimum"_s)) {
        spec.minimum = bound;
        spec.exclusiveMinimum = true;
    } else if (own.value(u"exclusiveMinimum"_s).toBool()) {
        spec.exclusiveMinimum = true;
    }
    if (const auto bound = numberAt(own, u"exclusiveMaximum"_s)) {
        spec.maximum = bound;
        spec.exclusiveMaximum = true;
    } else if (own.value(u"exclusiveMaximum"_s).toBool()) {
        spec.exclusiveMaximum = true;
    }
    spec.minLength = countAt(own, u"minLength"_s);
    spec.maxLength = countAt(own, u"maxLength"_s);
    spec.pattern = own.value(u"pattern"_s).toString();

    if (type == u"array"_s) {
        spec.minItems = countAt(own, u"minItems"_s);
        spec.maxItems = countAt(own, u"maxItems"_s);
        const QJsonObject items = resolved(own.value(u"items"_s).toObject(), root);
        const SchemaFieldSpec item = from(name, items, root, true);
        const bool plainItem = !item.nullable && (item.kind == Kind::String || item.kind == Kind::Number ||
                                                  item.kind == Kind::Integer || item.kind == Kind::Enum);
        if (!own.value(u"items"_s).isObject() || !plainItem) {
            spec.kind = Kind::Raw;
            spec.rawType = u"array"_s;
            return spec;
        }
        spec.kind = Kind::Array;
        spec.itemKind = item.kind;
        spec.enumValues = item.enumValues;
        // The bounds of an item's value are the item's.
        spec.minimum = item.minimum;
        spec.maximum = item.maximum;
        spec.exclusiveMinimum = item.exclusiveMinimum;
        spec.exclusiveMaximum = item.exclusiveMaximum;
        spec.minLength = item.minLength;
        spec.maxLength = item.maxLength;
        spec.pattern = item.pattern;
        return spec;
    }
    spec.kind = plainKind(type);
    if (spec.kind == Kind::Raw && type == u"object"_s)
        spec.rawType = u"object"_s;
    return spec;
}

QString SchemaFieldSpec::checkNumber(double value) const
{
    const QLocale c = QLocale::c();
    if (minimum && (exclusiveMinimum ? value <= *minimum : value < *minimum))
        return (exclusiveMinimum ? tr("must be more than %1") : tr("must be at least %1"))
            .arg(c.toString(*minimum, 'g', 17));
    if (maximum && (exclusiveMaximum ? value >= *maximum : value > *maximum))
        return (exclusiveMaximum ? tr("must be less than %1") : tr("must be at most %1"))
            .arg(c.toString(*maximum, 'g', 17));
    return {};
}

QString SchemaFieldSpec::checkString(const QString &value) const
{
    if (minLength && value.size() < *minLength)
        return tr("needs at least %n character(s)", nullptr, *minLength);
    if (maxLength && value.size() > *maxLength)
        return tr("allows at most %n character(s)", nullptr, *maxLength);
    if (!pattern.isEmpty()) {
        const QRegularExpression expression(pattern);
        if (expression.isValid() && !expression.match(value).hasMatch())
            return tr("does not match the pattern %1").arg(pattern);
    }
    return {};
}
