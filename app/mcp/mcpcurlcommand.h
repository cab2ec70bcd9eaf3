#pragma once

#include "mcp/mcpexchange.h"

#include <QString>
#include <QUrl>

// "Copy as curl" for one entry of the protocol log: a line a POSIX shell runs as it reads, every argument
// single-quoted. The exchange is redacted, so the caller gives the full URL; the token is written only
// when given, else as $MCP_TOKEN for the shell to fill in.
class McpCurlCommand
{
public:
    static QString render(const McpExchange &exchange, const QUrl &fullUrl, const QString &bearerToken);

    static QString shellQuoted(const QString &text);
};
