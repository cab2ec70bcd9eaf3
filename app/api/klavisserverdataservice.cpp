#include "api/klavisserverdataservice.h"

#include "api/klavisdecoder.h"
#include "api/serverdatadecoder.h"
#include "api/servicedispatch.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

QString dataPath(const QString &serverName, const QString &sandboxId, const QString &action)
{
    return u"/sandbox/"_s + ApiRequest::encodeSegment(serverName) + u'/' +
           ApiRequest::encodeSegment(sandboxId) + u'/' + action;
}

QByteArray compact(const QJsonValue &value)
{
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    // A scalar body is the server's to refuse (422); QJsonDocument cannot hold one, so it is written by hand.
    QJsonArray wrapper{value};
    const QByteArray text = QJsonDocument(wrapper).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2);
}

} // namespace

KlavisServerDataService::KlavisServerDataService(HttpTransport *transport, QObject *parent)
    : QObject(parent), m_transport(transport)
{}

ApiCall *KlavisServerDataService::initialize(const QString &serverName, const QString &sandboxId,
                                             const QJsonValue &data, QObject *context,
                                             ResultHandler<SandboxActionResult> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Post;
    api.path = dataPath(serverName, sandboxId, u"initialize"_s);
    api.jsonBody = compact(data);
    // Seeding twice may add the data twice: only an answer says it went through once.
    api.idempotent = false;
    return dispatchCall<SandboxActionResult>(m_transport, api, context, std::move(done),
                                             &KlavisDecoder::actionResult);
}

ApiCall *KlavisServerDataService::initializeDefault(const QString &serverName, const QString &sandboxId,
                                                    QObject *context, ResultHandler<SandboxActionResult> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Post;
    api.path = dataPath(serverName, sandboxId, u"initialize"_s);
    api.query.addQueryItem(u"init_default_data"_s, u"true"_s);
    api.idempotent = false;
    return dispatchCall<SandboxActionResult>(m_transport, api, context, std::move(done),
                                             &KlavisDecoder::actionResult);
}

ApiCall *KlavisServerDataService::dump(const QString &serverName, const QString &sandboxId, QObject *context,
                                       ResultHandler<ServerDataDump> done)
{
    ApiRequest api;
    api.path = dataPath(serverName, sandboxId, u"dump"_s);
    api.maxResponseBytes = maxDumpBytes;
    return dispatchCall<ServerDataDump>(m_transport, api, context, std::move(done), &ServerDataDecoder::dump);
}
