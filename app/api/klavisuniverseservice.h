#pragma once

#include "api/resulthandler.h"
#include "api/sandboxactionresult.h"
#include "api/taskverdict.h"
#include "api/universe.h"
#include "api/universeinstance.h"
#include "api/universetask.h"

#include <QJsonValue>
#include <QList>
#include <QObject>

class ApiCall;
class HttpTransport;

// Klavis universes: whole multi-service environments (a pool of instances each), their tasks and the
// verifier that judges an instance's data against a task.
class KlavisUniverseService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KlavisUniverseService)

public:
    explicit KlavisUniverseService(HttpTransport *transport, QObject *parent = nullptr);

    ApiCall *list(QObject *context, ResultHandler<QList<Universe>> done);
    // The data each service of a fresh instance starts with ({service: data}), as sent.
    ApiCall *initialData(const QString &universeId, QObject *context, ResultHandler<QJsonValue> done);
    // Takes the next idle instance; never retried (a retry could hold a second one).
    ApiCall *acquire(const QString &universeId, QObject *context, ResultHandler<UniverseInstance> done);
    // Gives the instance back; the server re-initialises its data in the background. The reply
    // ({message, released_at}) is read as an action's.
    ApiCall *release(const QString &instanceId, QObject *context, ResultHandler<SandboxActionResult> done);
    ApiCall *task(const QString &universeId, const QString &taskNumber, QObject *context,
                  ResultHandler<UniverseTask> done);
    ApiCall *verify(const QString &instanceId, const QString &taskNumber, QObject *context,
                    ResultHandler<TaskVerdict> done);

    // Every service's data of a universe: a dump's cap (KlavisServerDataService::maxDumpBytes).
    static constexpr qint64 maxInitialDataBytes = qint64{64} * 1024 * 1024;

private:
    HttpTransport *m_transport;
};
