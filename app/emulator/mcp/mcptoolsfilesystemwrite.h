#pragma once

#include "emulator/mcp/mcptoolspec.h"

namespace Emulator {

// The filesystem server's tools that change the workspace: write_file, edit_file (with a dry run that only
// shows the diff), create_directory (mkdir -p) and move_file (never onto something that exists).
class McpToolsFilesystemWrite
{
public:
    static McpToolSpec writeFile();
    static McpToolSpec editFile();
    static McpToolSpec createDirectory();
    static McpToolSpec moveFile();
};

} // namespace Emulator
