#include "workspace/uploadjob.h"

#include "api/apicall.h"
#include "api/klavislocalsandboxservice.h"
#include "api/urlpolicy.h"
#include "workspace/bytesize.h"
#include "workspace/objectstorereply.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

constexpr int maxPutAttempts = 3;
constexpr int maxUrlRequests = 2; // the first URL, and one fresh one after a refusal
// A store answers a PUT with nothing or a short XML error: more than this is not an answer to read.
constexpr qint64 maxStoreReplyBytes = qint64{1} << 20;

} // namespace

UploadJob::UploadJob(KlavisLocalSandboxService *service, QNetworkAccessManager *network,
                     const QString &localSandboxId, const QString &region, const QStringList &sources,
                     QObject *parent)
    : WorkspaceUploadJob(localSandboxId, sources, parent), m_service(service),
      m_requestUrl([service, localSandboxId, region](QObject *context, ResultHandler<SignedUrl> done) {
          return service->uploadUrl(localSandboxId, region, context, std::move(done));
      }),
      m_network(network), m_region(region)
{}

UploadJob::UploadJob(SignedUrlRequest requestUrl, QNetworkAccessManager *network, const QString &sandboxId,
                     const QStringList &sources, QObject *parent)
    : WorkspaceUploadJob(sandboxId, sources, parent), m_service(nullptr), m_requestUrl(std::move(requestUrl)),
      m_network(network)
{}

UploadJob::~UploadJob()
{
    stopTransfer();
}

TransferJob *UploadJob::clone(QObject *parent) const
{
    auto *job = m_service ? new UploadJob(m_service, m_network, sandboxId(), m_region, sources(), parent)
                          : new UploadJob(m_requestUrl, m_network, sandboxId(), sources(), parent);
    job->setRetryBaseDelayMs(m_retryBaseDelayMs);
    job->setLimits(limits());
    return job;
}

QList<QPair<TransferJob::State, double>> UploadJob::phaseWeights(bool packed) const
{
    // Packing reads and compresses every byte, the upload sends the compressed ones: about as long as each
    // other on a fast disk and an ordinary uplink. The sandbox's unpacking is short.
    if (!m_service)
        return packed ? QList<QPair<State, double>>{{State::Packing, 0.35}, {State::Uploading, 0.65}}
                      : QList<QPair<State, double>>{{State::Uploading, 1.0}};
    if (packed)
        return {{State::Packing, 0.35}, {State::Uploading, 0.6}, {State::Initializing, 0.05}};
    // Sent as it is: the whole bar is the upload, and the sandbox's unpacking at the end.
    return {{State::Uploading, 0.95}, {State::Initializing, 0.05}};
}

void UploadJob::requestUrl()
{
    setState(State::Requesting);
    if (isCancelling())
        return; // cancelled by someone watching the state: nothing more is sent
    ++m_urlRequests;
    m_call = m_requestUrl(this, [this](const ApiResult<SignedUrl> &result) {
        if (isCancelling())
            return;
        if (!result) {
            cleanUp();
            fail(ObjectStoreReply::redacted(
                     QCoreApplication::translate("UploadJob", "Could not get an upload URL: %1")
                         .arg(result.error().fullText())),
                 failureKindOf(result.error()));
            return;
        }
        // Qt's file backend takes a PUT as a write: a file: URL from the server would overwrite a local file.
        if (const QString problem = UrlPolicy::checkSignedUrl(result.value().url); !problem.isEmpty()) {
            cleanUp();
            fail(QCoreApplication::translate("UploadJob", "The upload was refused: %1").arg(problem),
                 FailureKind::Policy);
            return;
        }
        m_url = result.value();
        // Checked before the PUT: a limit the server states must not be learnt after the bytes went up.
        const qint64 size = QFileInfo(archivePath()).size();
        if (m_url.maxUploadBytes >= 0 && size > m_url.maxUploadBytes) {
            cleanUp();
            fail(QCoreApplication::translate(
                     "UploadJob",
                     "Not uploaded: the archive is %1, and the server takes at most %2 per upload. Upload "
                     "fewer or smaller files.")
                     .arg(ByteSize::text(size), ByteSize::text(m_url.maxUploadBytes)),
                 FailureKind::Policy);
            return;
        }
        m_putAttempts = 0;
        put();
    });
}

void UploadJob::put()
{
    setState(State::Uploading);
    if (isCancelling())
        return;
    ++m_putAttempts;
    auto *file = new QFile(archivePath(), this);
    if (!file->open(QIODevice::ReadOnly)) {
        const QString reason = file->errorString();
        delete file;
        cleanUp();
        fail(QCoreApplication::translate("UploadJob", "Could not read %1: %2").arg(archivePath(), reason),
             FailureKind::Local);
        return;
    }
    setProgress(0, file->size());
    // A signed URL carries its own authorisation: the API key must never go there.
    QNetworkRequest request(m_url.url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/gzip"));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(60'000);
    // From a QFile, Qt streams the body with a Content-Length instead of buffering it.
    m_reply = m_network->put(request, file);
    // The file lives exactly as long as the reply: Qt's HTTP thread asks the reply for more body through
    // queued calls, and one can still arrive after an abort() and finished(). Deleting the file then
    // crashed a cancel in the middle of an upload.
    file->setParent(m_reply);
    connect(m_reply, &QNetworkReply::uploadProgress, this, [this](qint64 sent, qint64 total) {
        if (total > 0)
            setProgress(sent, total);
    });
    connect(m_reply, &QNetworkReply::downloadProgress, this, [this](qint64 received, qint64) {
        if (received > maxStoreReplyBytes && m_reply) {
            m_storeReplyTooLarge = true;
            m_reply->abort(); // onPutFinished reports it
        }
    });
    connect(m_reply, &QNetworkReply::finished, this, &UploadJob::onPutFinished);
}

void UploadJob::onPutFinished()
{
    QNetworkReply *reply = m_reply;
    if (!reply)
        return;
    reply->deleteLater();
    m_reply = nullptr;
    if (isCancelling())
        return;
    if (m_storeReplyTooLarge) {
        cleanUp();
        fail(QCoreApplication::translate("UploadJob",
                                         "The upload failed: the storage answered with more than %1 and was "
                                         "cut off. Retry the upload; if it keeps failing, the provider's "
                                         "storage is misbehaving.")
                 .arg(ByteSize::text(maxStoreReplyBytes)),
             FailureKind::Transient);
        return;
    }
    const auto answer = ObjectStoreReply::classify(reply, reply->readAll());
    switch (answer.outcome()) {
    case ObjectStoreReply::Outcome::Success:
        if (m_service)
            initialize();
        else
            cleanUpThen([this] { succeed(); });
        return;
    case ObjectStoreReply::Outcome::UrlRefused:
        if (m_urlRequests < maxUrlRequests) {
            requestUrl();
            return;
        }
        cleanUp();
        fail(QCoreApplication::translate(
                 "UploadJob",
                 "The upload failed: the storage refused a fresh upload URL too. %1 Retry the upload; if it "
                 "keeps failing, the provider's storage is rejecting uploads.")
                 .arg(answer.message()),
             FailureKind::UrlExpired);
        return;
    case ObjectStoreReply::Outcome::Transient:
        if (m_putAttempts < maxPutAttempts) {
            QTimer::singleShot(m_retryBaseDelayMs << (m_putAttempts - 1), this, [this] {
                if (!isCancelling())
                    put();
            });
            return;
        }
        cleanUp();
        fail(QCoreApplication::translate(
                 "UploadJob",
                 "The upload failed after %1 attempts. %2 Check the network connection and retry.")
                 .arg(QString::number(m_putAttempts), answer.message()),
             FailureKind::Transient);
        return;
    case ObjectStoreReply::Outcome::Final:
        break;
    }
    cleanUp();
    // The store's answer is final (a 4xx it would give again): its status is no longer a question.
    fail(QCoreApplication::translate("UploadJob", "The upload failed. %1").arg(answer.message()),
         FailureKind::Rejected);
}

void UploadJob::initialize()
{
    setState(State::Initializing);
    if (isCancelling())
        return; // cancelled by someone watching the state: the unpack is never asked for
    markUnpackRequested();
    m_call = m_service->initialize(
        sandboxId(), m_region, this, [this](const ApiResult<SandboxActionResult> &result) {
            if (isCancelling())
                return;
            if (!result) {
                cleanUp();
                fail(ObjectStoreReply::redacted(
                         QCoreApplication::translate(
                             "UploadJob", "The archive was uploaded but the sandbox could not unpack it. %1")
                             .arg(result.error().fullText())),
                     failureKindOf(result.error()));
                return;
            }
            // The packed archive, as big as the workspace, goes on a worker: unlinking it takes a while.
            cleanUpThen([this] { succeed(); });
        });
}

void UploadJob::abortSending()
{
    if (m_call)
        m_call->abort();
    if (m_reply)
        m_reply->abort();
}

void UploadJob::stopTransfer()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
}
