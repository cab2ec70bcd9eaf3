#include "emulator/klavis/providerspec.h"

#include <QFile>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Emulator {

const ProviderSpec &ProviderSpec::instance()
{
    static const ProviderSpec spec([] {
        QFile file(u":/provider/klavis-sandbox-openapi.json"_s);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("the emulator's embedded OpenAPI file is missing");
        return QJsonDocument::fromJson(file.readAll()).object();
    }());
    return spec;
}

ProviderSpec::ProviderSpec(QJsonObject document) : m_document(std::move(document)), m_validator(m_document) {}

QString ProviderSpec::prefix(Scope scope)
{
    return scope == Scope::Sandbox ? u"/sandbox/"_s : u"/local-sandbox/"_s;
}

QStringList ProviderSpec::dataServers(Scope scope) const
{
    static const QString initializeTail = u"/{sandbox_id}/initialize"_s;
    QStringList servers;
    const QJsonObject paths = m_document.value(u"paths"_s).toObject();
    for (auto it = paths.constBegin(); it != paths.constEnd(); ++it) {
        const QString &path = it.key();
        if (!path.startsWith(prefix(scope)) || !path.endsWith(initializeTail))
            continue;
        const QString server =
            path.mid(prefix(scope).size(), path.size() - prefix(scope).size() - initializeTail.size());
        if (server.contains(u'/') || server.startsWith(u'{'))
            continue;
        if (paths.contains(prefix(scope) + server + u"/{sandbox_id}/dump"_s))
            servers.append(server);
    }
    servers.sort();
    return servers;
}

bool ProviderSpec::hasData(Scope scope, const QString &server) const
{
    return !server.contains(u'/') && !server.startsWith(u'{') &&
           !operation(scope, server, u"initialize"_s, u"post"_s).isEmpty() &&
           !operation(scope, server, u"dump"_s, u"get"_s).isEmpty();
}

QJsonObject ProviderSpec::operation(Scope scope, const QString &server, const QString &action,
                                    const QString &method) const
{
    return m_document.value(u"paths"_s)
        .toObject()
        .value(prefix(scope) + server + u"/{sandbox_id}/"_s + action)
        .toObject()
        .value(method)
        .toObject();
}

QJsonObject ProviderSpec::requestSchema(Scope scope, const QString &server) const
{
    return operation(scope, server, u"initialize"_s, u"post"_s)
        .value(u"requestBody"_s)
        .toObject()
        .value(u"content"_s)
        .toObject()
        .value(u"application/json"_s)
        .toObject()
        .value(u"schema"_s)
        .toObject();
}

QJsonObject ProviderSpec::dataSchema(Scope scope, const QString &server) const
{
    const QJsonObject request = requestSchema(scope, server);
    for (const auto &branch : request.value(u"anyOf"_s).toArray()) {
        QJsonObject target = m_validator.resolved(branch.toObject());
        if (target.value(u"type"_s) != u"null"_s)
            return target;
    }
    return m_validator.resolved(request);
}

QJsonValue ProviderSpec::defaultData(Scope scope, const QString &server) const
{
    return operation(scope, server, u"initialize"_s, u"post"_s)
        .value(u"requestBody"_s)
        .toObject()
        .value(u"content"_s)
        .toObject()
        .value(u"application/json"_s)
        .toObject()
        .value(u"examples"_s)
        .toObject()
        .value(u"default"_s)
        .toObject()
        .value(u"value"_s);
}

QJsonObject ProviderSpec::dumpSchema(Scope scope, const QString &server) const
{
    return m_validator.resolved(operation(scope, server, u"dump"_s, u"get"_s)
                                    .value(u"responses"_s)
                                    .toObject()
                                    .value(u"200"_s)
                                    .toObject()
                                    .value(u"content"_s)
                                    .toObject()
                                    .value(u"application/json"_s)
                                    .toObject()
                                    .value(u"schema"_s)
                                    .toObject());
}

QJsonObject ProviderSpec::emptyData(Scope scope, const QString &server) const
{
    const QJsonObject data =
        dumpSchema(scope, server).value(u"properties"_s).toObject().value(u"data"_s).toObject();
    return minimalValue(data, 0).toObject();
}

// Required properties only, each at its smallest: what a fresh account of that service holds.
QJsonValue ProviderSpec::minimalValue(const QJsonObject &schema, int depth) const
{
    const QJsonObject target = m_validator.resolved(schema);
    if (depth > 16)
        return QJsonValue(QJsonValue::Null);
    if (target.contains(u"anyOf"_s)) {
        const QJsonArray branches = target.value(u"anyOf"_s).toArray();
        for (const auto &branch : branches) {
            if (m_validator.resolved(branch.toObject()).value(u"type"_s) == u"null"_s)
                return QJsonValue(QJsonValue::Null);
        }
        return branches.isEmpty() ? QJsonValue() : minimalValue(branches.first().toObject(), depth + 1);
    }
    const QString type = target.value(u"type"_s).toString();
    if (type == u"string")
        return target.value(u"enum"_s).toArray().isEmpty() ? QJsonValue(QString())
                                                           : target.value(u"enum"_s).toArray().first();
    if (type == u"integer" || type == u"number")
        return target.contains(u"minimum"_s) ? target.value(u"minimum"_s) : QJsonValue(0);
    if (type == u"boolean")
        return false;
    if (type == u"array")
        return QJsonArray();
    QJsonObject object;
    const QJsonObject properties = target.value(u"properties"_s).toObject();
    for (const auto &name : target.value(u"required"_s).toArray())
        object.insert(name.toString(), minimalValue(properties.value(name.toString()).toObject(), depth + 1));
    return object;
}

} // namespace Emulator
