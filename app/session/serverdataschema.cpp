#include "session/serverdataschema.h"

#include "json/jsonschemavalidator.h"

#include <QFile>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

const ServerDataSchema &ServerDataSchema::instance()
{
    static const ServerDataSchema schema([] {
        QFile file(u":/session/klavis-sandbox-openapi.json"_s);
        // Without the file nothing is checked before sending; the server still checks.
        if (!file.open(QIODevice::ReadOnly))
            return QJsonObject();
        return QJsonDocument::fromJson(file.readAll()).object();
    }());
    return schema;
}

ServerDataSchema::ServerDataSchema(QJsonObject document) : m_document(std::move(document)) {}

bool ServerDataSchema::hasRequestSchema(const QString &serverName) const
{
    return !requestSchema(serverName).isEmpty();
}

QJsonObject ServerDataSchema::requestSchema(const QString &serverName) const
{
    if (serverName.isEmpty() || serverName.contains(u'/') || serverName.startsWith(u'{'))
        return {};
    return m_document.value(u"paths"_s)
        .toObject()
        .value(u"/sandbox/"_s + serverName + u"/{sandbox_id}/initialize"_s)
        .toObject()
        .value(u"post"_s)
        .toObject()
        .value(u"requestBody"_s)
        .toObject()
        .value(u"content"_s)
        .toObject()
        .value(u"application/json"_s)
        .toObject()
        .value(u"schema"_s)
        .toObject();
}

QList<JsonSchemaViolation> ServerDataSchema::check(const QString &serverName, const QJsonValue &body) const
{
    const QJsonObject schema = requestSchema(serverName);
    if (schema.isEmpty())
        return {};
    return JsonSchemaValidator(m_document).validate(body, schema);
}
