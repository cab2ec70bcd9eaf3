#pragma once

#include "emulator/blaxel/blaxelsettings.h"
#include "emulator/server/faultsettings.h"
#include "emulator/server/requestratelimiter.h"
#include "emulator/server/requestrecorder.h"
#include "emulator/state/executionsettings.h"

#include <QByteArray>
#include <QMutex>
#include <QObject>
#include <QUrl>

#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QHttpServerRequest;
class QTcpSocket;
QT_END_NAMESPACE

class EmulatorProbe;

namespace Emulator {

class ApiRouter;
class BlaxelRouter;
class ControlApi;
class FaultInjector;
class HttpListener;
class McpEndpoint;
class ObjectStore;
struct EmulatorState;
struct HttpReply;
struct IncomingRequest;

// The Klavis sandbox API and its signed-URL object store on two loopback origins, with seeded data and fault
// injection, MCP at the server URLs it hands out (McpEndpoint), and Blaxel's sandbox API (/v0/sandboxes and
// each sandbox's own API) on the first. Requests are handled on the thread the server lives in; every public
// accessor is thread-safe.
class EmulatorServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmulatorServer)

public:
    explicit EmulatorServer(QObject *parent = nullptr, quint64 seed = 42);
    ~EmulatorServer() override;

    bool listen(quint16 apiPort = 0, quint16 objectStorePort = 0); // 127.0.0.1 only
    quint16 apiPort() const;
    quint16 objectStorePort() const;
    QUrl apiBaseUrl() const;         // http://127.0.0.1:PORT (no trailing slash)
    QUrl objectStoreBaseUrl() const; // another origin: http://127.0.0.1:PORT2

    void setApiKey(const QString &key);
    QString apiKey() const; // default "demo-key"
    // Idle sandboxes each hosted server hands out beyond the account's idle ones, default 5.
    void setIdlePerServer(int sandboxes);
    void setEmptyPool(const QString &serverName); // every acquire of that server answers 503
    void setMaxWorkspaceEntries(int entries); // tar entries initialize accepts from one upload, default 20000
    void setMaxWorkspaceBytes(qint64 bytes);  // uncompressed content initialize accepts, default 512 MiB
    // The largest upload the store takes, stated as max_upload_bytes in upload-url replies; -1 (the
    // default) states none and takes anything.
    void setMaxUploadBytes(qint64 bytes);
    // A local sandbox's executions: the log kept of each (default 64 MiB) and their time limit (600 s);
    // applies to executions started afterwards.
    void setExecutionSettings(const ExecutionSettings &settings);
    // Adds `count` occupied sandboxes to the account (copies of the seeded ones under new ids): a list
    // reply of any size, e.g. 300,000 sandboxes for about 60 MB, to measure a client's memory.
    void addBulkSandboxes(int count);
    // Blaxel's quota, pace and sandbox limits (the /v0/sandboxes control plane and the sandboxes' own API).
    void setBlaxelSettings(const BlaxelSettings &settings);
    // Generated read-only tools every emulated MCP server lists after its own (a long, paged tool list).
    void setMcpExtraTools(int count);
    // The provider's rate limit on the Klavis API's routes (not the store, MCP, Blaxel or /_emulator), per
    // API key; 0 requests per second (the default) is none.
    void setRateLimit(const RequestRateLimiter::Settings &settings);
    void setFaults(const FaultSettings &faults);
    // Keeps the last `keepLast` API requests and as many object-store requests, for tests and
    // /_emulator/requests. Without a call none are kept, so that a demo running for days does not grow.
    void recordRequests(qsizetype keepLast = RequestRecorder::defaultKeepLast);

    // Instances in each universe's pool, default 3; setting it starts every pool afresh.
    void setInstancesPerUniverse(int instances);

Q_SIGNALS:
    // Emitted on the server's thread after each answer, for a log (no headers, so no secrets).
    void requestHandled(const QByteArray &method, const QString &path, int status);

private:
    // The tests' reach into the state (tests/emulator/emulatorprobe.h): the recorded requests, the workspaces
    // and the settings read back, which nothing the app ships needs.
    friend class ::EmulatorProbe;

    void handleApi(const QHttpServerRequest &request, QTcpSocket *socket);
    void handleStore(const QHttpServerRequest &request, QTcpSocket *socket);
    // The answer to a request its handler answers later (a Blaxel command run with waitForCompletion):
    // recorded and delivered from the event loop, never inside the handler that calls it.
    std::function<void(const HttpReply &)> lateReply(const IncomingRequest &request, QTcpSocket *socket,
                                                     int delayMs);

    mutable QMutex m_mutex;
    std::unique_ptr<EmulatorState> m_state;
    std::unique_ptr<ObjectStore> m_store;
    std::unique_ptr<ApiRouter> m_router;
    std::unique_ptr<BlaxelRouter> m_blaxel;
    std::unique_ptr<ControlApi> m_control;
    std::unique_ptr<McpEndpoint> m_mcp;
    std::unique_ptr<FaultInjector> m_faults;
    HttpListener *m_apiListener = nullptr;
    HttpListener *m_storeListener = nullptr;
    quint16 m_apiPort = 0;
    quint16 m_storePort = 0;
};

} // namespace Emulator
