#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// The notion server's tools, on NotionData (pages, and databases whose sources hold pages).
class McpToolsNotion
{
public:
    static QList<McpToolSpec> tools();
};

} // namespace Emulator
