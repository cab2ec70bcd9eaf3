#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// Klavis's local filesystem server (mcp_servers/local/filesystem), its 14 tools in its order, on the local
// sandbox's workspace (the one upload and dump move). Each tool runs under the server's lock, as every tool
// call does; none keeps state of its own. Also the pieces the three tool families share.
class McpToolsFilesystem
{
public:
    // One reply returns at most this much of a file, and one write takes at most this much: the workspace
    // lives in memory and a reply is one SSE event.
    static constexpr qsizetype maxReadBytes = 1 << 20;
    static constexpr qsizetype maxWriteBytes = 1 << 20;

    static QList<McpToolSpec> tools();

    // A text result as the server gives it: one text block and structuredContent {content: text}.
    static McpToolOutcome text(const QString &text);
    // The output schema of such results.
    static QJsonObject textOutput();
    // An argument the reference describes by its type alone.
    static QJsonObject plain(const QString &type);
    static QJsonObject stringList(const QString &description = {});
    static McpToolSpec spec(const QString &name, const QString &title, const QString &description,
                            const QJsonObject &properties, const QStringList &required, bool readOnly,
                            bool destructive);
};

} // namespace Emulator
