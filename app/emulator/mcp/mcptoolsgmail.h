#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// The gmail server's tools, on GmailData (messages and drafts). A message's id is its position.
class McpToolsGmail
{
public:
    static QList<McpToolSpec> tools();
};

} // namespace Emulator
