#pragma once

#include "api/apierror.h"
#include "api/blaxelcreaterequest.h"
#include "api/blaxeloperation.h"
#include "api/blaxelsandbox.h"
#include "api/blaxelsandboxupdate.h"
#include "api/resulthandler.h"
#include "runs/ledgerrecorder.h"
#include "session/coalescedrefresh.h"
#include "session/sandboxlistcontroller.h"
#include "store/sandboxstore.h"

#include <QHash>
#include <QPointer>
#include <QStringList>

#include <memory>

class AppSession;
class BlaxelSandboxFilterProxy;
class BlaxelSandboxListModel;

// Between the Blaxel page and BlaxelSandboxService: refreshes the model (always with terminated sandboxes,
// which the proxy hides unless asked), loads details, creates, and deletes selections. A deleted row says
// DELETING until the service's wait sees it TERMINATED (or its record gone). Widgets call this; this calls
// the network. Creates and deletes are written to the session's ledger (provider Blaxel) as the Klavis
// controllers' acquires and releases are: the request is sent once its intent is written, its answer comes
// here, so a dialog closed meanwhile leaves no intent open; a ledger that failed to open holds up nothing.
class BlaxelSandboxesController final : public SandboxListController
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxesController)

public:
    explicit BlaxelSandboxesController(AppSession *session, QObject *parent = nullptr);
    ~BlaxelSandboxesController() override;

    BlaxelSandboxStore *store() const { return m_store; }
    BlaxelSandboxListModel *model() const { return m_model; }
    BlaxelSandboxFilterProxy *proxy() const { return m_proxy; }
    // A Blaxel profile is connected (a key and a workspace).
    bool isConnected() const;
    QString workspace() const;

    void refresh() override;
    bool isRefreshing() const override { return m_refresh.isRunning(); }
    // Forgets the rows and stops what runs: for another workspace or none.
    void clear() override;

    // For the details pane: only the latest request counts, the answer comes as a signal.
    void loadDetails(const QString &name);
    // Not retried (a second POST would meet the first one's 409). On success the list is refreshed and
    // createdSandboxListed() follows once the new row is in it. `done` runs while `context` lives.
    void create(const BlaxelCreateRequest &request, QObject *context, ResultHandler<BlaxelSandbox> done);
    // Changes a live sandbox's display name, labels or TTL. On success the sandbox as the server answered it
    // replaces its row in the store (every view shows it at once) and detailsLoaded() follows. The row is
    // marked busy meanwhile. `done` runs while `context` lives; the change is made even if it is gone.
    void update(const QString &name, const BlaxelSandboxUpdate &change, QObject *context,
                ResultHandler<BlaxelSandbox> done);
    // Deletes each (names already being deleted are skipped); the data in them is gone for good.
    void deleteSandboxes(const QStringList &names);
    int deletionsUnderway() const { return int(m_deletions.size()); }

signals:
    void detailsLoaded(const BlaxelSandbox &sandbox);
    // A sandbox deleted here reached its end (TERMINATED, or its record gone).
    void sandboxTerminated(const QString &name);
    void createdSandboxListed(const QString &name);

private:
    struct Batch;
    void sendDelete(const std::shared_ptr<Batch> &batch, const QString &name, qint64 intent);
    void finishOne(const std::shared_ptr<Batch> &batch, const QString &name, const ApiError &error);
    void markTerminated(const QString &name);

    BlaxelSandboxStore *m_store;
    BlaxelSandboxListModel *m_model;
    BlaxelSandboxFilterProxy *m_proxy;
    CoalescedRefresh<BlaxelOperation> m_refresh;
    QPointer<BlaxelOperation> m_detailsCall;
    QHash<QString, QPointer<BlaxelOperation>> m_deletions;
    QString m_pendingSelection;
    LedgerRecorder m_recorder;
};
