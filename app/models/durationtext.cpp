#include "models/durationtext.h"

using namespace Qt::StringLiterals;

namespace {

QString twoDigits(qint64 value)
{
    return u"%1"_s.arg(value, 2, 10, QChar(u'0'));
}

} // namespace

QString DurationText::span(qint64 seconds)
{
    if (seconds < 0)
        return {};
    if (seconds < 60)
        return tr("%1 s").arg(seconds);
    if (seconds < 3600)
        return tr("%1 min %2 s").arg(seconds / 60).arg(twoDigits(seconds % 60));
    if (seconds < 86400)
        return tr("%1 h %2 min").arg(seconds / 3600).arg(twoDigits(seconds % 3600 / 60));
    return tr("%1 d %2 h").arg(seconds / 86400).arg(seconds % 86400 / 3600);
}

QString DurationText::clock(qint64 seconds)
{
    if (seconds < 0)
        return {};
    if (seconds >= 3600)
        return u"%1:%2:%3"_s.arg(seconds / 3600).arg(twoDigits(seconds / 60 % 60), twoDigits(seconds % 60));
    return u"%1:%2"_s.arg(seconds / 60).arg(twoDigits(seconds % 60));
}
