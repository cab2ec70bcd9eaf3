#pragma once

#include "cli/clicommand.h"
#include "cli/clioutput.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

class ApiCall;
class BlaxelSandboxFiles;
class BlaxelSandboxService;
class HttpTransport;
class KlavisExecutionService;
class KlavisLocalSandboxService;
class LogTextFilter;
class KlavisSandboxService;
class KlavisServerDataService;
class LedgerRecorder;
class McpCall;
class McpClient;
struct McpTool;
class RunLedger;
class RunProvisioner;
class RunReconciler;
class RunReleaser;
struct RunLeftover;
class TransferJob;

// Runs one CliCommand against the API and reports the exit code through finished().
class CliRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CliRunner)

public:
    CliRunner(const CliCommand &command, HttpTransport *transport, QObject *parent = nullptr);
    ~CliRunner() override;

    void start();

signals:
    void finished(int exitCode);

private:
    void done(int exitCode);
    void watch(ApiCall *call);
    QByteArray callBody() const; // the watched reply's raw body, for --json
    void list();
    void get();
    void acquire();
    void release();
    void reset();
    void prepare();
    void localList();
    void localGet();
    void localAcquire();
    void localRelease();
    void localReset();
    void localUpload();
    void localDump();
    // Executions in a local sandbox (localexecutions.cpp).
    void localExec();
    void localLogs();
    void localArtifacts();
    void writeLog(const QByteArray &bytes);
    void blaxelList();
    void blaxelGet();
    void blaxelCreate();
    void blaxelDelete();
    void blaxelDeleteNext(qsizetype index);
    void blaxelWaitNext(qsizetype index);
    void blaxelUpload();
    void blaxelDump();
    void dataDump();
    void dataInit();
    void dataInitRecorded(qint64 intent);
    void dataDiff();
    bool dataOutAcceptable();
    void mcpInfo();
    void mcpTools();
    void mcpCall();
    void mcpPing();
    void mcpDiff();
    // The tools of one `mcp diff` operand (a URL, a saved list file, sandbox:SERVER/ID or local:ID/SERVER)
    // for `then`; on trouble the command ends with 2.
    void listOperandTools(const QString &operand, const std::function<void(const QList<McpTool> &)> &then);
    void listToolsAt(const QString &url, const std::function<void(const QList<McpTool> &)> &then);
    // Resolves the command's MCP URL (given, or a sandbox's from the API), makes the client and runs `then`;
    // on failure the command ends. Ctrl+C from here on cancels what is in flight and exits 130.
    void openMcpClient(const std::function<void()> &then);
    // Ctrl+C from here on cancels the MCP call or API call in flight and exits 130.
    void cancelMcpOnInterrupt();
    // Checks an MCP URL (UrlPolicy::checkMcpUrl) and makes m_mcp for it, closing a client with a session
    // made before; false (and the command ended with 2) when the URL is refused.
    bool openMcpClientAt(const QString &url);
    // Ends the command on an error or a cancel; else runs `handle` with the finished call.
    void watchMcp(McpCall *call, const std::function<void(McpCall *)> &handle);
    void callMcpTool(const QJsonObject &arguments);
    void finishMcp(int exitCode);
    // The client of the sandbox's own API, at the URL its record gives, for `then`; on failure the command
    // ends.
    void openBlaxelSandbox(const std::function<void(BlaxelSandboxFiles *)> &then);
    // The local side of a transfer, checked before any request; false (and the command ended) when wrong.
    bool collectUploadSources(QStringList *sources);
    bool dumpTargetAcceptable();
    void runTransfer(TransferJob *job);
    void finishTransfer(TransferJob *job);
    // The run commands (runclicommands.cpp) and the ledger every command records into.
    void runCreate();
    void runFinished(int outcome);
    void runList();
    void runShow();
    void runRelease();
    void runAdopt();
    void runManifest();
    void runImport();
    void leaks();
    // The ledger's file opened for this command, or null with the reason in `problem`.
    std::unique_ptr<RunLedger> openLedgerFile(QString *problem) const;
    // Opens the ledger on first use; false (and the command ended with 1) when it cannot be opened.
    bool openLedger();
    // Plain commands record when the ledger opens, and go on with a warning when it does not.
    LedgerRecorder &recorder();
    void printLeftovers(const QList<RunLeftover> &leftovers, const QString &run);
    // Runs each step when the one before calls its continuation; the last step ends the command.
    // A releaser whose sandboxes are printed as they go; a failure names the servers too when asked.
    RunReleaser *newReleaser(bool namesServersOnFailure);

    CliCommand m_command;
    HttpTransport *m_transport;
    KlavisSandboxService *m_sandboxes;
    KlavisLocalSandboxService *m_local;
    BlaxelSandboxService *m_blaxel;
    KlavisServerDataService *m_data;
    KlavisExecutionService *m_executions;
    std::unique_ptr<LogTextFilter> m_logFilter;
    CliOutput m_output;
    QPointer<ApiCall> m_call;
    qint64 m_transferBytes = 0; // bytes that crossed the network, for the summary
    // blaxel delete: the names deleted so far, their records for --json, and whether one failed.
    QStringList m_deleted;
    QList<QJsonObject> m_deletedRecords;
    bool m_someFailed = false;
    McpClient *m_mcp = nullptr;
    QPointer<McpCall> m_mcpCall;
    bool m_interrupted = false; // Ctrl+C during an mcp command
    std::unique_ptr<RunLedger> m_ledger;
    std::unique_ptr<LedgerRecorder> m_recorder;
    RunProvisioner *m_provisioner = nullptr;
    RunReconciler *m_reconciler = nullptr;
};
