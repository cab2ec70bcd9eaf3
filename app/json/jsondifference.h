#pragma once

#include <QJsonValue>
#include <QString>

// One difference JsonDiff found: where (a JSONPath-like "$.repos[0].issues[2].title"), what happened, and
// the values on each side (Undefined where a side has none).
struct JsonDifference
{
    enum class Kind
    {
        Added,       // only in the second document
        Removed,     // only in the first
        Changed,     // same type, other value
        TypeChanged, // another JSON type (a string became null, an object an array)
    };

    QString path;
    Kind kind = Kind::Changed;
    QJsonValue oldValue = QJsonValue(QJsonValue::Undefined);
    QJsonValue newValue = QJsonValue(QJsonValue::Undefined);

    // "added", "removed", "changed", "type-changed": the words of --json and of the GUI's filter.
    static QString kindName(Kind kind);
};
