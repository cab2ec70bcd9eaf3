#pragma once

#include "emulator/mcp/mcptoolspec.h"

namespace Emulator {

// The filesystem server's tools that look without changing: list_directory, list_directory_with_sizes,
// directory_tree, search_files, get_file_info and list_allowed_directories.
class McpToolsFilesystemList
{
public:
    static McpToolSpec listDirectory();
    static McpToolSpec listDirectoryWithSizes();
    static McpToolSpec directoryTree();
    static McpToolSpec searchFiles();
    static McpToolSpec getFileInfo();
    static McpToolSpec listAllowedDirectories();

    // The reference's formatSize: "0 B", "512 B", "1.50 KB", ... "2.00 TB".
    static QString formatSize(qint64 bytes);
};

} // namespace Emulator
