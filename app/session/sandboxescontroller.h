#pragma once

#include "api/acquiredsandbox.h"
#include "api/acquirerequest.h"
#include "api/apicall.h"
#include "api/apierror.h"
#include "api/resulthandler.h"
#include "api/sandboxdetails.h"
#include "api/sandboxfilter.h"
#include "models/sandboxkey.h"
#include "runs/ledgerrecorder.h"
#include "session/coalescedrefresh.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>

class AppSession;
class BulkAction;
class SandboxFilterProxy;
class SandboxListModel;

// Between the Sandboxes page and the service: refreshes the model, loads details, acquires, and runs
// release/reset over selections. Widgets call this; this calls the network. Each acquire, release and reset
// is written to the session's ledger first (an intent), its outcome after; the request waits for the intent,
// never for a ledger that failed to open.
class SandboxesController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxesController)

public:
    explicit SandboxesController(AppSession *session, QObject *parent = nullptr);
    ~SandboxesController() override;

    AppSession *session() const { return m_session; }
    SandboxListModel *model() const { return m_model; }
    SandboxFilterProxy *proxy() const { return m_proxy; }

    // Server-side filters (the API has `tag` and `server_name`); the proxy filters the rest.
    void setServerFilter(const SandboxFilter &filter);
    SandboxFilter serverFilter() const { return m_filter; }

    void refresh();
    // Until the answer is in the model, which takes a few event-loop iterations after it arrives.
    bool isRefreshing() const;
    QDateTime lastRefreshed() const { return m_lastRefreshed; }
    void clear();

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
    void refreshed();
    void refreshFailed(const ApiError &error);
    void detailsLoaded(const SandboxDetails &details);
    void detailsFailed(const ApiError &error);
    void bulkFinished(const QString &summary, const QStringList &failures);
    // A sandbox acquired here has arrived in the model: the page selects it.
    void acquiredSandboxListed(const QString &serverName, const QString &sandboxId);

private:
    void onSnapshotApplied();

    AppSession *m_session;
    SandboxListModel *m_model;
    SandboxFilterProxy *m_proxy;
    SandboxFilter m_filter;
    CoalescedRefresh<ApiCall> m_refresh;
    QPointer<ApiCall> m_detailsCall;
    QDateTime m_lastRefreshed;
    SandboxKey m_pendingSelection;
    LedgerRecorder m_recorder;
};
