#include "api/klavisexecutionservice.h"

#include "api/executiondecoder.h"
#include "api/klavisdecoder.h"
#include "api/servicedispatch.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

ApiRequest executionRequest(ApiRequest::Method method, const QString &localSandboxId, const QString &suffix)
{
    ApiRequest api;
    api.method = method;
    api.path = u"/local-sandbox/"_s + ApiRequest::encodeSegment(localSandboxId) + suffix;
    return api;
}

// POST calls carry the name in the body and the region in the query.
ApiRequest namedPost(const QString &localSandboxId, const QString &suffix, const QString &executionName,
                     const QString &region)
{
    auto api = executionRequest(ApiRequest::Method::Post, localSandboxId, suffix);
    api.jsonBody =
        QJsonDocument(QJsonObject{{u"execution_name"_s, executionName}}).toJson(QJsonDocument::Compact);
    if (!region.isEmpty())
        api.query.addQueryItem(u"region"_s, region);
    return api;
}

// GET calls carry the name in the query.
ApiRequest namedGet(const QString &localSandboxId, const QString &suffix, const QString &executionName)
{
    auto api = executionRequest(ApiRequest::Method::Get, localSandboxId, suffix);
    api.query.addQueryItem(u"execution_name"_s, QString::fromLatin1(QUrl::toPercentEncoding(executionName)));
    return api;
}

} // namespace

KlavisExecutionService::KlavisExecutionService(HttpTransport *transport, QObject *parent)
    : QObject(parent), m_transport(transport)
{}

ApiCall *KlavisExecutionService::uploadUrl(const QString &localSandboxId, const QString &executionName,
                                           const QString &region, QObject *context,
                                           ResultHandler<SignedUrl> done)
{
    auto api = namedPost(localSandboxId, u"/execution-upload-url"_s, executionName, region);
    // A second signed URL for the same name is as good as the first.
    api.idempotent = true;
    return dispatchCall<SignedUrl>(m_transport, api, context, std::move(done), [](const QByteArray &body) {
        return KlavisDecoder::signedUrl(body, u"upload_url"_s);
    });
}

ApiCall *KlavisExecutionService::execute(const QString &localSandboxId, const QString &executionName,
                                         const QString &region, QObject *context,
                                         ResultHandler<ExecutionStarted> done)
{
    auto api = namedPost(localSandboxId, u"/execute"_s, executionName, region);
    // Not retried: a start that reached the server and lost its answer would run the script twice (or be
    // refused with a 409 that hides the first run).
    api.idempotent = false;
    return dispatchCall<ExecutionStarted>(m_transport, api, context, std::move(done),
                                          &ExecutionDecoder::started);
}

ApiCall *KlavisExecutionService::status(const QString &localSandboxId, const QString &executionName,
                                        QObject *context, ResultHandler<ExecutionStatus> done)
{
    const auto api = namedGet(localSandboxId, u"/execution-status"_s, executionName);
    return dispatchCall<ExecutionStatus>(m_transport, api, context, std::move(done),
                                         &ExecutionDecoder::status);
}

ApiCall *KlavisExecutionService::logs(const QString &localSandboxId, const QString &executionName,
                                      qint64 cursor, QObject *context, ResultHandler<ExecutionLogChunk> done)
{
    auto api = namedGet(localSandboxId, u"/execution-logs"_s, executionName);
    api.query.addQueryItem(u"cursor"_s, QString::number(cursor));
    api.maxResponseBytes = maxLogsReplyBytes;
    // A reply holds up to a MiB of log, escaped into several MiB of JSON: parsed on the GUI thread it
    // would cost a frame while a console streams.
    return dispatchCallDecodedOffThread<ExecutionLogChunk>(
        m_transport, api, context, std::move(done),
        [cursor](const QByteArray &body) { return ExecutionDecoder::logChunk(body, cursor); });
}

ApiCall *KlavisExecutionService::exportArtifacts(const QString &localSandboxId, const QString &executionName,
                                                 const QString &region, QObject *context,
                                                 ResultHandler<SignedUrl> done)
{
    auto api = namedPost(localSandboxId, u"/export-artifacts"_s, executionName, region);
    // Packing the same finished folder again gives the same archive.
    api.idempotent = true;
    return dispatchCall<SignedUrl>(m_transport, api, context, std::move(done), [](const QByteArray &body) {
        return KlavisDecoder::signedUrl(body, u"download_url"_s);
    });
}
