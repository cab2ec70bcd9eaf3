#include "json/jsontypename.h"

using namespace Qt::StringLiterals;

QString JsonTypeName::of(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Object:
        return u"object"_s;
    case QJsonValue::Array:
        return u"array"_s;
    case QJsonValue::String:
        return u"string"_s;
    case QJsonValue::Double:
        return u"number"_s;
    case QJsonValue::Bool:
        return u"boolean"_s;
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Undefined:
        break;
    }
    return {};
}
