#pragma once

#include "emulator/mcp/mcptoolspec.h"

namespace Emulator {

// The filesystem server's tools that list folders: list_directory, list_directory_with_sizes, directory_tree
// and search_files.
class McpToolsFilesystemList
{
public:
    static McpToolSpec listDirectory();
    static McpToolSpec listDirectoryWithSizes();
    static McpToolSpec directoryTree();
    static McpToolSpec searchFiles();

    static constexpr qint64 folderSize = 4096; // what stat answers for a folder on the VM's ext4

    // The reference's formatSize: "0 B", "512 B", "1.50 KB", ... "2.00 TB".
    static QString formatSize(qint64 bytes);
};

} // namespace Emulator
