#pragma once

#include <QJsonArray>
#include <QJsonValue>
#include <QString>

// One way a JSON value breaks a JSON Schema: where (keys and indexes from the root), what kind, what the
// schema expected (a type name, the allowed values, a limit) and the offending input.
struct JsonSchemaViolation
{
    enum class Kind
    {
        Missing,      // a required property is absent
        Type,         // expected: the type name(s), e.g. "integer" or "string|null"
        Enum,         // expected: the allowed values as JSON, e.g. ["open","closed"]
        Const,        // expected: the constant as JSON
        TooShort,     // string or array under minLength/minItems; expected: the limit
        TooLong,      // over maxLength/maxItems; expected: the limit
        LessThan,     // under minimum (expected ">= N") or exclusiveMinimum (expected "> N")
        GreaterThan,  // over maximum ("<= N") or exclusiveMaximum ("< N")
        Extra,        // a property additionalProperties: false forbids
        AnyOfFailed,  // no branch of anyOf matched; expected: the branches' types
        OneOfFailed,  // none or several branches of oneOf matched
        Pattern,      // expected: the pattern
        RefUnresolved // a $ref the document does not hold, or nested past the depth limit
    };

    QJsonArray loc;
    Kind kind = Kind::Type;
    QString expected;
    QJsonValue input;
    QString title; // the title of the schema that failed (an object's model name), when it has one

    static QString kindName(Kind kind); // "missing", "type", "too_short", ...
    QString describe() const;           // "repos.0.name: missing (expected string)"
};
