#include "api/klavissandboxservice.h"

#include "api/klavisdecoder.h"
#include "api/servicedispatch.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

QString sandboxPath(const QString &serverName, const QString &sandboxId)
{
    return u"/sandbox/"_s + ApiRequest::encodeSegment(serverName) + u'/' +
           ApiRequest::encodeSegment(sandboxId);
}

QByteArray acquireBody(const AcquireRequest &request)
{
    QJsonObject body;
    if (!request.benchmark.isEmpty())
        body.insert(u"benchmark"_s, request.benchmark);
    if (!request.testAccountEmail.isEmpty())
        body.insert(u"test_account_email"_s, request.testAccountEmail);
    if (!request.tag.isEmpty())
        body.insert(u"tag"_s, request.tag);
    if (request.noAutoRelease)
        body.insert(u"ttl_seconds"_s, QJsonValue::Null);
    else if (request.ttlSeconds)
        body.insert(u"ttl_seconds"_s, *request.ttlSeconds);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

} // namespace

KlavisSandboxService::KlavisSandboxService(HttpTransport *transport, QObject *parent)
    : QObject(parent), m_transport(transport)
{}

ApiCall *KlavisSandboxService::acquire(const AcquireRequest &request, QObject *context,
                                       ResultHandler<AcquiredSandbox> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Post;
    api.path = u"/sandbox/"_s + ApiRequest::encodeSegment(request.serverName);
    api.jsonBody = acquireBody(request);
    api.idempotent = false; // a retry could occupy a second sandbox
    api.acquire = true;
    return dispatchCall<AcquiredSandbox>(m_transport, api, context, std::move(done),
                                         &KlavisDecoder::acquiredSandbox);
}

ApiCall *KlavisSandboxService::details(const QString &serverName, const QString &sandboxId, QObject *context,
                                       ResultHandler<SandboxDetails> done)
{
    ApiRequest api;
    api.path = sandboxPath(serverName, sandboxId);
    return dispatchCall<SandboxDetails>(m_transport, api, context, std::move(done),
                                        &KlavisDecoder::sandboxDetails);
}

namespace {

ApiRequest listRequest(const SandboxFilter &filter)
{
    ApiRequest api;
    api.path = u"/sandbox"_s;
    api.maxResponseBytes = ApiRequest::listMaxResponseBytes; // a whole account's sandboxes
    if (!filter.tag.isEmpty())
        api.query.addQueryItem(u"tag"_s, QString::fromLatin1(QUrl::toPercentEncoding(filter.tag)));
    if (!filter.serverName.isEmpty())
        api.query.addQueryItem(u"server_name"_s,
                               QString::fromLatin1(QUrl::toPercentEncoding(filter.serverName)));
    return api;
}

} // namespace

ApiCall *KlavisSandboxService::list(const SandboxFilter &filter, QObject *context,
                                    ResultHandler<SandboxList> done)
{
    return dispatchCall<SandboxList>(m_transport, listRequest(filter), context, std::move(done),
                                     &KlavisDecoder::sandboxList);
}

ApiCall *KlavisSandboxService::listDecodedOffThread(const SandboxFilter &filter, QObject *context,
                                                    ResultHandler<SandboxList> done)
{
    return dispatchCallDecodedOffThread<SandboxList>(m_transport, listRequest(filter), context,
                                                     std::move(done), &KlavisDecoder::sandboxList);
}

ApiCall *KlavisSandboxService::release(const QString &serverName, const QString &sandboxId, QObject *context,
                                       ResultHandler<SandboxActionResult> done, bool isTtl,
                                       const QString &instanceId)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Delete;
    api.path = sandboxPath(serverName, sandboxId);
    if (isTtl)
        api.query.addQueryItem(u"is_ttl"_s, u"true"_s);
    if (!instanceId.isEmpty())
        api.query.addQueryItem(u"instance_id"_s, QString::fromLatin1(QUrl::toPercentEncoding(instanceId)));
    return dispatchCall<SandboxActionResult>(m_transport, api, context, std::move(done),
                                             &KlavisDecoder::actionResult);
}

ApiCall *KlavisSandboxService::reset(const QString &serverName, const QString &sandboxId, QObject *context,
                                     ResultHandler<SandboxActionResult> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Post;
    api.path = sandboxPath(serverName, sandboxId) + u"/reset"_s;
    return dispatchCall<SandboxActionResult>(m_transport, api, context, std::move(done),
                                             &KlavisDecoder::actionResult);
}

ApiCall *KlavisSandboxService::prepare(const QString &benchmark, const QString &serverName, QObject *context,
                                       ResultHandler<bool> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Post;
    api.path = u"/sandbox/prepare"_s;
    if (!benchmark.isEmpty())
        api.query.addQueryItem(u"benchmark"_s, QString::fromLatin1(QUrl::toPercentEncoding(benchmark)));
    if (!serverName.isEmpty())
        api.query.addQueryItem(u"server_name"_s, QString::fromLatin1(QUrl::toPercentEncoding(serverName)));
    // Asking for capacity twice is harmless, so prepare is retried like a read.
    return dispatchCall<bool>(m_transport, api, context, std::move(done),
                              [](const QByteArray &) { return ApiResult<bool>(true); });
}
