#include "models/statuskind.h"

#include "catalog/serverlists.h"

StatusKind::Kind StatusKind::of(QStringView status)
{
    // ServerLists::statuses() is in the order of Kind after Unknown.
    static const QStringList words = ServerLists::statuses();
    const QStringView word = status.trimmed();
    for (qsizetype i = 0; i < words.size(); ++i)
        if (word.compare(words[i], Qt::CaseInsensitive) == 0)
            return Kind(Idle + i);
    return Unknown;
}

bool StatusKind::isReleasable(Kind kind)
{
    return kind != Idle && kind != Error;
}
