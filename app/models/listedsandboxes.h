#pragma once

#include "api/localsandbox.h"
#include "api/sandboxsummary.h"

#include <QList>

class LocalSandboxTreeModel;
class SandboxListModel;

// What the list models hold right now, as the value types the runs layer reads (LeakFinder, the Runs
// view): a copy taken on the GUI thread, so that a refresh after it changes nothing in it.
class ListedSandboxes
{
public:
    static QList<SandboxSummary> klavis(const SandboxListModel &model);
    static QList<LocalSandbox> local(const LocalSandboxTreeModel &model);
};
