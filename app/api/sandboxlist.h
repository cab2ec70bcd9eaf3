#pragma once

#include "sandboxsummary.h"

#include <QList>

struct SandboxList
{
    QList<SandboxSummary> sandboxes;
    int totalCount = 0;
};
