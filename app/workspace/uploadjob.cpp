#include "workspace/uploadjob.h"

#include "api/apicall.h"
#include "api/klavislocalsandboxservice.h"
#include "api/urlpolicy.h"
#include "workspace/bytesize.h"
#include "workspace/diskworker.h"
#include "workspace/objectstorereply.h"
#include "workspace/workspacearchiver.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

constexpr int maxPutAttempts = 3;
constexpr int maxUrlRequests = 2; // the first URL, and one fresh one after a refusal

QString displayName(const QStringList &sources)
{
    if (sources.isEmpty())
        return u"(nothing)"_s;
    if (sources.size() == 1)
        return QFileInfo(sources.first()).fileName();
    // A named count: lupdate hangs on an expression with an operator as the count argument.
    const int more = int(sources.size()) - 1;
    return QCoreApplication::translate("UploadJob", "%1 and %n more", nullptr, more)
        .arg(QFileInfo(sources.first()).fileName());
}

QString sentence(const QString &text)
{
    return text.endsWith(u'.') ? text : QString(text + u'.');
}

bool isArchiveAsItIs(const QStringList &sources)
{
    if (sources.size() != 1 || !QFileInfo(sources.first()).isFile())
        return false;
    const QString name = sources.first().toLower();
    return name.endsWith(u".tar.gz"_s) || name.endsWith(u".tgz"_s);
}

} // namespace

UploadJob::UploadJob(KlavisLocalSandboxService *service, QNetworkAccessManager *network,
                     const QString &localSandboxId, const QString &region, const QStringList &sources,
                     QObject *parent)
    : TransferJob(Direction::Upload, localSandboxId, displayName(sources), parent), m_service(service),
      m_network(network), m_region(region), m_sources(sources)
{}

UploadJob::~UploadJob()
{
    // The archiver's worker writes into our temporary folder: it must stop before the folder goes.
    delete m_archiver;
    m_archiver = nullptr;
    cleanUp();
}

TransferJob *UploadJob::clone(QObject *parent) const
{
    auto *job = new UploadJob(m_service, m_network, sandboxId(), m_region, m_sources, parent);
    job->setRetryBaseDelayMs(m_retryBaseDelayMs);
    return job;
}

void UploadJob::start()
{
    if (m_sources.isEmpty()) {
        fail(QCoreApplication::translate("UploadJob", "Nothing to upload: choose a folder or files."),
             FailureKind::Rejected);
        return;
    }
    if (isArchiveAsItIs(m_sources)) {
        QString why;
        if (!WorkspaceArchiver::isGzipTar(m_sources.first(), &why)) {
            fail(QCoreApplication::translate(
                     "UploadJob", "Not uploaded: %1 Drop the folder itself, or a real .tar.gz archive.")
                     .arg(sentence(why)),
                 FailureKind::Rejected);
            return;
        }
        // Sent as it is: the whole bar is the upload, and the sandbox's unpacking at the end.
        setPhaseWeights({{State::Uploading, 0.95}, {State::Initializing, 0.05}});
        m_archivePath = m_sources.first();
        requestUrl();
        return;
    }
    // Packing reads and compresses every byte, the upload sends the compressed ones: about as long as each
    // other on a fast disk and an ordinary uplink. The sandbox's unpacking is short.
    setPhaseWeights({{State::Packing, 0.35}, {State::Uploading, 0.6}, {State::Initializing, 0.05}});
    pack();
}

void UploadJob::pack()
{
    setState(State::Packing);
    m_tempDir = std::make_unique<QTemporaryDir>(QDir::tempPath() + u"/sandboxdeck-upload-XXXXXX"_s);
    if (!m_tempDir->isValid()) {
        fail(QCoreApplication::translate("UploadJob",
                                         "Could not create a temporary folder in %1 to pack the workspace.")
                 .arg(QDir::tempPath()),
             FailureKind::Local);
        return;
    }
    m_archiver = new WorkspaceArchiver(this);
    connect(m_archiver, &WorkspaceArchiver::progress, this, &UploadJob::setProgress);
    connect(m_archiver, &WorkspaceArchiver::finished, this, [this](const PackResult &result) {
        if (m_cancelled || result.cancelled) {
            cleanUp();
            markCancelled();
            return;
        }
        if (!result.ok) {
            cleanUp();
            fail(QCoreApplication::translate("UploadJob", "Could not pack the workspace: %1")
                     .arg(result.error),
                 FailureKind::Local);
            return;
        }
        m_archivePath = result.archivePath;
        requestUrl();
    });
    m_archiver->start(m_sources, m_tempDir->filePath(u"workspace.tar.gz"_s));
}

void UploadJob::requestUrl()
{
    setState(State::Requesting);
    ++m_urlRequests;
    m_call = m_service->uploadUrl(sandboxId(), m_region, this, [this](const ApiResult<SignedUrl> &result) {
        if (m_cancelled)
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
        const qint64 size = QFileInfo(m_archivePath).size();
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
    ++m_putAttempts;
    auto *file = new QFile(m_archivePath, this);
    if (!file->open(QIODevice::ReadOnly)) {
        const QString reason = file->errorString();
        delete file;
        cleanUp();
        fail(QCoreApplication::translate("UploadJob", "Could not read %1: %2").arg(m_archivePath, reason),
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
    connect(m_reply, &QNetworkReply::finished, this, &UploadJob::onPutFinished);
}

void UploadJob::onPutFinished()
{
    QNetworkReply *reply = m_reply;
    if (!reply)
        return;
    reply->deleteLater();
    m_reply = nullptr;
    if (m_cancelled)
        return;
    const auto answer = ObjectStoreReply::classify(reply, reply->readAll());
    switch (answer.outcome()) {
    case ObjectStoreReply::Outcome::Success:
        initialize();
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
                if (!m_cancelled)
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
    m_call = m_service->initialize(
        sandboxId(), m_region, this, [this](const ApiResult<SandboxActionResult> &result) {
            if (m_cancelled)
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

void UploadJob::cancel()
{
    if (isFinished() || isFinishing() || m_cancelled)
        return;
    m_cancelled = true;
    if (m_archiver && m_archiver->isRunning()) {
        m_archiver->cancel(); // finished() arrives and completes the cancel
        return;
    }
    if (m_call)
        m_call->abort();
    if (m_reply)
        m_reply->abort();
    cleanUp();
    markCancelled();
}

void UploadJob::cleanUp()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    // Only our own packed archive goes, on a worker; a .tar.gz the user dropped stays where it was.
    DiskWorker::remove(this, std::move(m_tempDir));
}

void UploadJob::cleanUpThen(std::function<void()> end)
{
    std::unique_ptr<QTemporaryDir> folder = std::move(m_tempDir);
    cleanUp();
    finishAfterRemoving(std::move(folder), std::move(end));
}
