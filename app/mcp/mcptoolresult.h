#pragma once

#include "mcp/mcpcontentblock.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>

// What tools/call answered. isError is the tool's own failure, reported as a result, not a JSON-RPC error.
struct McpToolResult
{
    QList<McpContentBlock> content;
    QJsonValue structuredContent;
    bool isError = false;
    QJsonObject raw;
};
