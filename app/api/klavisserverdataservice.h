#pragma once

#include "api/resulthandler.h"
#include "api/sandboxactionresult.h"
#include "api/serverdatadump.h"

#include <QJsonValue>
#include <QObject>

class ApiCall;
class HttpTransport;

// Each Klavis sandbox server's own data: POST /sandbox/{server}/{id}/initialize seeds it, GET .../dump
// reads it back. A body the server's schema rejects answers 422, whose detail ApiError::fieldErrors()
// lists by field path.
class KlavisServerDataService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KlavisServerDataService)

public:
    explicit KlavisServerDataService(HttpTransport *transport, QObject *parent = nullptr);

    // Seeds the sandbox with `data`, the server's JSON body (an object for every server the API knows).
    ApiCall *initialize(const QString &serverName, const QString &sandboxId, const QJsonValue &data,
                        QObject *context, ResultHandler<SandboxActionResult> done);
    // Seeds it with the provider's default test data (?init_default_data=true, no body).
    ApiCall *initializeDefault(const QString &serverName, const QString &sandboxId, QObject *context,
                               ResultHandler<SandboxActionResult> done);
    ApiCall *dump(const QString &serverName, const QString &sandboxId, QObject *context,
                  ResultHandler<ServerDataDump> done);

    // A dump can be a whole workspace's issues and messages: far more than an action's reply.
    static constexpr qint64 maxDumpBytes = qint64{64} * 1024 * 1024;

private:
    HttpTransport *m_transport;
};
