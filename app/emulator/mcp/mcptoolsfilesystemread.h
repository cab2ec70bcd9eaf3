#pragma once

#include "emulator/mcp/mcpfilesystempaths.h"
#include "emulator/mcp/mcptoolspec.h"

namespace Emulator {

// The filesystem server's reading tools: read_file (the deprecated name of read_text_file), read_text_file
// with head or tail, read_media_file (base64 with its MIME type) and read_multiple_files.
class McpToolsFilesystemRead
{
public:
    static McpToolSpec readFile();
    static McpToolSpec readTextFile();
    static McpToolSpec readMediaFile();
    static McpToolSpec readMultipleFiles();

    // A file's bytes as readFile answers them, or the error: missing, a folder, or over maxReadBytes.
    static const QByteArray *contentOf(const McpFilesystemPaths::Resolved &file, QString *error);
};

} // namespace Emulator
