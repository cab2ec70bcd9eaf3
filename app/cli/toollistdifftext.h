#pragma once

#include <QString>

class ToolListDiff;

// `mcp diff`'s report: the tools only in A, only in B and changed (with each change's JSON paths), the
// counts, and what the comparison could not settle (a tool listed twice, a comparison cut at its limit).
class ToolListDiffText
{
public:
    static QString report(const ToolListDiff &diff);
};
