#pragma once

#include "api/localacquirerequest.h"
#include "api/localsandbox.h"
#include "api/localsandboxlist.h"
#include "api/resulthandler.h"
#include "api/sandboxactionresult.h"
#include "api/signedurl.h"

#include <QObject>

class ApiCall;
class HttpTransport;

// Klavis local sandboxes: a VM hosting several MCP servers around a workspace.
class KlavisLocalSandboxService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KlavisLocalSandboxService)

public:
    explicit KlavisLocalSandboxService(HttpTransport *transport, QObject *parent = nullptr);

    ApiCall *acquire(const LocalAcquireRequest &request, QObject *context, ResultHandler<LocalSandbox> done);
    ApiCall *details(const QString &localSandboxId, QObject *context, ResultHandler<LocalSandbox> done);
    ApiCall *list(QObject *context, ResultHandler<LocalSandboxList> done);
    ApiCall *release(const QString &localSandboxId, QObject *context,
                     ResultHandler<SandboxActionResult> done);
    ApiCall *reset(const QString &localSandboxId, QObject *context, ResultHandler<SandboxActionResult> done);
    // region is "us" or "asia"; initialize must use the region the upload URL was made for.
    ApiCall *uploadUrl(const QString &localSandboxId, const QString &region, QObject *context,
                       ResultHandler<SignedUrl> done);
    ApiCall *initialize(const QString &localSandboxId, const QString &region, QObject *context,
                        ResultHandler<SandboxActionResult> done);
    ApiCall *dumpUrl(const QString &localSandboxId, const QString &region, QObject *context,
                     ResultHandler<SignedUrl> done);

private:
    HttpTransport *m_transport;
};
