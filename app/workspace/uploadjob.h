#pragma once

#include "api/signedurl.h"
#include "api/signedurlrequest.h"
#include "workspace/workspaceuploadjob.h"

#include <QPointer>

class ApiCall;
class KlavisLocalSandboxService;
class QNetworkAccessManager;
class QNetworkReply;

// Puts a workspace into a local sandbox: pack (or take a dropped .tar.gz as it is) -> upload URL ->
// PUT to the signed URL (Content-Type application/gzip, no Authorization) -> initialize. A refused or
// expired URL is asked for again once; transient network errors are retried with backoff.
class UploadJob final : public WorkspaceUploadJob
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadJob)

public:
    UploadJob(KlavisLocalSandboxService *service, QNetworkAccessManager *network,
              const QString &localSandboxId, const QString &region, const QStringList &sources,
              QObject *parent = nullptr);
    // An archive that goes to a URL of the caller's (an execution's) and ends with the PUT: no initialize.
    UploadJob(SignedUrlRequest requestUrl, QNetworkAccessManager *network, const QString &sandboxId,
              const QStringList &sources, QObject *parent = nullptr);
    ~UploadJob() override;

    TransferJob *clone(QObject *parent) const override;

    // Tests shorten this; real use keeps seconds between retries.
    void setRetryBaseDelayMs(int ms) { m_retryBaseDelayMs = ms; }

private:
    QList<QPair<State, double>> phaseWeights(bool packed) const override;
    void send() override { requestUrl(); }
    void abortSending() override;
    void stopTransfer() override;
    void requestUrl();
    void put();
    void onPutFinished();
    void initialize();

    KlavisLocalSandboxService *m_service; // null for an upload that ends with the PUT
    SignedUrlRequest m_requestUrl;
    QNetworkAccessManager *m_network;
    QString m_region;
    QPointer<ApiCall> m_call;
    QPointer<QNetworkReply> m_reply;
    SignedUrl m_url;
    int m_urlRequests = 0;
    int m_putAttempts = 0;
    bool m_storeReplyTooLarge = false;
    int m_retryBaseDelayMs = 1000;
};
