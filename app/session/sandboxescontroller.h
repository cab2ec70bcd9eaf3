#pragma once

#include "api/acquiredsandbox.h"
#include "api/acquirerequest.h"
#include "api/apicall.h"
#include "api/apierror.h"
#include "api/resulthandler.h"
#include "api/sandboxdetails.h"
#include "api/sandboxkey.h"
#include "runs/ledgerrecorder.h"
#include "session/coalescedrefresh.h"
#include "session/sandboxlistcontroller.h"
#include "store/sandboxstore.h"

#include <QPointer>

class AppSession;
class BulkAction;
class SandboxFilterProxy;
class SandboxListModel;

// Between the Sandboxes page and the service: refreshes the session's Klavis store (the whole account: the
// page's server and tag filters are the proxy's, so every view reads the same list), loads details, acquires,
// and runs release/reset over selections. Widgets call this; this calls the network. Each acquire, release
// and reset is written to the session's ledger first (an intent), its outcome after; the request waits for
// the intent, never for a ledger that failed to open.
class SandboxesController final : public SandboxListController
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxesController)

public:
    explicit SandboxesController(AppSession *session, QObject *parent = nullptr);
    ~SandboxesController() override;

    KlavisSandboxStore *store() const { return m_store; }
    SandboxListModel *model() const { return m_model; }
    SandboxFilterProxy *proxy() const { return m_proxy; }

    void refresh() override;
    bool isRefreshing() const override;
    void clear() override;

    // For the details pane: only the latest request counts, the answer comes as a signal.
    void loadDetails(const SandboxKey &key);
    // For one-off needs (copying MCP configs of a selection): the answer goes to `done`.
    ApiCall *fetchDetails(const SandboxKey &key, QObject *context, ResultHandler<SandboxDetails> done);
    // `done` is not called once `context` is gone; the request and its record go on regardless.
    void acquire(const AcquireRequest &request, QObject *context, ResultHandler<AcquiredSandbox> done);
    enum class Bulk
    {
        Release,
        Reset
    };
    void runBulk(Bulk kind, const QList<SandboxKey> &keys);

signals:
    void detailsLoaded(const SandboxDetails &details);
    // A sandbox acquired here has arrived in the model: the page selects it.
    void acquiredSandboxListed(const QString &serverName, const QString &sandboxId);

private:
    void onSnapshotApplied();

    KlavisSandboxStore *m_store;
    SandboxListModel *m_model;
    SandboxFilterProxy *m_proxy;
    CoalescedRefresh<ApiCall> m_refresh;
    bool m_publishQueued = false; // a list answered, to be published on the next turn of the event loop
    QPointer<ApiCall> m_detailsCall;
    SandboxKey m_pendingSelection;
    LedgerRecorder m_recorder;
};
