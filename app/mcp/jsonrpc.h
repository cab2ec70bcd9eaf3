#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

// JSON-RPC 2.0 as MCP uses it: building requests, notifications and replies, and telling what a message
// from the server is. Ids we send are integers; a server's id may be a string or a number and is answered
// as it came.
namespace JsonRpc {

enum class Kind
{
    Invalid,      // not an object, no "jsonrpc": "2.0", or no shape below
    Response,     // id + result
    Error,        // id (or null) + error
    Notification, // method, no id
    Request       // method + id: the server asks us something (ping, sampling, ...)
};

struct Message
{
    Kind kind = Kind::Invalid;
    QJsonValue id;
    QString method;
    QJsonObject params;
    QJsonValue result;
    int errorCode = 0;
    QString errorMessage;
    QJsonValue errorData;
};

QByteArray request(qint64 id, const QString &method, const QJsonObject &params = {});
QByteArray notification(const QString &method, const QJsonObject &params = {});
QByteArray result(const QJsonValue &id, const QJsonValue &result);
QByteArray error(const QJsonValue &id, int code, const QString &message);

Message classify(const QJsonObject &object);
// Parses one message; Invalid when the bytes are not a JSON object.
Message parse(const QByteArray &bytes);
// Whether a message's id is the one we sent (a server may echo it as a number or, oddly, a string).
bool idMatches(const QJsonValue &id, qint64 sent);

constexpr int MethodNotFound = -32601;

} // namespace JsonRpc
