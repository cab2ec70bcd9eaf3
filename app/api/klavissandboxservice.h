#pragma once

#include "api/acquiredsandbox.h"
#include "api/acquirerequest.h"
#include "api/resulthandler.h"
#include "api/sandboxactionresult.h"
#include "api/sandboxdetails.h"
#include "api/sandboxfilter.h"
#include "api/sandboxlist.h"

#include <QObject>

class ApiCall;
class HttpTransport;

// Klavis sandboxes: one MCP server each.
class KlavisSandboxService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KlavisSandboxService)

public:
    explicit KlavisSandboxService(HttpTransport *transport, QObject *parent = nullptr);

    ApiCall *acquire(const AcquireRequest &request, QObject *context, ResultHandler<AcquiredSandbox> done);
    ApiCall *details(const QString &serverName, const QString &sandboxId, QObject *context,
                     ResultHandler<SandboxDetails> done);
    ApiCall *list(const SandboxFilter &filter, QObject *context, ResultHandler<SandboxList> done);
    // The same, decoded on the thread pool for a caller whose thread must not stall (the window); `done`
    // runs after the call object is gone, so it cannot read the call's body.
    ApiCall *listDecodedOffThread(const SandboxFilter &filter, QObject *context,
                                  ResultHandler<SandboxList> done);
    // isTtl marks a release made by an expiry; instanceId narrows it to one instance (both optional).
    ApiCall *release(const QString &serverName, const QString &sandboxId, QObject *context,
                     ResultHandler<SandboxActionResult> done, bool isTtl = false,
                     const QString &instanceId = {});
    ApiCall *reset(const QString &serverName, const QString &sandboxId, QObject *context,
                   ResultHandler<SandboxActionResult> done);
    // Asks for capacity ahead of a benchmark run; both arguments optional.
    ApiCall *prepare(const QString &benchmark, const QString &serverName, QObject *context,
                     ResultHandler<bool> done);

private:
    HttpTransport *m_transport;
};
