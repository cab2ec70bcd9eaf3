#include "workspace/dumpjob.h"

#include "api/apicall.h"
#include "api/contentrange.h"
#include "api/klavislocalsandboxservice.h"
#include "api/urlpolicy.h"
#include "workspace/diskspace.h"
#include "workspace/diskworker.h"
#include "workspace/gzipendcheck.h"
#include "workspace/objectstorereply.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QSaveFile>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

constexpr int maxFailures = 5;    // dropped connections and transient errors in a row, without progress
constexpr int maxUrlRequests = 2; // the first URL, and one fresh one after a refusal
constexpr qsizetype readChunk = qsizetype{256} * 1024;
// What one turn of the event loop takes from the reply: each byte is written, inflated by the gzip check
// and hashed here, about 10 ms a MB, and the reply can hold 4 MB at once. The rest waits for the next turn.
constexpr qint64 bytesPerTurn = qint64{512} * 1024;
constexpr qint64 readBufferBytes = qint64{4} * 1024 * 1024;

} // namespace

DumpJob::DumpJob(KlavisLocalSandboxService *service, QNetworkAccessManager *network,
                 const QString &localSandboxId, const QString &region, Mode mode, const QString &targetPath,
                 QObject *parent)
    : WorkspaceDumpJob(localSandboxId, mode, targetPath, parent), m_service(service),
      m_requestUrl([service, localSandboxId, region](QObject *context, ResultHandler<SignedUrl> done) {
          return service->dumpUrl(localSandboxId, region, context, std::move(done));
      }),
      m_network(network), m_region(region)
{}

DumpJob::DumpJob(SignedUrlRequest requestUrl, QNetworkAccessManager *network, const QString &sandboxId,
                 Mode mode, const QString &targetPath, QObject *parent)
    : WorkspaceDumpJob(sandboxId, mode, targetPath, parent), m_service(nullptr),
      m_requestUrl(std::move(requestUrl)), m_network(network)
{}

DumpJob::~DumpJob()
{
    m_commit.waitForFinished(); // it works on m_file
    stopTransfer();
}

TransferJob *DumpJob::clone(QObject *parent) const
{
    auto *job = m_service
                    ? new DumpJob(m_service, m_network, sandboxId(), m_region, mode(), targetPath(), parent)
                    : new DumpJob(m_requestUrl, m_network, sandboxId(), mode(), targetPath(), parent);
    job->setRetryBaseDelayMs(m_retryBaseDelayMs);
    return job;
}

void DumpJob::start()
{
    QString archivePath = targetPath();
    if (!acceptTarget())
        return;
    if (mode() == Mode::Extract) {
        if (!makeTemporaryFolder(QDir::tempPath() + u"/sandboxdeck-dump-XXXXXX"_s)) {
            fail(QCoreApplication::translate("DumpJob",
                                             "Could not create a temporary folder in %1 for the download.")
                     .arg(QDir::tempPath()),
                 FailureKind::Local);
            return;
        }
        archivePath = temporaryFilePath(u"dump.tar.gz"_s);
        // Extracting writes every byte once more, and many small files cost more than their bytes.
        setPhaseWeights({{State::Downloading, 0.6}, {State::Extracting, 0.4}});
    } else {
        setPhaseWeights({{State::Downloading, 1.0}});
    }
    if (mode() == Mode::SaveArchive)
        m_gzipCheck = std::make_unique<GzipEndCheck>();
    // QSaveFile: the target appears only on commit(), and never half-written.
    m_file = std::make_unique<QSaveFile>(archivePath);
    if (!m_file->open(QIODevice::WriteOnly)) {
        const QString reason = m_file->errorString();
        cleanUp();
        fail(QCoreApplication::translate("DumpJob", "Could not write %1: %2")
                 .arg(QDir::toNativeSeparators(archivePath), reason),
             FailureKind::Local);
        return;
    }
    requestUrl();
}

void DumpJob::requestUrl()
{
    setState(State::Requesting);
    ++m_urlRequests;
    m_call = m_requestUrl(this, [this](const ApiResult<SignedUrl> &result) {
        if (isCancelling())
            return;
        if (!result) {
            cleanUp();
            fail(ObjectStoreReply::redacted(
                     QCoreApplication::translate("DumpJob", "Could not get the dump URL: %1")
                         .arg(result.error().fullText())),
                 failureKindOf(result.error()));
            return;
        }
        // Checked every time, a fresh URL on resume too: only https, or http to this machine, is fetched.
        if (const QString problem = UrlPolicy::checkSignedUrl(result.value().url); !problem.isEmpty()) {
            cleanUp();
            fail(QCoreApplication::translate("DumpJob", "The download was refused: %1").arg(problem),
                 FailureKind::Policy);
            return;
        }
        m_url = result.value();
        get();
    });
}

void DumpJob::get()
{
    setState(State::Downloading);
    QNetworkRequest request(m_url.url);
    // Without this Qt would ask for gzip and decode it: the archive must arrive byte for byte.
    request.setRawHeader("Accept-Encoding", "identity");
    if (m_written > 0)
        request.setRawHeader("Range", "bytes=" + QByteArray::number(m_written) + '-');
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(60'000);
    m_replyChecked = false;
    m_discardReply = false;
    m_reply = m_network->get(request);
    // Qt's HTTP thread otherwise reads as fast as the socket delivers and queues it all for this thread:
    // a bounded buffer lets TCP slow the sender down instead, so memory stays flat whatever the disk does.
    m_reply->setReadBufferSize(readBufferBytes);
    connect(m_reply, &QNetworkReply::readyRead, this, &DumpJob::consume);
    connect(m_reply, &QNetworkReply::finished, this, &DumpJob::onGetFinished);
}

void DumpJob::restartFromZero()
{
    m_written = 0;
    m_total = -1;
    if (m_file) {
        m_file->seek(0);
        m_file->resize(0);
    }
    if (m_gzipCheck)
        m_gzipCheck->reset();
    m_hash.reset();
}

void DumpJob::consume()
{
    if (!m_reply || isCancelling() || m_discardReply)
        return;
    if (!m_replyChecked) {
        const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status != 200 && status != 206)
            return; // an error body: onGetFinished reads it
        if (status == 206) {
            const ContentRange range = ContentRange::parse(m_reply->rawHeader("Content-Range"));
            if (!range.valid || range.first != m_written) {
                // Not the bytes we asked for: drop this answer and start over from zero.
                m_discardReply = true;
                restartFromZero();
                if (m_reply->isRunning())
                    m_reply->abort(); // onGetFinished() schedules the new attempt
                return;
            }
            m_total = range.total;
        } else {
            // A 200 to a Range request sends the whole file again.
            if (m_written > 0)
                restartFromZero();
            const QVariant length = m_reply->header(QNetworkRequest::ContentLengthHeader);
            m_total = length.isValid() ? length.toLongLong() : -1;
        }
        m_replyChecked = true;
    }
    if (m_buffer.size() != readChunk)
        m_buffer.resize(readChunk);
    qint64 moved = 0;
    while (moved < bytesPerTurn) {
        const qint64 got =
            m_reply->read(m_buffer.data(), std::min<qint64>(m_buffer.size(), bytesPerTurn - moved));
        if (got <= 0)
            break;
        if (m_file->write(m_buffer.constData(), got) != got) {
            const DiskSpace::WriteFailure failure = DiskSpace::writeFailure(*m_file);
            setCancelling(); // the abort's finished() is ours, not a cut to resume
            cleanUp();
            fail(QCoreApplication::translate(
                     "DumpJob", "Could not write the dump to disk (%1). Free some space and retry.")
                     .arg(failure.text),
                 failure.kind);
            return;
        }
        if (m_gzipCheck)
            m_gzipCheck->feed(QByteArrayView(m_buffer.constData(), got));
        m_hash.addData(QByteArrayView(m_buffer.constData(), got));
        moved += got;
    }
    if (moved == 0)
        return;
    if (m_reply->bytesAvailable() > 0)
        queueDrain();
    m_written += moved;
    // Progress: only cuts in a row without new bytes give up. New means past the furthest point so far: a
    // store that cuts every answer at the same place, restarting from zero each time, must not loop forever.
    if (m_written > m_mostWritten) {
        m_mostWritten = m_written;
        m_failures = 0;
    }
    setProgress(m_written, m_total);
}

void DumpJob::queueDrain()
{
    if (m_drainQueued)
        return;
    m_drainQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this, reply = QPointer<QNetworkReply>(m_reply)] {
            m_drainQueued = false;
            if (!reply || reply != m_reply)
                return; // the job ended or moved on to another reply, which drives itself
            if (reply->isFinished())
                onGetFinished();
            else
                consume();
        },
        Qt::QueuedConnection);
}

void DumpJob::onGetFinished()
{
    QNetworkReply *reply = m_reply;
    if (!reply)
        return;
    consume(); // the last bytes, or the whole of an empty body, may come with the end
    if (m_reply != reply)
        return; // consume() ended the job
    if (m_replyChecked && reply->bytesAvailable() > 0 && !m_discardReply && !isCancelling()) {
        // The rest of the archive is still in the reply's buffer: a turn at a time, as consume() reads it.
        // (An error body stays there for classify() below.)
        queueDrain();
        return;
    }
    reply->disconnect(this);
    reply->deleteLater();
    m_reply = nullptr;
    if (isCancelling() || isFinished())
        return;
    if (m_discardReply) {
        if (++m_failures <= maxFailures) {
            retryLater();
            return;
        }
        cleanUp();
        fail(QCoreApplication::translate(
                 "DumpJob",
                 "The download failed: the storage kept answering with the wrong part of the file. Retry the "
                 "download."),
             FailureKind::Transient);
        return;
    }
    const bool ended = reply->error() == QNetworkReply::NoError;
    // Qt 6.4 reports a chunked body cut before its last chunk as a success: the archive's own end decides.
    const bool archiveEnded = !m_gzipCheck || m_gzipCheck->isComplete() || m_gzipCheck->isBroken();
    if (m_replyChecked && archiveEnded && (m_total >= 0 ? m_written == m_total : ended)) {
        completeDownload();
        return;
    }
    const auto answer = ObjectStoreReply::classify(reply, m_replyChecked ? QByteArray() : reply->readAll());
    if (answer.httpStatus() == 416) {
        // Asked for the bytes after the last one: the file was already whole.
        const ContentRange range = ContentRange::parse(reply->rawHeader("Content-Range"));
        if (range.valid && range.total >= 0 && range.total == m_written) {
            completeDownload();
            return;
        }
        restartFromZero();
    }
    if (answer.outcome() == ObjectStoreReply::Outcome::UrlRefused) {
        if (m_urlRequests < maxUrlRequests) {
            // A fresh URL may name a fresh dump, other bytes: what we have is of no use with it.
            restartFromZero();
            requestUrl();
            return;
        }
        cleanUp();
        fail(QCoreApplication::translate(
                 "DumpJob",
                 "The download failed: the storage refused a fresh dump URL too. %1 Retry the download.")
                 .arg(answer.message()),
             FailureKind::UrlExpired);
        return;
    }
    // A cut connection: the bytes so far are kept and the rest is asked for with Range.
    const bool cut = m_replyChecked || answer.outcome() == ObjectStoreReply::Outcome::Transient ||
                     answer.httpStatus() == 416;
    if (cut && ++m_failures <= maxFailures) {
        retryLater();
        return;
    }
    cleanUp();
    if (m_replyChecked) {
        fail(QCoreApplication::translate(
                 "DumpJob",
                 "The download failed: the connection dropped %1 times in a row (%2). Check the network "
                 "connection and retry.")
                 .arg(QString::number(maxFailures + 1), answer.message()),
             FailureKind::Transient);
    } else if (cut) {
        fail(QCoreApplication::translate("DumpJob", "The download failed after %1 attempts. %2 Retry later.")
                 .arg(QString::number(maxFailures + 1), answer.message()),
             FailureKind::Transient);
    } else {
        // Neither a cut nor a refused URL: the store's final answer, the same on a retry.
        fail(QCoreApplication::translate("DumpJob", "The download failed. %1").arg(answer.message()),
             FailureKind::Rejected);
    }
}

void DumpJob::retryLater()
{
    QTimer::singleShot(m_retryBaseDelayMs * std::min(m_failures, 4), this, [this] {
        if (isCancelling() || isFinished())
            return;
        if (m_written > 0)
            setResumeCount(resumeCount() + 1);
        get();
    });
}

void DumpJob::completeDownload()
{
    if (m_gzipCheck && !m_gzipCheck->isComplete()) {
        const bool broken = m_gzipCheck->isBroken();
        cleanUp();
        fail(
            broken
                ? QCoreApplication::translate(
                      "DumpJob",
                      "The download is not a valid .tar.gz archive (its gzip data is damaged), so it was not "
                      "saved.")
                : QCoreApplication::translate(
                      "DumpJob",
                      "The download ended before the archive did, so it was not saved. Retry the download."),
            // Damaged gzip data comes back the same from the same store; a cut one may arrive whole.
            broken ? FailureKind::HostileData : FailureKind::Transient);
        return;
    }
    m_committing = true;
    m_commit = DiskWorker::run(
        this, [file = m_file.get()] { return file->commit(); },
        [this](bool committed) { afterCommit(committed); });
}

void DumpJob::afterCommit(bool committed)
{
    m_committing = false;
    if (!committed) {
        const DiskSpace::WriteFailure failure = DiskSpace::writeFailure(*m_file);
        cleanUp();
        if (isCancelling())
            markCancelled();
        else
            fail(QCoreApplication::translate("DumpJob", "Could not save the dump (%1).").arg(failure.text),
                 failure.kind);
        return;
    }
    m_file.reset();
    setArchiveFacts({QString::fromLatin1(m_hash.result().toHex()), m_written, -1});
    deliver(mode() == Mode::SaveArchive ? targetPath() : temporaryFilePath(u"dump.tar.gz"_s));
}

void DumpJob::cancel()
{
    if (!beginCancel())
        return;
    if (m_committing || cancelDelivery())
        return; // afterCommit(), or the delivery, ends the job
    if (m_call)
        m_call->abort();
    cleanUp();
    markCancelled();
}

void DumpJob::stopTransfer()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    // An uncommitted QSaveFile leaves nothing at the target.
    DiskWorker::discard(std::move(m_file));
}
