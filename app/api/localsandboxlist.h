#pragma once

#include "api/localsandbox.h"

struct LocalSandboxList
{
    QList<LocalSandbox> localSandboxes;
    int totalCount = 0;
};
