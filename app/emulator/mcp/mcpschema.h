#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace Emulator {

// Builders for the tools' JSON Schemas (draft 2020-12 as MCP expects), and the small list edits the tools
// make on a data object, whose arrays the provider's schemas allow to be null.
class McpSchema
{
public:
    static QJsonObject string(const QString &description);
    static QJsonObject stringEnum(const QStringList &values, const QString &description);
    static QJsonObject integer(const QString &description, int minimum, int maximum);
    static QJsonObject boolean(const QString &description);
    static QJsonObject array(const QJsonObject &items, const QString &description);
    // Closed objects (additionalProperties false): a misspelt argument is an error, not silently ignored.
    static QJsonObject object(const QJsonObject &properties, const QStringList &required = {});
    // An output schema: an object with one array property of objects.
    static QJsonObject listOutput(const QString &key, const QJsonObject &itemProperties);

    static QJsonArray list(const QJsonObject &data, const QString &key); // null or absent: empty
    // `project` applied to each object of list(data, key).
    static QJsonArray mapList(const QJsonObject &data, const QString &key,
                              const std::function<QJsonObject(const QJsonObject &)> &project);
    // The index of the first object in `items` whose `key` equals `value`, or -1.
    static qsizetype indexOf(const QJsonArray &items, const QString &key, const QString &value);
};

} // namespace Emulator
