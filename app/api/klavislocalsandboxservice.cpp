#include "api/klavislocalsandboxservice.h"

#include "api/klavisdecoder.h"
#include "api/servicedispatch.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

QString localPath(const QString &localSandboxId, const QString &suffix = {})
{
    return u"/local-sandbox/"_s + ApiRequest::encodeSegment(localSandboxId) + suffix;
}

QByteArray acquireBody(const LocalAcquireRequest &request)
{
    QJsonObject body;
    if (request.allServers)
        body.insert(u"server_names"_s, u"ALL"_s);
    else
        body.insert(u"server_names"_s, QJsonArray::fromStringList(request.serverNames));
    if (!request.benchmark.isEmpty())
        body.insert(u"benchmark"_s, request.benchmark);
    if (!request.testAccountEmail.isEmpty())
        body.insert(u"test_account_email"_s, request.testAccountEmail);
    if (request.noAutoRelease)
        body.insert(u"ttl_seconds"_s, QJsonValue::Null);
    else if (request.ttlSeconds)
        body.insert(u"ttl_seconds"_s, *request.ttlSeconds);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

ApiRequest regionRequest(ApiRequest::Method method, const QString &path, const QString &region)
{
    ApiRequest api;
    api.method = method;
    api.path = path;
    if (!region.isEmpty())
        api.query.addQueryItem(u"region"_s, region);
    return api;
}

} // namespace

KlavisLocalSandboxService::KlavisLocalSandboxService(HttpTransport *transport, QObject *parent)
    : QObject(parent), m_transport(transport)
{}

ApiCall *KlavisLocalSandboxService::acquire(const LocalAcquireRequest &request, QObject *context,
                                            ResultHandler<LocalSandbox> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Post;
    api.path = u"/local-sandbox"_s;
    api.jsonBody = acquireBody(request);
    api.idempotent = false; // a retry could occupy a second VM
    api.acquire = true;
    return dispatchCall<LocalSandbox>(m_transport, api, context, std::move(done),
                                      &KlavisDecoder::localSandbox);
}

ApiCall *KlavisLocalSandboxService::details(const QString &localSandboxId, QObject *context,
                                            ResultHandler<LocalSandbox> done)
{
    ApiRequest api;
    api.path = localPath(localSandboxId);
    return dispatchCall<LocalSandbox>(m_transport, api, context, std::move(done),
                                      &KlavisDecoder::localSandbox);
}

ApiCall *KlavisLocalSandboxService::list(QObject *context, ResultHandler<LocalSandboxList> done)
{
    ApiRequest api;
    api.path = u"/local-sandbox"_s;
    api.maxResponseBytes = ApiRequest::listMaxResponseBytes;
    return dispatchCall<LocalSandboxList>(m_transport, api, context, std::move(done),
                                          &KlavisDecoder::localSandboxList);
}

ApiCall *KlavisLocalSandboxService::release(const QString &localSandboxId, QObject *context,
                                            ResultHandler<SandboxActionResult> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Delete;
    api.path = localPath(localSandboxId);
    return dispatchCall<SandboxActionResult>(m_transport, api, context, std::move(done),
                                             &KlavisDecoder::actionResult);
}

ApiCall *KlavisLocalSandboxService::reset(const QString &localSandboxId, QObject *context,
                                          ResultHandler<SandboxActionResult> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Post;
    api.path = localPath(localSandboxId, u"/reset"_s);
    return dispatchCall<SandboxActionResult>(m_transport, api, context, std::move(done),
                                             &KlavisDecoder::actionResult);
}

ApiCall *KlavisLocalSandboxService::uploadUrl(const QString &localSandboxId, const QString &region,
                                              QObject *context, ResultHandler<SignedUrl> done)
{
    const auto api =
        regionRequest(ApiRequest::Method::Post, localPath(localSandboxId, u"/upload-url"_s), region);
    return dispatchCall<SignedUrl>(m_transport, api, context, std::move(done), [](const QByteArray &body) {
        return KlavisDecoder::signedUrl(body, u"upload_url"_s);
    });
}

ApiCall *KlavisLocalSandboxService::initialize(const QString &localSandboxId, const QString &region,
                                               QObject *context, ResultHandler<SandboxActionResult> done)
{
    auto api = regionRequest(ApiRequest::Method::Post, localPath(localSandboxId, u"/initialize"_s), region);
    // Unpacking the same uploaded archive twice gives the same workspace.
    api.idempotent = true;
    return dispatchCall<SandboxActionResult>(m_transport, api, context, std::move(done),
                                             &KlavisDecoder::actionResult);
}

ApiCall *KlavisLocalSandboxService::dumpUrl(const QString &localSandboxId, const QString &region,
                                            QObject *context, ResultHandler<SignedUrl> done)
{
    const auto api = regionRequest(ApiRequest::Method::Get, localPath(localSandboxId, u"/dump"_s), region);
    return dispatchCall<SignedUrl>(m_transport, api, context, std::move(done), [](const QByteArray &body) {
        return KlavisDecoder::signedUrl(body, u"download_url"_s);
    });
}
