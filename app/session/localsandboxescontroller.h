#pragma once

#include "api/apicall.h"
#include "api/localacquirerequest.h"
#include "api/localsandbox.h"
#include "api/resulthandler.h"
#include "runs/ledgerrecorder.h"
#include "session/sandboxlistcontroller.h"
#include "store/sandboxstore.h"

#include <QPointer>

class AppSession;
class LocalSandboxFilterProxy;
class LocalSandboxTreeModel;

// Between the Local sandboxes page and the service: refreshes the session's local store (which the tree
// model follows), loads details into it, acquires, and runs release/reset over selections.
class LocalSandboxesController final : public SandboxListController
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalSandboxesController)

public:
    explicit LocalSandboxesController(AppSession *session, QObject *parent = nullptr);
    ~LocalSandboxesController() override;

    LocalSandboxStore *store() const { return m_store; }
    LocalSandboxTreeModel *model() const { return m_model; }
    LocalSandboxFilterProxy *proxy() const { return m_proxy; }
    void refresh() override;
    bool isRefreshing() const override { return m_refreshCall != nullptr; }
    void clear() override;

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
    void detailsLoaded(const LocalSandbox &sandbox);
    void acquiredSandboxListed(const QString &localSandboxId);

private:
    LocalSandboxStore *m_store;
    LocalSandboxTreeModel *m_model;
    LocalSandboxFilterProxy *m_proxy;
    QPointer<ApiCall> m_refreshCall;
    QPointer<ApiCall> m_detailsCall;
    LedgerRecorder m_recorder;
    QString m_pendingSelection;
    bool m_refreshAgain = false;
};
