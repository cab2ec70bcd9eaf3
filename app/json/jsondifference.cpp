#include "json/jsondifference.h"

using namespace Qt::StringLiterals;

QString JsonDifference::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Added:
        return u"added"_s;
    case Kind::Removed:
        return u"removed"_s;
    case Kind::Changed:
        return u"changed"_s;
    case Kind::TypeChanged:
        return u"type-changed"_s;
    }
    return {};
}
