#pragma once

#include "json/jsonschemavalidator.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace Emulator {

// The provider's full OpenAPI file, embedded (:/provider/klavis-sandbox-openapi.json): which servers have
// per-server data paths, the body schema each initialize validates against, its default data and the dump
// answer's schema. Nothing is listed by hand: a server the file gains is served without a code change.
class ProviderSpec
{
public:
    enum class Scope
    {
        Sandbox,     // /sandbox/{server}/{sandbox_id}/...
        LocalSandbox // /local-sandbox/{server}/{sandbox_id}/...
    };

    static const ProviderSpec &instance(); // loaded once, on first use
    explicit ProviderSpec(QJsonObject document);

    const QJsonObject &document() const { return m_document; }
    const JsonSchemaValidator &validator() const { return m_validator; }

    // Sorted server names with an initialize and a dump path.
    QStringList dataServers(Scope scope) const;
    bool hasData(Scope scope, const QString &server) const;
    QJsonObject requestSchema(Scope scope, const QString &server) const; // anyOf [XData-Input, null]
    QJsonObject dataSchema(Scope scope, const QString &server) const;    // XData-Input, resolved
    // examples.default.value of the initialize body; undefined when the file gives none.
    QJsonValue defaultData(Scope scope, const QString &server) const;
    QJsonObject dumpSchema(Scope scope, const QString &server) const; // the 200 answer's schema, resolved
    // The smallest data object the dump schema accepts: what a sandbox holds before any initialize.
    QJsonObject emptyData(Scope scope, const QString &server) const;

private:
    static QString prefix(Scope scope);
    QJsonObject operation(Scope scope, const QString &server, const QString &action,
                          const QString &method) const;
    QJsonValue minimalValue(const QJsonObject &schema, int depth) const;

    QJsonObject m_document;
    JsonSchemaValidator m_validator;
};

} // namespace Emulator
