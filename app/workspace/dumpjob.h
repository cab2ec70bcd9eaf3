#pragma once

#include "api/signedurl.h"
#include "api/signedurlrequest.h"
#include "workspace/workspacedumpjob.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QFuture>
#include <QPointer>

#include <functional>
#include <memory>

class ApiCall;
class GzipEndCheck;
class KlavisLocalSandboxService;
class QNetworkAccessManager;
class QNetworkReply;
class QSaveFile;

// Takes a local sandbox's workspace out: dump URL -> GET (Accept-Encoding: identity) into a QSaveFile
// that appears at the target only when complete, resuming with Range after a dropped connection, and
// then, for "Extract dump to…", SafeExtractor into the chosen folder.
class DumpJob final : public WorkspaceDumpJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DumpJob)

public:
    DumpJob(KlavisLocalSandboxService *service, QNetworkAccessManager *network, const QString &localSandboxId,
            const QString &region, Mode mode, const QString &targetPath, QObject *parent = nullptr);
    // Any other archive the API hands out as a signed download (an execution's artifacts), the same way.
    DumpJob(SignedUrlRequest requestUrl, QNetworkAccessManager *network, const QString &sandboxId, Mode mode,
            const QString &targetPath, QObject *parent = nullptr);
    ~DumpJob() override;

    void start() override;
    void cancel() override;
    TransferJob *clone(QObject *parent) const override;
    void setRetryBaseDelayMs(int ms) { m_retryBaseDelayMs = ms; }

private:
    void requestUrl();
    void get();
    // Moves what the reply has into the file, after deciding once per reply whether its body is ours.
    void consume();
    void onGetFinished();
    // Reads on in the next turn of the event loop: no new readyRead comes for bytes the reply already holds,
    // nor after finished(). One drain at a time, whichever of the two asked.
    void queueDrain();
    void restartFromZero();
    void retryLater();
    void completeDownload();
    void afterCommit(bool committed);
    void stopTransfer() override;

    KlavisLocalSandboxService *m_service; // null for another archive than a workspace dump
    SignedUrlRequest m_requestUrl;
    QNetworkAccessManager *m_network;
    QString m_region;
    std::unique_ptr<QSaveFile> m_file;
    std::unique_ptr<GzipEndCheck> m_gzipCheck; // SaveArchive: the extractor checks an extraction itself
    QPointer<QNetworkReply> m_reply;
    QPointer<ApiCall> m_call;
    QFuture<bool> m_commit; // QSaveFile::commit() on a worker: it waits in fdatasync
    bool m_committing = false;
    SignedUrl m_url;
    qint64 m_written = 0;
    qint64 m_total = -1;
    qint64 m_mostWritten = 0; // the furthest any attempt got: only going past it is progress
    QByteArray m_buffer;
    bool m_drainQueued = false;
    // The archive's SHA-256 as its bytes are written: a resumed download appends, a restart starts over.
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
    bool m_replyChecked = false;
    bool m_discardReply = false;
    int m_urlRequests = 0;
    int m_failures = 0;
    int m_retryBaseDelayMs = 1000;
};
