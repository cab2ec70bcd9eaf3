#pragma once

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

// What one property of a tool's input schema asks for, reduced to what a form can offer: a plain value
// (string, number, integer, boolean, one of an enum), a list of plain values, or raw JSON for anything
// else (objects, mixes of types, lists of objects). Local $refs are followed; "type": ["x", "null"] and
// anyOf [x, {"type": "null"}] make a nullable x.
struct SchemaFieldSpec
{
    Q_DECLARE_TR_FUNCTIONS(SchemaFieldSpec)

public:
    enum class Kind
    {
        String,
        Number,
        Integer,
        Boolean,
        Enum,
        Array,
        Raw
    };

    QString name;
    Kind kind = Kind::Raw;
    bool required = false;
    bool nullable = false;
    QString title;
    QString description;
    // Undefined when the schema gives none.
    QJsonValue defaultValue = QJsonValue(QJsonValue::Undefined);
    // Kind::Enum: the choices; Kind::Array of an enum: the items' choices.
    QJsonArray enumValues;
    // Kind::Array: what each item is (String, Number, Integer or Enum).
    Kind itemKind = Kind::String;
    std::optional<double> minimum;
    std::optional<double> maximum;
    bool exclusiveMinimum = false;
    bool exclusiveMaximum = false;
    std::optional<int> minLength;
    std::optional<int> maxLength;
    QString pattern;
    std::optional<int> minItems;
    std::optional<int> maxItems;
    // Kind::Raw: "object", "array" or empty (anything), what the JSON typed must be.
    QString rawType;
    // The property's schema with its $ref followed.
    QJsonObject schema;

    // `root` is the whole input schema, where local $refs point.
    static SchemaFieldSpec from(const QString &name, const QJsonObject &schema, const QJsonObject &root,
                                bool required);
    // Follows "#/$defs/…", "#/definitions/…" and other local pointers, a few levels deep at most.
    static QJsonObject resolved(const QJsonObject &schema, const QJsonObject &root);
    // What a value typed for a plain kind is checked against (numbers: bounds; strings: length, pattern):
    // a message, or empty when fine.
    QString checkNumber(double value) const;
    QString checkString(const QString &value) const;
};
