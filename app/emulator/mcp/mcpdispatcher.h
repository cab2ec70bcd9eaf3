#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Emulator {

// The JSON-RPC side of an emulated MCP server: initialize, ping, tools/list (50 a page, nextCursor) and
// tools/call, stateless (every request stands alone, as on Klavis's servers).
class McpDispatcher
{
public:
    static constexpr int pageSize = 50;

    struct Reply
    {
        QList<QJsonObject> notifications; // sent before the message (progress)
        QJsonObject message;              // the JSON-RPC response
        int delayMs = 0;
    };

    McpDispatcher(QString server, QList<McpToolSpec> tools, McpToolContext context);

    // `request` has a method and an id.
    Reply handle(const QJsonObject &request);

    static const QStringList &protocolVersions(); // newest first
    static QJsonObject error(const QJsonValue &id, int code, const QString &message);

private:
    QJsonObject initialize(const QJsonObject &params) const;
    std::optional<QJsonObject> listTools(const QJsonObject &params) const;
    Reply callTool(const QJsonValue &id, const QJsonObject &params);

    QString m_server;
    QList<McpToolSpec> m_tools;
    McpToolContext m_context;
};

} // namespace Emulator
