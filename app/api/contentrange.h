#pragma once

#include <QByteArray>
#include <QtGlobal>

// A Content-Range header as the object store sends it with a 206 ("bytes 100-199/1000") or a 416
// ("bytes */1000"). It decides where a resumed download continues, so anything that is not exactly that
// form, a number that does not fit, or a range that contradicts itself is invalid, never read as 0.
struct ContentRange
{
    bool valid = false;
    qint64 first = -1; // -1 for "*" (a 416's unsatisfied range)
    qint64 last = -1;
    qint64 total = -1; // -1 for "*" (length unknown)

    static ContentRange parse(const QByteArray &value);
};
