#pragma once

#include <QtGlobal>

#include <sys/resource.h>

// The peak resident set of this process (Linux: getrusage reports KiB).
class PeakMemory
{
public:
    static qint64 kib()
    {
        struct rusage usage = {};
        getrusage(RUSAGE_SELF, &usage);
        return usage.ru_maxrss;
    }
};
