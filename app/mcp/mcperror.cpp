#include "mcp/mcperror.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

QString McpError::describe() const
{
    switch (kind) {
    case Kind::None:
        return {};
    case Kind::Refused:
        return QCoreApplication::translate("McpError", "Refused: %1").arg(message);
    case Kind::Network:
        return QCoreApplication::translate("McpError", "Network error: %1").arg(message);
    case Kind::Timeout:
        return QCoreApplication::translate("McpError", "Timed out: %1").arg(message);
    case Kind::Cancelled:
        return QCoreApplication::translate("McpError", "Cancelled");
    case Kind::Http:
        return message.isEmpty()
                   ? QCoreApplication::translate("McpError", "HTTP %1").arg(httpStatus)
                   : QCoreApplication::translate("McpError", "HTTP %1: %2").arg(httpStatus).arg(message);
    case Kind::Protocol:
        return QCoreApplication::translate("McpError", "Not a valid MCP reply: %1").arg(message);
    case Kind::JsonRpc:
        return QCoreApplication::translate("McpError", "Server error %1: %2").arg(code).arg(message);
    }
    return message;
}

McpError McpError::make(Kind kind, const QString &message, int httpStatus)
{
    McpError error;
    error.kind = kind;
    error.message = message;
    error.httpStatus = httpStatus;
    return error;
}
