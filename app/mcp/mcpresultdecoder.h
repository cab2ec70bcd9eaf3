#pragma once

#include "mcp/mcpcontentblock.h"
#include "mcp/mcptool.h"
#include "mcp/mcptoolresult.h"

#include <QJsonObject>

#include <optional>

// Reads the shapes of MCP results. A server's reply is hostile: fields of the wrong type read as empty,
// a tool without a name is no tool, base64 that does not decode leaves `data` empty.
namespace McpResultDecoder {

std::optional<McpTool> tool(const QJsonObject &object);
McpContentBlock contentBlock(const QJsonObject &object);
McpToolResult toolResult(const QJsonObject &object);

} // namespace McpResultDecoder
