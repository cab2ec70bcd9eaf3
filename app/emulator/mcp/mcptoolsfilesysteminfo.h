#pragma once

#include "emulator/mcp/mcptoolspec.h"

namespace Emulator {

// The filesystem server's tools about the files rather than in them: get_file_info (stat's fields as the
// reference prints them) and list_allowed_directories.
class McpToolsFilesystemInfo
{
public:
    static McpToolSpec getFileInfo();
    static McpToolSpec listAllowedDirectories();
};

} // namespace Emulator
