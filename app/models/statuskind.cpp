#include "models/statuskind.h"

using namespace Qt::StringLiterals;

StatusKind::Kind StatusKind::of(QStringView status)
{
    const QStringView word = status.trimmed();
    if (word.compare(u"idle"_s, Qt::CaseInsensitive) == 0)
        return Idle;
    if (word.compare(u"occupied"_s, Qt::CaseInsensitive) == 0)
        return Occupied;
    if (word.compare(u"error"_s, Qt::CaseInsensitive) == 0)
        return Error;
    return Unknown;
}

QStringList StatusKind::knownWords()
{
    return {u"idle"_s, u"occupied"_s, u"error"_s};
}

bool StatusKind::isReleasable(Kind kind)
{
    return kind != Idle && kind != Error;
}
