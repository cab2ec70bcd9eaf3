#pragma once

#include <QJsonObject>
#include <QStringList>

#include <optional>

// `mcp call --arg k=v`: each value typed by the tool's input schema, as a shell cannot say whether 5 is a
// number or a string. integer, number and boolean are read as such (and refused when they do not read);
// object and array are JSON; string, and a name the schema does not describe, stay text.
class McpToolArguments
{
public:
    // nullopt, and *problem set, when a value does not fit its declared type.
    static std::optional<QJsonObject> fromPairs(const QStringList &pairs, const QJsonObject &inputSchema,
                                                QString *problem);
    // The JSON Schema type of a property: "integer", ...; for ["string", "null"] the type that is not null.
    static QString declaredType(const QJsonObject &propertySchema);
};
