#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// The tools of a server without a set of its own: they read any data object generically (its collections and
// records), and a slow `wait` that streams progress notifications before its result.
class McpToolsGeneric
{
public:
    static QList<McpToolSpec> tools();
    // Waits, sending one progress notification per step before the result; every set offers it.
    static McpToolSpec wait();
};

} // namespace Emulator
