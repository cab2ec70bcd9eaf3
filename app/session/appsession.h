#pragma once

#include "store/sandboxstore.h"

#include <QObject>
#include <QStringList>
#include <QUrl>

#include <memory>

class BlaxelSandboxFiles;
class BlaxelSandboxService;
class HttpTransport;
class KlavisExecutionService;
class KlavisLocalSandboxService;
class ExecutionsController;
class KlavisSandboxService;
class LeakMonitor;
class McpInspector;
class ServerDataController;
class LedgerWorker;
class QTemporaryDir;
class QNetworkAccessManager;
class PreviewController;
class FileController;
class ProcessController;
class TerminalController;
class TransferLedger;
class TransferQueue;
namespace Emulator {
class EmulatorHost;
}

// The connections the window works through, pointed at real APIs or at the in-process demo emulator: Klavis
// (one transport and its services) and, beside it, Blaxel (a transport of its own, with its own key and
// base URL, and the workspace every call names). Both can be connected at once.
class AppSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppSession)

public:
    explicit AppSession(QObject *parent = nullptr);
    ~AppSession() override;

    // Starts the emulator on a free loopback port in its own thread and connects to it.
    bool startDemo(QString *error);
    void connectTo(const QString &profileName, const QUrl &baseUrl, const QString &apiKey,
                   const QString &region);

    // Blaxel: `baseUrl` is its API root (https://api.blaxel.ai/v0, or the emulator's /v0). An empty key or
    // workspace leaves Blaxel unconnected.
    void connectBlaxel(const QString &profileName, const QUrl &baseUrl, const QString &apiKey,
                       const QString &workspace);
    void disconnectBlaxel();

    // What the servers last listed, once for the whole window: every view of a sandbox reads these.
    KlavisSandboxStore *klavisStore() const { return m_klavisStore; }
    LocalSandboxStore *localStore() const { return m_localStore; }
    BlaxelSandboxStore *blaxelStore() const { return m_blaxelStore; }

    // The leaks of the account (held and unclaimed, past their TTL, held too long), worked out from the
    // stores and the ledger whenever either moves on.
    LeakMonitor *leakMonitor() const { return m_leakMonitor; }
    // What the window's work tabs ask for, done at the session's level: scripts run in local sandboxes
    // (Executions tab, follow console) and each server's data (Data tab).
    ExecutionsController *executionRuns() const { return m_executionRuns; }
    ServerDataController *serverData() const { return m_serverData; }
    // The MCP clients of the Inspect tabs and tool comparisons, on the Klavis transport's network access.
    McpInspector *mcpInspector() const { return m_mcpInspector; }
    // Terminals on Blaxel sandboxes (the Terminal tab), with the connected key.
    TerminalController *terminals() const { return m_terminals; }
    ProcessController *processes() const { return m_processes; }
    FileController *files() const { return m_files; }
    PreviewController *previews() const { return m_previews; }

    HttpTransport *transport() const { return m_transport; }
    KlavisSandboxService *sandboxes() const { return m_sandboxes; }
    KlavisLocalSandboxService *localSandboxes() const { return m_localSandboxes; }
    // Scripts run in a local sandbox (the Executions tab, the follow console).
    KlavisExecutionService *executions() const { return m_executions; }
    // The manager for signed object-store URLs (uploads, dumps, artifacts): nothing of the API's reaches it.
    QNetworkAccessManager *objectStoreNetwork() const { return m_objectStoreNetwork; }
    // Workspace uploads and dumps, shared by every view so that the status bar sees them all.
    TransferQueue *transfers() const { return m_transfers; }
    Emulator::EmulatorHost *demoHost() const { return m_demoHost.get(); }
    // The run ledger on its own thread: every acquire, release, reset, upload and dump the window makes is
    // written there. Open after the first connection: RunLedger::defaultPath() for a profile; for the demo
    // $SANDBOXDECK_LEDGER or a file of its own that goes with the process (the demo's sandboxes live as
    // long as its emulator, and must not turn into leaks of the real ledger).
    LedgerWorker *ledger() const { return m_ledger.get(); }
    QString ledgerPath() const { return m_ledgerPath; }
    // Why the ledger could not be opened (the window shows it), empty when it was.
    QString ledgerProblem() const { return m_ledgerProblem; }

    bool isDemo() const { return m_demoHost != nullptr; }
    bool hasKey() const; // the demo has its emulator's key
    QString profileName() const { return m_profileName; }
    QString region() const { return m_region; }
    QUrl baseUrl() const;

    HttpTransport *blaxelTransport() const { return m_blaxelTransport; }
    BlaxelSandboxService *blaxelSandboxes() const { return m_blaxel; }
    bool hasBlaxel() const; // a key and a workspace to call with
    QString blaxelProfileName() const { return m_blaxelProfileName; }
    QString blaxelWorkspace() const;
    QUrl blaxelBaseUrl() const;
    // A client of one Blaxel sandbox's own API at `url` (its checked metadata.url) with the connected key and
    // workspace, so that the key never leaves this layer; null without a Blaxel connection or a URL.
    BlaxelSandboxFiles *blaxelSandboxFiles(const QString &name, const QUrl &url, QObject *parent) const;
    // The same for a tab inside the sandbox, checked: null with `problem` said (`withoutBlaxel` when there is
    // no Blaxel connection, else why the URL may not carry the key).
    BlaxelSandboxFiles *checkedBlaxelSandboxFiles(const QString &name, const QUrl &url,
                                                  const QString &withoutBlaxel, QString *problem) const;

signals:
    void connectionChanged();
    void blaxelConnectionChanged();
    // The ledger answered its open: `problem` is empty when it is ready.
    void ledgerOpened(const QString &problem);

private:
    // Opens the ledger the first time; later connections only add their key to what it masks.
    void useLedger(const QString &path, const QString &secret);

    KlavisSandboxStore *m_klavisStore;
    LocalSandboxStore *m_localStore;
    BlaxelSandboxStore *m_blaxelStore;
    HttpTransport *m_transport;
    KlavisSandboxService *m_sandboxes;
    KlavisLocalSandboxService *m_localSandboxes;
    KlavisExecutionService *m_executions;
    // Signed object-store URLs get a manager of their own: nothing of the API's (cookies, credentials)
    // can reach that other host through it.
    QNetworkAccessManager *m_objectStoreNetwork;
    TransferQueue *m_transfers;
    // Its own transport: the Blaxel key must never go to the Klavis host, nor the other way round.
    HttpTransport *m_blaxelTransport;
    BlaxelSandboxService *m_blaxel;
    std::unique_ptr<Emulator::EmulatorHost> m_demoHost;
    QString m_profileName;
    QString m_region = QStringLiteral("us");
    QString m_blaxelProfileName;
    std::unique_ptr<QTemporaryDir> m_demoLedgerFolder;
    std::unique_ptr<LedgerWorker> m_ledger;
    // Writes every job of transfers() to the ledger.
    TransferLedger *m_transferLedger = nullptr;
    LeakMonitor *m_leakMonitor = nullptr;
    ExecutionsController *m_executionRuns = nullptr;
    ServerDataController *m_serverData = nullptr;
    McpInspector *m_mcpInspector = nullptr;
    TerminalController *m_terminals = nullptr;
    ProcessController *m_processes = nullptr;
    FileController *m_files = nullptr;
    PreviewController *m_previews = nullptr;
    QString m_ledgerPath;
    QString m_ledgerProblem;
    QStringList m_ledgerSecrets;
};
