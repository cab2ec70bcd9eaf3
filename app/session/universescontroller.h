#pragma once

#include "api/apierror.h"
#include "api/resulthandler.h"
#include "api/sandboxactionresult.h"
#include "api/taskverdict.h"
#include "api/universeinstance.h"
#include "api/universetask.h"
#include "ledger/ledgersandbox.h"
#include "runs/ledgerrecorder.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>

class ApiCall;
class AppSession;
class KlavisUniverseService;
class UniverseListModel;

// The Universes view's half outside the widgets: the catalogue, each universe's tasks fetched once, and
// the instances taken and given back with their intents and outcomes in the runs ledger (as the CLI's
// `universe acquire|release` write them), so that an instance shows in the Runs view and its manifest.
class UniversesController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UniversesController)

public:
    explicit UniversesController(AppSession *session, QObject *parent = nullptr);

    UniverseListModel *model() const { return m_model; }
    KlavisUniverseService *service() const { return m_service; }

    void refresh();
    bool isRefreshing() const { return !m_refreshCall.isNull(); }
    // Invalid until a list was answered (and again after the account changed).
    QDateTime lastRefreshed() const { return m_lastRefreshed; }
    // A task asked for before is answered from the cache (an instance's verdict does not change its text).
    void task(const QString &universeId, const QString &taskNumber, QObject *context,
              ResultHandler<UniverseTask> done);
    const UniverseTask *cachedTask(const QString &universeId, const QString &taskNumber) const;
    // `run`, when given, holds the instance: an open run of that name, or a new one created for it (a
    // closed run refuses, as in the CLI). The answer comes once the ledger has the instance.
    void acquire(const QString &universeId, const QString &run, QObject *context,
                 ResultHandler<UniverseInstance> done);
    // A 404 (the server no longer knows it) is recorded as vanished; the caller still sees the error.
    void release(const QString &instanceId, QObject *context, ResultHandler<SandboxActionResult> done);
    ApiCall *verify(const QString &instanceId, const QString &taskNumber, QObject *context,
                    ResultHandler<TaskVerdict> done);
    // The instances the ledger holds, whoever took them (this window, the CLI), oldest first.
    void loadHeld(QObject *context,
                  std::function<void(const QList<LedgerSandbox> &, const QString &problem)> done);

signals:
    void refreshed();
    void refreshFailed(const ApiError &error);
    // An instance was taken or given back: the held list and the Runs view are worth reading again.
    void heldChanged();

private:
    void sendAcquire(const QString &universeId, const QString &run, const QPointer<QObject> &caller,
                     ResultHandler<UniverseInstance> done);

    AppSession *m_session;
    KlavisUniverseService *m_service;
    UniverseListModel *m_model;
    LedgerRecorder m_recorder;
    QPointer<ApiCall> m_refreshCall;
    QDateTime m_lastRefreshed;
    QHash<QString, UniverseTask> m_tasks; // by universe id + '/' + task number
};
