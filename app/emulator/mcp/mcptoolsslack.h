#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// The slack server's tools, on SlackData (channels with messages, reactions and replies).
class McpToolsSlack
{
public:
    static QList<McpToolSpec> tools();
};

} // namespace Emulator
