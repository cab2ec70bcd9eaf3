#pragma once

#include <QJsonValue>
#include <QString>

// Why an MCP call did not give a result. JsonRpc carries the server's error object (code, message,
// data); Http the status of a reply that was not MCP at all.
struct McpError
{
    enum class Kind
    {
        None,
        Refused, // the URL policy: nothing was sent
        Network,
        Timeout,
        Cancelled,
        Http,
        Protocol, // a malformed or oversized reply
        JsonRpc
    };

    Kind kind = Kind::None;
    int httpStatus = 0;
    int code = 0; // JSON-RPC code
    QString message;
    QJsonValue data;

    bool isError() const { return kind != Kind::None; }
    // One line for a person: the kind, the status or code, the message.
    QString describe() const;

    static McpError make(Kind kind, const QString &message, int httpStatus = 0);
};
