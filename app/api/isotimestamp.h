#pragma once

#include <QDateTime>
#include <QStringView>

// Reads the API's ISO 8601 timestamps ("2026-02-16T12:45:25.770231-08:00", "...Z", no zone = UTC).
// A hand-written fast path, because a 100,000-row list spends most of its decode time here with
// QDateTime::fromString; anything unusual falls back to Qt's parser.
class IsoTimestamp
{
public:
    static QDateTime parse(QStringView text);
};
