#pragma once

#include "json/jsonschemaviolation.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

// The client's reading of the provider's OpenAPI file (embedded as :/session/klavis-sandbox-openapi.json, a
// copy of its own: the client never reads the emulator's): the body schema each server's initialize takes,
// so that a body is checked before it is sent. The emulator reads the same file independently.
class ServerDataSchema
{
public:
    static const ServerDataSchema &instance(); // loaded once, on first use
    explicit ServerDataSchema(QJsonObject document);

    bool hasRequestSchema(const QString &serverName) const;
    // The JSON Schema of POST /sandbox/{server}/{sandbox_id}/initialize's body, or an empty object.
    QJsonObject requestSchema(const QString &serverName) const;
    // Every way `body` breaks the server's schema; empty when it passes or the file has no schema for it.
    QList<JsonSchemaViolation> check(const QString &serverName, const QJsonValue &body) const;

private:
    QJsonObject m_document;
};
