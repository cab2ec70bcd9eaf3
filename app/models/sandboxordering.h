#pragma once

#include "api/sandboxsummary.h"

#include <QtGlobal>

#include <functional>
#include <vector>

// The order of the sandbox table's columns by their real values: text case-insensitively, tags entry by
// entry, times by instant (unknown first). Shared by the model's comparisons and its rank tables.
class SandboxOrdering
{
public:
    // <0, 0 or >0, like QString::compare.
    static int compare(const SandboxSummary &a, const SandboxSummary &b, int column);

    // Dense ranks of `count` rows by `column`: equal values share a rank, so comparing two ranks is
    // comparing the rows (ties included), for a fraction of the cost. `at(row)` gives a row's summary.
    static std::vector<quint32> ranks(int count, int column,
                                      const std::function<const SandboxSummary &(int)> &at);

    // The same ranks, built later by the function returned: it holds a copy of the column's values taken
    // now, so it may run on another thread while the rows change.
    static std::function<std::vector<quint32>()>
    rankTask(int count, int column, const std::function<const SandboxSummary &(int)> &at);
};
