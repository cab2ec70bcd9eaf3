#pragma once

// The subset of JSON Schema that tests/data/blaxel/sandbox.schema.json uses: type (one or a list), required,
// properties, enum, items and $ref to "#" or "#/$defs/NAME". A keyword outside the subset is reported as an
// error, so that the schema cannot grow a rule this validator would silently skip.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

namespace EmulatorTest {

class JsonSchemaSubset
{
public:
    explicit JsonSchemaSubset(QJsonObject root) : m_root(std::move(root)) {}

    // Every violation as "path: what"; empty when `value` conforms to the schema at `pointer`.
    QStringList validate(const QJsonValue &value, const QString &pointer = QStringLiteral("#")) const
    {
        QStringList problems;
        const QJsonObject schema = resolve(pointer, problems);
        if (problems.isEmpty())
            check(value, schema, QStringLiteral("$"), problems, 0);
        return problems;
    }

private:
    QJsonObject resolve(const QString &pointer, QStringList &problems) const
    {
        if (pointer == QLatin1String("#"))
            return m_root;
        const QString prefix = QStringLiteral("#/$defs/");
        if (pointer.startsWith(prefix)) {
            const QJsonValue found =
                m_root.value(QLatin1String("$defs")).toObject().value(pointer.mid(prefix.size()));
            if (found.isObject())
                return found.toObject();
        }
        problems.append(QStringLiteral("schema: unresolvable $ref %1").arg(pointer));
        return {};
    }

    static bool hasType(const QJsonValue &value, const QString &type)
    {
        if (type == QLatin1String("object"))
            return value.isObject();
        if (type == QLatin1String("array"))
            return value.isArray();
        if (type == QLatin1String("string"))
            return value.isString();
        if (type == QLatin1String("boolean"))
            return value.isBool();
        if (type == QLatin1String("null"))
            return value.isNull();
        if (type == QLatin1String("number"))
            return value.isDouble();
        if (type == QLatin1String("integer"))
            return value.isDouble() && value.toDouble() == double(qint64(value.toDouble()));
        return false;
    }

    void check(const QJsonValue &value, const QJsonObject &schema, const QString &path, QStringList &problems,
               int depth) const
    {
        static const QStringList known{
            QStringLiteral("$schema"),     QStringLiteral("$id"),  QStringLiteral("title"),
            QStringLiteral("description"), QStringLiteral("type"), QStringLiteral("required"),
            QStringLiteral("properties"),  QStringLiteral("enum"), QStringLiteral("items"),
            QStringLiteral("$ref"),        QStringLiteral("$defs")};
        if (depth > 32) {
            problems.append(path + QStringLiteral(": schema nests too deep"));
            return;
        }
        for (auto it = schema.constBegin(); it != schema.constEnd(); ++it) {
            if (!known.contains(it.key()))
                problems.append(path +
                                QStringLiteral(": schema keyword '%1' is outside the subset").arg(it.key()));
        }
        if (schema.contains(QLatin1String("$ref"))) {
            const QJsonObject target = resolve(schema.value(QLatin1String("$ref")).toString(), problems);
            if (!target.isEmpty())
                check(value, target, path, problems, depth + 1);
        }
        if (schema.contains(QLatin1String("type"))) {
            const QJsonValue type = schema.value(QLatin1String("type"));
            const QJsonArray types = type.isArray() ? type.toArray() : QJsonArray{type};
            bool matched = false;
            for (const auto &one : types)
                matched = matched || hasType(value, one.toString());
            if (!matched) {
                problems.append(
                    path + QStringLiteral(": expected %1")
                               .arg(QString::fromUtf8(QJsonDocument(types).toJson(QJsonDocument::Compact))));
                return;
            }
        }
        if (schema.contains(QLatin1String("enum")) &&
            !schema.value(QLatin1String("enum")).toArray().contains(value))
            problems.append(path + QStringLiteral(": not one of the enum's values"));
        if (value.isObject()) {
            const QJsonObject object = value.toObject();
            for (const auto &name : schema.value(QLatin1String("required")).toArray()) {
                if (!object.contains(name.toString()))
                    problems.append(path + QStringLiteral(": missing '%1'").arg(name.toString()));
            }
            const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
            for (auto it = properties.constBegin(); it != properties.constEnd(); ++it) {
                if (object.contains(it.key()))
                    check(object.value(it.key()), it.value().toObject(), path + u'.' + it.key(), problems,
                          depth + 1);
            }
        }
        if (value.isArray() && schema.contains(QLatin1String("items"))) {
            const QJsonArray array = value.toArray();
            const QJsonObject items = schema.value(QLatin1String("items")).toObject();
            for (qsizetype i = 0; i < array.size(); ++i)
                check(array.at(i), items, path + QStringLiteral("[%1]").arg(i), problems, depth + 1);
        }
    }

    QJsonObject m_root;
};

} // namespace EmulatorTest
