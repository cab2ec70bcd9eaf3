#pragma once

#include <QJsonValue>
#include <QString>

// The word a person reads for a JSON value's type: the JSON tree's Type column and the CLI's type changes
// of a dump diff. (JSON Schema's words, with "integer", are JsonSchemaValidator's own.)
class JsonTypeName
{
public:
    // "object", "array", "string", "number", "boolean" or "null"; "" for an undefined value.
    static QString of(const QJsonValue &value);
};
