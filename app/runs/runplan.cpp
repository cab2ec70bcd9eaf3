#include "runs/runplan.h"

int RunPlan::sandboxCount() const
{
    int total = 0;
    for (const auto &entry : servers)
        total += entry.count;
    for (const auto &set : localSets)
        total += set.count;
    return total;
}

QList<RunSlot> RunPlan::slotsInOrder() const
{
    QList<RunSlot> result;
    result.reserve(sandboxCount());
    for (const auto &entry : servers)
        for (int n = 1; n <= entry.count; ++n)
            result.append({int(result.size()), false, {entry.server}, n, 0});
    for (qsizetype set = 0; set < localSets.size(); ++set)
        for (int n = 1; n <= localSets[set].count; ++n)
            result.append({int(result.size()), true, localSets[set].servers, n, int(set + 1)});
    return result;
}
