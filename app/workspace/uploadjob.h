#pragma once

#include "api/signedurl.h"
#include "workspace/transferjob.h"

#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>

class ApiCall;
class KlavisLocalSandboxService;
class QNetworkAccessManager;
class QNetworkReply;
class QTemporaryDir;
class WorkspaceArchiver;

// Puts a workspace into a local sandbox: pack (or take a dropped .tar.gz as it is) -> upload URL ->
// PUT to the signed URL (Content-Type application/gzip, no Authorization) -> initialize. A refused or
// expired URL is asked for again once; transient network errors are retried with backoff.
class UploadJob final : public TransferJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadJob)

public:
    UploadJob(KlavisLocalSandboxService *service, QNetworkAccessManager *network,
              const QString &localSandboxId, const QString &region, const QStringList &sources,
              QObject *parent = nullptr);
    ~UploadJob() override;

    QStringList sources() const { return m_sources; }
    void start() override;
    void cancel() override;
    TransferJob *clone(QObject *parent) const override;

    // Tests shorten this; real use keeps seconds between retries.
    void setRetryBaseDelayMs(int ms) { m_retryBaseDelayMs = ms; }

private:
    void pack();
    void requestUrl();
    void put();
    void onPutFinished();
    void initialize();
    void cleanUp();
    // cleanUp(), ending with `end` once the temporary folder is gone.
    void cleanUpThen(std::function<void()> end);

    KlavisLocalSandboxService *m_service;
    QNetworkAccessManager *m_network;
    QString m_region;
    QStringList m_sources;
    std::unique_ptr<QTemporaryDir> m_tempDir;
    WorkspaceArchiver *m_archiver = nullptr;
    QString m_archivePath;
    QPointer<ApiCall> m_call;
    QPointer<QNetworkReply> m_reply;
    SignedUrl m_url;
    int m_urlRequests = 0;
    int m_putAttempts = 0;
    int m_retryBaseDelayMs = 1000;
    bool m_cancelled = false;
};
