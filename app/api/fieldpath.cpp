#include "api/fieldpath.h"

#include "json/jsonpath.h"

using namespace Qt::StringLiterals;

QString FieldPath::of(const FieldError &field)
{
    const QStringList &location = field.location;
    if (location.isEmpty())
        return {};
    if (location.first() == u"body"_s)
        return ofBodyParts(location.mid(1));
    static const QStringList sources = {u"query"_s, u"path"_s, u"header"_s, u"cookie"_s};
    if (sources.contains(location.first()) && location.size() > 1)
        return location.first() + u": "_s + location.mid(1).join(u'.');
    return location.join(u'.');
}

QString FieldPath::ofBodyParts(const QStringList &parts)
{
    return JsonPath::ofSteps(parts);
}
