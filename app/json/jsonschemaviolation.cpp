#include "json/jsonschemaviolation.h"

#include <QStringList>

using namespace Qt::StringLiterals;

QString JsonSchemaViolation::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Missing:
        return u"missing"_s;
    case Kind::Type:
        return u"type"_s;
    case Kind::Enum:
        return u"enum"_s;
    case Kind::Const:
        return u"const"_s;
    case Kind::TooShort:
        return u"too_short"_s;
    case Kind::TooLong:
        return u"too_long"_s;
    case Kind::LessThan:
        return u"less_than"_s;
    case Kind::GreaterThan:
        return u"greater_than"_s;
    case Kind::Extra:
        return u"extra"_s;
    case Kind::AnyOfFailed:
        return u"any_of_failed"_s;
    case Kind::OneOfFailed:
        return u"one_of_failed"_s;
    case Kind::Pattern:
        return u"pattern"_s;
    case Kind::RefUnresolved:
        return u"ref_unresolved"_s;
    }
    return {};
}

QString JsonSchemaViolation::describe() const
{
    QStringList path;
    for (const auto &part : loc)
        path.append(part.isString() ? part.toString() : QString::number(part.toInteger()));
    const QString where = path.isEmpty() ? u"(root)"_s : path.join(u'.');
    return expected.isEmpty() ? u"%1: %2"_s.arg(where, kindName(kind))
                              : u"%1: %2 (expected %3)"_s.arg(where, kindName(kind), expected);
}
