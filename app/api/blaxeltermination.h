#pragma once

#include "api/blaxelsandbox.h"

// How a deletion ended, as BlaxelSandboxService::waitUntilTerminated saw it.
struct BlaxelTermination
{
    QString name;
    // The record itself is gone (404): the service keeps a terminated sandbox only a while.
    bool recordGone = false;
    BlaxelSandbox last; // the TERMINATED record, unless recordGone
    int polls = 0;
};
