#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

struct McpContentBlock;

// How `mcp info`, `mcp tools` and `mcp call` word what an MCP server answered.
class McpResultText
{
public:
    // Any JSON value on one line; QJsonDocument alone holds only objects and arrays.
    static QByteArray compactJson(const QJsonValue &value);
    // "tools (listChanged), logging": what the server says it can do, in one line.
    static QString capabilities(const QJsonObject &capabilities);
    // "read-only, idempotent": a tool's annotation hints.
    static QString annotations(const QJsonObject &annotations);
    // A content block as a person reads it: text as it is, binary payloads by their type and size.
    static QString contentBlock(const McpContentBlock &block);
};
