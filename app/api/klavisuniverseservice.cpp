#include "api/klavisuniverseservice.h"

#include "api/klavisdecoder.h"
#include "api/servicedispatch.h"
#include "api/universedecoder.h"

using namespace Qt::StringLiterals;

namespace {

QString universePath(const QString &id, const QString &suffix = {})
{
    return u"/universes/"_s + ApiRequest::encodeSegment(id) + suffix;
}

} // namespace

KlavisUniverseService::KlavisUniverseService(HttpTransport *transport, QObject *parent)
    : QObject(parent), m_transport(transport)
{}

ApiCall *KlavisUniverseService::list(QObject *context, ResultHandler<QList<Universe>> done)
{
    ApiRequest api;
    api.path = u"/universes"_s;
    api.maxResponseBytes = ApiRequest::listMaxResponseBytes;
    return dispatchCall<QList<Universe>>(m_transport, api, context, std::move(done),
                                         &UniverseDecoder::universes);
}

ApiCall *KlavisUniverseService::initialData(const QString &universeId, QObject *context,
                                            ResultHandler<QJsonValue> done)
{
    ApiRequest api;
    api.path = universePath(universeId, u"/initial_data"_s);
    api.maxResponseBytes = maxInitialDataBytes;
    return dispatchCallDecodedOffThread<QJsonValue>(m_transport, api, context, std::move(done),
                                                    &UniverseDecoder::initialData);
}

ApiCall *KlavisUniverseService::acquire(const QString &universeId, QObject *context,
                                        ResultHandler<UniverseInstance> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Post;
    api.path = universePath(universeId);
    api.idempotent = false; // a retry could hold a second instance
    api.acquire = true;
    return dispatchCall<UniverseInstance>(m_transport, api, context, std::move(done),
                                          &UniverseDecoder::instance);
}

ApiCall *KlavisUniverseService::release(const QString &instanceId, QObject *context,
                                        ResultHandler<SandboxActionResult> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Post;
    api.path = universePath(instanceId, u"/release"_s);
    // Not repeated: once released, the instance may be someone else's by the time a retry arrives.
    api.idempotent = false;
    return dispatchCall<SandboxActionResult>(m_transport, api, context, std::move(done),
                                             &KlavisDecoder::actionResult);
}

ApiCall *KlavisUniverseService::task(const QString &universeId, const QString &taskNumber, QObject *context,
                                     ResultHandler<UniverseTask> done)
{
    ApiRequest api;
    api.path = universePath(universeId, u"/tasks/"_s + ApiRequest::encodeSegment(taskNumber));
    return dispatchCall<UniverseTask>(m_transport, api, context, std::move(done), &UniverseDecoder::task);
}

ApiCall *KlavisUniverseService::verify(const QString &instanceId, const QString &taskNumber, QObject *context,
                                       ResultHandler<TaskVerdict> done)
{
    ApiRequest api;
    api.method = ApiRequest::Method::Post;
    api.path = universePath(instanceId, u"/tasks/"_s + ApiRequest::encodeSegment(taskNumber) + u"/verify"_s);
    // Verifying reads the instance's data and changes nothing: asking twice is safe.
    api.idempotent = true;
    return dispatchCall<TaskVerdict>(m_transport, api, context, std::move(done), &UniverseDecoder::verdict);
}
