#pragma once

#include <QCoreApplication>
#include <QString>

// How a length of time reads, one way everywhere: a transfer's time left, a run's or a Blaxel sandbox's time
// to expiry, a wizard's elapsed time ("4 min 05 s", "2 h 07 min", "3 d 4 h"), and the running clocks of the
// execution console and the CLI's progress line ("4:05", "2:07:31"). The second unit is always two digits, so
// a column of them lines up and a countdown does not change width every second.
class DurationText
{
    Q_DECLARE_TR_FUNCTIONS(DurationText)

public:
    // An empty string for a negative length (unknown).
    static QString span(qint64 seconds);
    // Minutes and seconds, hours in front from an hour on; an empty string for a negative length.
    static QString clock(qint64 seconds);
};
