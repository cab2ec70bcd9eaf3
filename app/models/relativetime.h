#pragma once

#include <QDateTime>
#include <QString>

// Short ages for table cells ("5 min ago") and the matching absolute time for tooltips. Shared by the
// list and tree models so both views speak the same way about time.
class RelativeTime
{
public:
    // An empty string for an invalid time; "just now" under a minute, then minutes, hours, days.
    static QString relativeAge(const QDateTime &when, const QDateTime &now);
    // Local time with its zone, unambiguous in a tooltip whatever the locale.
    static QString absoluteTime(const QDateTime &when);
};
