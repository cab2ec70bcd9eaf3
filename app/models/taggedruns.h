#pragma once

#include "models/runlistmodel.h"

#include <QList>
#include <QMap>
#include <QString>

// The runs only seen as tags: for each run-like tag on the held sandboxes of a list, a run entry listing
// them. Pure, and run on a worker (a large account's list is a hundred thousand sandboxes).
class TaggedRuns
{
public:
    static QMap<QString, RunListEntry> find(const QList<SandboxSummary> &sandboxes);
};
