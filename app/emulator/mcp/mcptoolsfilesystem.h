#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// The local filesystem server's tools, on the local sandbox's workspace (the one upload and dump move).
class McpToolsFilesystem
{
public:
    static QList<McpToolSpec> tools();
};

} // namespace Emulator
