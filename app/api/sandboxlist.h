#pragma once

#include "api/sandboxsummary.h"

#include <QList>

struct SandboxList
{
    QList<SandboxSummary> sandboxes;
    int totalCount = 0;
};
