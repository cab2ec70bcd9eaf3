#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

// The snippet an MCP client (Claude Desktop, Cursor, an agent harness) reads to find its servers:
// {"mcpServers": {"<name>": {"url": "<url>"}}}. Not a widget: pure data, so the CLI could share it.
class McpClientConfig
{
public:
    // namedUrls: (server name, MCP URL) pairs. Repeated names get "-2", "-3" so that no server
    // silently replaces another in the object.
    static QByteArray build(const QList<QPair<QString, QString>> &namedUrls);
};
