#pragma once

#include "json/jsonschemaviolation.h"

#include <QJsonObject>
#include <QList>

// Validates JSON against the subset of JSON Schema that the provider's OpenAPI file (pydantic's output) and
// MCP tool schemas use: type (one or a list), properties, required, additionalProperties, items, enum,
// const, anyOf/oneOf/allOf, $ref into "#/components/schemas" or "#/$defs", numeric and length limits,
// pattern and nullable. Annotations (format, title, description, default, examples) are ignored. Every
// violation is reported, not only the first. $ref chains are followed to a fixed depth, so a cyclic or
// hostile schema ends.
class JsonSchemaValidator
{
public:
    static constexpr int maxDepth = 64;
    // Schema checks one validate() makes at most: anyOf inside anyOf multiplies the work, and a tool schema
    // comes from a remote server. Past it the value is reported invalid (RefUnresolved, "schema too
    // complex").
    static constexpr qint64 maxSteps = 100000;

    // `document` is what "#/..." references point into: the whole OpenAPI file, or the tool schema itself.
    explicit JsonSchemaValidator(QJsonObject document = {});

    QList<JsonSchemaViolation> validate(const QJsonValue &value, const QJsonObject &schema) const;
    bool isValid(const QJsonValue &value, const QJsonObject &schema) const
    {
        return validate(value, schema).isEmpty();
    }

    // The schema a "#/a/b" reference names (JSON Pointer escapes ~0 ~1 honoured), or an empty object.
    QJsonObject resolveReference(const QString &reference) const;
    // `schema` with its $ref chain followed (the referring object's own keys dropped, as pydantic's are
    // only annotations), or `schema` itself.
    QJsonObject resolved(const QJsonObject &schema) const;

    // The JSON type name of a value: "null", "boolean", "integer" (a whole number), "number", "string",
    // "array", "object".
    static QString typeOf(const QJsonValue &value);

private:
    struct Walk
    {
        QList<JsonSchemaViolation> *out;
        qint64 steps = 0;
    };
    bool lookup(const QString &reference, QJsonObject *target) const;
    // Checks one branch on its own (anyOf, oneOf), within the same step budget.
    QList<JsonSchemaViolation> trial(const QJsonValue &value, const QJsonObject &schema,
                                     const QJsonArray &loc, int depth, Walk &walk) const;
    void check(const QJsonValue &value, const QJsonObject &schema, const QJsonArray &loc, int depth,
               Walk &walk) const;
    void checkObject(const QJsonObject &object, const QJsonObject &schema, const QJsonArray &loc, int depth,
                     Walk &walk) const;
    void checkArray(const QJsonArray &array, const QJsonObject &schema, const QJsonArray &loc, int depth,
                    Walk &walk) const;
    void checkScalar(const QJsonValue &value, const QJsonObject &schema, const QJsonArray &loc,
                     Walk &walk) const;
    bool checkBranches(const QJsonValue &value, const QJsonObject &schema, const QJsonArray &loc, int depth,
                       Walk &walk) const;

    QJsonObject m_document;
};
