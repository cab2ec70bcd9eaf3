#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>
#include <QString>

namespace Emulator {

// The tools an emulated MCP server offers: its own set (github, slack, jira, notion, gmail, the local
// filesystem server) or the generic one, `wait` everywhere but on the filesystem server (Klavis's published
// 14 tools, compared by name), changed by the benchmark the sandbox was acquired for, as the provider
// documents that benchmarks shape the tool list:
//  - MCP_Atlas: read-only tools only (every tool whose readOnlyHint is false is hidden);
//  - Toolathlon: the same tools, the write ones re-described to say the task is graded from the dump;
//  - MCP_Mark and none: the set as it is.
// `extraTools` appends that many generated read-only tools (a long list, for paging and for clients' speed).
class McpToolbox
{
public:
    static QList<McpToolSpec> toolsFor(const QString &server, const QString &benchmark, int extraTools = 0);
};

} // namespace Emulator
