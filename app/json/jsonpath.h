#pragma once

#include <QString>
#include <QStringList>

class QJsonArray;

// The one way a place in a JSON document is written for people: "$.repos[0].name", with a key that is not
// a plain name written as a JSON string ($["a.b"]), so that a path names exactly one member. The tree's
// "copy path", the differences, the schema check and the server's 422 all read alike.
class JsonPath
{
public:
    static QString root() { return QStringLiteral("$"); }
    static QString member(const QString &parent, const QString &key);
    static QString index(const QString &parent, qsizetype index);
    // A location as FastAPI and JsonSchemaValidator give it: keys as strings, indexes as numbers.
    static QString of(const QJsonArray &location);
    // The same with every step as text: a step of digits only is an index.
    static QString ofSteps(const QStringList &steps);
};
