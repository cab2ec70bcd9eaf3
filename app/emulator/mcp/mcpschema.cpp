#include "emulator/mcp/mcpschema.h"

using namespace Qt::StringLiterals;

namespace Emulator {

QJsonObject McpSchema::string(const QString &description)
{
    return QJsonObject{{u"type"_s, u"string"_s}, {u"description"_s, description}};
}

QJsonObject McpSchema::stringEnum(const QStringList &values, const QString &description)
{
    return QJsonObject{{u"type"_s, u"string"_s},
                       {u"enum"_s, QJsonArray::fromStringList(values)},
                       {u"description"_s, description}};
}

QJsonObject McpSchema::integer(const QString &description, int minimum, int maximum)
{
    return QJsonObject{{u"type"_s, u"integer"_s},
                       {u"minimum"_s, minimum},
                       {u"maximum"_s, maximum},
                       {u"description"_s, description}};
}

QJsonObject McpSchema::boolean(const QString &description)
{
    return QJsonObject{{u"type"_s, u"boolean"_s}, {u"description"_s, description}};
}

QJsonObject McpSchema::array(const QJsonObject &items, const QString &description)
{
    return QJsonObject{{u"type"_s, u"array"_s}, {u"items"_s, items}, {u"description"_s, description}};
}

QJsonObject McpSchema::object(const QJsonObject &properties, const QStringList &required)
{
    QJsonObject schema{
        {u"type"_s, u"object"_s}, {u"properties"_s, properties}, {u"additionalProperties"_s, false}};
    if (!required.isEmpty())
        schema.insert(u"required"_s, QJsonArray::fromStringList(required));
    return schema;
}

QJsonObject McpSchema::listOutput(const QString &key, const QJsonObject &itemProperties)
{
    const QJsonObject item{{u"type"_s, u"object"_s}, {u"properties"_s, itemProperties}};
    return QJsonObject{
        {u"type"_s, u"object"_s},
        {u"properties"_s, QJsonObject{{key, QJsonObject{{u"type"_s, u"array"_s}, {u"items"_s, item}}}}},
        {u"required"_s, QJsonArray{key}}};
}

QJsonArray McpSchema::list(const QJsonObject &data, const QString &key)
{
    return data.value(key).toArray();
}

QJsonArray McpSchema::mapList(const QJsonObject &data, const QString &key,
                              const std::function<QJsonObject(const QJsonObject &)> &project)
{
    QJsonArray projected;
    for (const auto &item : list(data, key))
        projected.append(project(item.toObject()));
    return projected;
}

qsizetype McpSchema::indexOf(const QJsonArray &items, const QString &key, const QString &value)
{
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (items.at(i).toObject().value(key).toString() == value)
            return i;
    }
    return -1;
}

} // namespace Emulator
