#pragma once

#include "localsandbox.h"

struct LocalSandboxList
{
    QList<LocalSandbox> localSandboxes;
    int totalCount = 0;
};
