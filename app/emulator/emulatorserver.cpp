#include "emulator/emulatorserver.h"

#include "emulator/apirouter.h"
#include "emulator/blaxel/blaxelreplies.h"
#include "emulator/blaxel/blaxelrouter.h"
#include "emulator/control/controlapi.h"
#include "emulator/klavis/seeddata.h"
#include "emulator/klavis/serverdataapi.h"
#include "emulator/klavis/universeapi.h"
#include "emulator/mcp/mcpendpoint.h"
#include "emulator/objectstore/objectstore.h"
#include "emulator/server/bearerauth.h"
#include "emulator/server/faultinjector.h"
#include "emulator/server/httplistener.h"
#include "emulator/server/httpreply.h"
#include "emulator/server/incomingrequest.h"
#include "emulator/server/recordedrequest.h"
#include "emulator/server/replydelivery.h"
#include "emulator/state/emulatorstate.h"

#include <QDateTime>
#include <QHttpServerRequest>
#include <QPointer>
#include <QTcpSocket>
#include <QWebSocket>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

QUrl loopbackUrl(quint16 port)
{
    QUrl url;
    url.setScheme(u"http"_s);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(port);
    return url;
}

RecordedRequest recordOf(const IncomingRequest &in, const HttpReply &reply)
{
    RecordedRequest recorded{in.method, in.path, in.rawQuery, in.headers, in.body.size(), reply.status, 0};
    recorded.receivedMs = QDateTime::currentMSecsSinceEpoch();
    recorded.fault = reply.fault;
    return recorded;
}

} // namespace

EmulatorServer::EmulatorServer(QObject *parent, quint64 seed)
    : QObject(parent), m_state(std::make_unique<EmulatorState>(seed))
{
    m_state->remote = SeedData::remoteSandboxes(m_state->ids, m_state->startTime);
    m_state->local = SeedData::localSandboxes(m_state->ids, m_state->startTime);
    // The account's held sandboxes start with their server's default data, so a demo has something to dump
    // and its MCP tools something to list; a reset empties them.
    for (const RemoteSandbox &sandbox : std::as_const(m_state->remote)) {
        const QJsonValue data =
            ProviderSpec::instance().defaultData(ProviderSpec::Scope::Sandbox, sandbox.serverName);
        if (sandbox.status == u"occupied" && data.isObject())
            ServerDataApi::data(*m_state, ProviderSpec::Scope::Sandbox, sandbox.serverName, sandbox.id) =
                data.toObject();
    }
    m_store = std::make_unique<ObjectStore>(*m_state);
    m_router = std::make_unique<ApiRouter>(*m_state, *m_store, m_mutex);
    m_blaxel = std::make_unique<BlaxelRouter>(*m_state, m_mutex);
    m_control = std::make_unique<ControlApi>(*m_state);
    m_mcp = std::make_unique<McpEndpoint>(*m_state);
    m_faults = std::make_unique<FaultInjector>(m_state->faults, m_state->faultDice);
    m_apiListener = new HttpListener(
        [this](const QHttpServerRequest &request, QTcpSocket *socket) { handleApi(request, socket); }, this);
    // Qt's server upgrades a WebSocket request itself (HttpListener leaves it alone), only while this is
    // connected: the only one the API serves is a Blaxel sandbox's /terminal/ws.
    connect(m_apiListener, &QAbstractHttpServer::newWebSocketConnection, this, [this] {
        while (m_apiListener->hasPendingWebSocketConnections()) {
            std::unique_ptr<QWebSocket> socket = m_apiListener->nextPendingWebSocketConnection();
            QMutexLocker locker(&m_mutex);
            m_blaxel->openTerminal(std::move(socket));
        }
    });
    m_storeListener = new HttpListener(
        [this](const QHttpServerRequest &request, QTcpSocket *socket) { handleStore(request, socket); },
        this);
}

EmulatorServer::~EmulatorServer() = default;

bool EmulatorServer::listen(quint16 apiPort, quint16 objectStorePort)
{
    const quint16 api = m_apiListener->listen(QHostAddress::LocalHost, apiPort);
    const quint16 store = api ? m_storeListener->listen(QHostAddress::LocalHost, objectStorePort) : 0;
    if (!api || !store)
        return false;
    QMutexLocker locker(&m_mutex);
    m_apiPort = api;
    m_storePort = store;
    m_state->apiBase = loopbackUrl(api);
    m_state->storeBase = loopbackUrl(store);
    return true;
}

void EmulatorServer::handleApi(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const IncomingRequest in = IncomingRequest::from(request);
    QMutexLocker locker(&m_mutex);
    std::optional<HttpReply> reply;
    int delay = 0;
    if (ControlApi::owns(in)) {
        reply = m_control->handle(in);
    } else if (McpEndpoint::owns(in)) {
        reply = m_mcp->handle(in, &delay);
        m_state->apiRequests.record(recordOf(in, *reply));
    } else {
        delay = m_state->faults.latencyMs;
        const bool blaxel = BlaxelRouter::owns(in);
        std::optional<HttpReply> fault;
        if (!blaxel)
            fault = m_state->rateLimiter.admit(BearerAuth::token(in));
        if (!fault)
            fault = m_faults->intercept(in);
        if (fault && blaxel)
            fault = BlaxelReplies::edgeFault(*fault);
        // An acquire whose answer never comes still occupies its sandbox, as on the real service: the client
        // cannot tell whether it holds one.
        if (fault && fault->neverAnswer && !blaxel && ApiRouter::isAcquire(in))
            m_router->handle(in);
        if (fault)
            reply = fault;
        else if (blaxel)
            reply = m_blaxel->handle(in, lateReply(in, socket, delay));
        else
            reply = m_router->handle(in);
        if (reply && !fault)
            m_faults->cutIfDue(in, *reply);
        if (reply)
            m_state->apiRequests.record(recordOf(in, *reply));
    }
    locker.unlock();
    if (!reply)
        return;
    ReplyDelivery::deliver(this, socket, *reply, in.method == "HEAD", in.wantsClose(), delay);
    Q_EMIT requestHandled(in.method, in.path, reply->status);
}

std::function<void(const HttpReply &)> EmulatorServer::lateReply(const IncomingRequest &request,
                                                                 QTcpSocket *socket, int delayMs)
{
    QPointer<QTcpSocket> guarded(socket);
    const RecordedRequest arrived = recordOf(request, HttpReply::empty(0));
    const bool headOnly = request.method == "HEAD";
    const bool close = request.wantsClose();
    return [this, arrived, guarded, headOnly, close, delayMs](const HttpReply &reply) {
        // Queued: the handler that answers may hold the mutex, and the server may be going (then it is
        // dropped).
        QMetaObject::invokeMethod(
            this,
            [this, arrived, guarded, headOnly, close, delayMs, reply]() {
                RecordedRequest answered = arrived;
                answered.status = reply.status;
                QMutexLocker locker(&m_mutex);
                m_state->apiRequests.record(answered);
                locker.unlock();
                if (guarded)
                    ReplyDelivery::deliver(this, guarded.data(), reply, headOnly, close, delayMs);
                Q_EMIT requestHandled(answered.method, answered.path, answered.status);
            },
            Qt::QueuedConnection);
    };
}

void EmulatorServer::handleStore(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const IncomingRequest in = IncomingRequest::from(request);
    QMutexLocker locker(&m_mutex);
    const HttpReply reply = m_store->handle(in);
    m_state->storeRequests.record(recordOf(in, reply));
    locker.unlock();
    ReplyDelivery::deliver(this, socket, reply, in.method == "HEAD", in.wantsClose(), 0);
    Q_EMIT requestHandled(in.method, in.path, reply.status);
}

quint16 EmulatorServer::apiPort() const
{
    QMutexLocker locker(&m_mutex);
    return m_apiPort;
}

quint16 EmulatorServer::objectStorePort() const
{
    QMutexLocker locker(&m_mutex);
    return m_storePort;
}

QUrl EmulatorServer::apiBaseUrl() const
{
    QMutexLocker locker(&m_mutex);
    return m_state->apiBase;
}

QUrl EmulatorServer::objectStoreBaseUrl() const
{
    QMutexLocker locker(&m_mutex);
    return m_state->storeBase;
}

void EmulatorServer::setApiKey(const QString &key)
{
    QMutexLocker locker(&m_mutex);
    m_state->apiKey = key;
}

QString EmulatorServer::apiKey() const
{
    QMutexLocker locker(&m_mutex);
    return m_state->apiKey;
}

void EmulatorServer::setIdlePerServer(int sandboxes)
{
    QMutexLocker locker(&m_mutex);
    m_state->idlePerServer = sandboxes;
}

void EmulatorServer::setEmptyPool(const QString &serverName)
{
    QMutexLocker locker(&m_mutex);
    m_state->emptyPools.insert(serverName);
}

void EmulatorServer::addBulkSandboxes(int count)
{
    QMutexLocker locker(&m_mutex);
    const qsizetype seeded = m_state->remote.size();
    m_state->remote.reserve(seeded + count);
    for (int i = 0; i < count && seeded > 0; ++i) {
        RemoteSandbox sandbox = m_state->remote.at(i % seeded);
        sandbox.id = m_state->ids.uuid();
        sandbox.status = u"occupied"_s;
        m_state->remote.append(sandbox);
    }
}

void EmulatorServer::setMaxWorkspaceEntries(int entries)
{
    QMutexLocker locker(&m_mutex);
    m_state->workspaceLimits.maxEntries = entries;
}

void EmulatorServer::setMaxWorkspaceBytes(qint64 bytes)
{
    QMutexLocker locker(&m_mutex);
    m_state->workspaceLimits.maxTotalBytes = bytes;
}

void EmulatorServer::setMaxUploadBytes(qint64 bytes)
{
    QMutexLocker locker(&m_mutex);
    m_state->maxUploadBytes = bytes;
}

void EmulatorServer::setExecutionSettings(const ExecutionSettings &settings)
{
    QMutexLocker locker(&m_mutex);
    m_state->executionSettings = settings;
    // The bounds the options and the control API keep to: a log of a byte at least, a day at most.
    m_state->executionSettings.maxLogBytes = std::max<qint64>(1, settings.maxLogBytes);
    m_state->executionSettings.timeLimitSeconds = std::clamp(settings.timeLimitSeconds, 1, 24 * 3600);
    m_state->executionSettings.maxRunning = std::clamp(settings.maxRunning, 1, 64);
}

void EmulatorServer::setBlaxelSettings(const BlaxelSettings &settings)
{
    QMutexLocker locker(&m_mutex);
    m_blaxel->setSettings(settings);
}

void EmulatorServer::setMcpExtraTools(int count)
{
    QMutexLocker locker(&m_mutex);
    m_state->mcpExtraTools = std::max(0, count);
}

void EmulatorServer::setRateLimit(const RequestRateLimiter::Settings &settings)
{
    QMutexLocker locker(&m_mutex);
    m_state->rateLimiter.setSettings(settings);
}

void EmulatorServer::setFaults(const FaultSettings &faults)
{
    QMutexLocker locker(&m_mutex);
    m_state->faults = faults;
}

void EmulatorServer::recordRequests(qsizetype keepLast)
{
    QMutexLocker locker(&m_mutex);
    m_state->apiRequests.setKeepLast(keepLast);
    m_state->storeRequests.setKeepLast(keepLast);
}

void EmulatorServer::setInstancesPerUniverse(int instances)
{
    QMutexLocker locker(&m_mutex);
    UniverseApi::setInstancesPerUniverse(*m_state, instances);
}

} // namespace Emulator
