#pragma once

#include "api/apierror.h"
#include "api/localacquirerequest.h"
#include "api/localsandbox.h"
#include "api/resulthandler.h"
#include "runs/ledgerrecorder.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>

#include "api/apicall.h"

class AppSession;
class LocalSandboxFilterProxy;
class LocalSandboxTreeModel;

// Between the Local sandboxes page and the service: the tree model, details, acquire, and
// release/reset over selections.
class LocalSandboxesController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalSandboxesController)

public:
    explicit LocalSandboxesController(AppSession *session, QObject *parent = nullptr);
    ~LocalSandboxesController() override;

    LocalSandboxTreeModel *model() const { return m_model; }
    LocalSandboxFilterProxy *proxy() const { return m_proxy; }
    AppSession *session() const { return m_session; }
    void refresh();
    bool isRefreshing() const { return m_refreshCall != nullptr; }
    QDateTime lastRefreshed() const { return m_lastRefreshed; }
    void clear();

    void loadDetails(const QString &localSandboxId);
    // Written to the session's ledger around the request, as SandboxesController does; `done` is not
    // called once `context` is gone.
    void acquire(const LocalAcquireRequest &request, QObject *context, ResultHandler<LocalSandbox> done);
    enum class Bulk
    {
        Release,
        Reset
    };
    void runBulk(Bulk kind, const QStringList &ids);

signals:
    void refreshed();
    void refreshFailed(const ApiError &error);
    void detailsLoaded(const LocalSandbox &sandbox);
    void detailsFailed(const ApiError &error);
    void bulkFinished(const QString &summary, const QStringList &failures);
    void acquiredSandboxListed(const QString &localSandboxId);

private:
    AppSession *m_session;
    LocalSandboxTreeModel *m_model;
    LocalSandboxFilterProxy *m_proxy;
    QPointer<ApiCall> m_refreshCall;
    QPointer<ApiCall> m_detailsCall;
    QDateTime m_lastRefreshed;
    LedgerRecorder m_recorder;
    QString m_pendingSelection;
    bool m_refreshAgain = false;
};
