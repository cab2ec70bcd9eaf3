#pragma once

#include "api/executionlogchunk.h"
#include "api/executionstarted.h"
#include "api/executionstatus.h"
#include "api/resulthandler.h"
#include "api/signedurl.h"

#include <QObject>

class ApiCall;
class HttpTransport;

// Executions in a Klavis local sandbox: a script's archive uploaded to a signed URL, run in the background,
// its status and log read by byte cursor, its folder exported as a signed download. A class of its own beside
// KlavisLocalSandboxService: these five calls and their decoder are one feature that the executions layer
// alone uses, and the workspace service stays about workspaces.
class KlavisExecutionService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KlavisExecutionService)

public:
    explicit KlavisExecutionService(HttpTransport *transport, QObject *parent = nullptr);

    // region is "us" or "asia" (empty: the server's default); execute must name the region of the upload.
    ApiCall *uploadUrl(const QString &localSandboxId, const QString &executionName, const QString &region,
                       QObject *context, ResultHandler<SignedUrl> done);
    ApiCall *execute(const QString &localSandboxId, const QString &executionName, const QString &region,
                     QObject *context, ResultHandler<ExecutionStarted> done);
    ApiCall *status(const QString &localSandboxId, const QString &executionName, QObject *context,
                    ResultHandler<ExecutionStatus> done);
    // The log after byte `cursor` (the server sends at most about 1 MiB a reply: callers loop).
    ApiCall *logs(const QString &localSandboxId, const QString &executionName, qint64 cursor,
                  QObject *context, ResultHandler<ExecutionLogChunk> done);
    ApiCall *exportArtifacts(const QString &localSandboxId, const QString &executionName,
                             const QString &region, QObject *context, ResultHandler<SignedUrl> done);

    // A logs reply holds at most 1 MiB of raw log; as JSON, every byte may become a six-byte \u escape.
    static constexpr qint64 maxLogsReplyBytes = qint64{8} * 1024 * 1024;

private:
    HttpTransport *m_transport;
};
