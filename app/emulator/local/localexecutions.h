#pragma once

#include "emulator/local/executionlog.h"
#include "emulator/server/httpreply.h"
#include "emulator/workspace/workspace.h"

#include <QHash>
#include <QPointer>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <map>
#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QMutex;
QT_END_NAMESPACE

namespace Emulator {

class ObjectStore;
struct EmulatorState;
struct IncomingRequest;
struct LocalSandbox;

// The executions of every local sandbox (/local-sandbox/{id}/execution-upload-url, execute, execution-status,
// execution-logs, export-artifacts), keyed by sandbox and execution name. An execution runs `python3 -u
// main.py` for real, in the background on the server's event loop: the sandbox's workspace is written to a
// scratch folder of its own (AGENT_WORKSPACE), the uploaded archive to executions/<name>/ beside it (the
// script's working folder, exported as its artifacts, never part of a dump), stdout and stderr go into one
// bounded log as they come, a time limit kills the process group, and when the run ends the workspace folder
// is read back into the in-memory workspace, so the next execution and a dump see what the script wrote.
// While any execution of a sandbox runs, its folder is the newer copy: changes made to the in-memory
// workspace meanwhile (initialize, MCP tools) are replaced by the read-back.
class LocalExecutions
{
public:
    static constexpr qint64 maxLogChunkBytes = qint64(1024) * 1024; // per execution-logs reply

    LocalExecutions(EmulatorState &state, ObjectStore &store, QMutex &mutex);
    ~LocalExecutions();
    Q_DISABLE_COPY_MOVE(LocalExecutions)

    HttpReply uploadUrl(const IncomingRequest &request, const QString &localId);
    HttpReply execute(const IncomingRequest &request, const QString &localId);
    HttpReply status(const IncomingRequest &request, const QString &localId);
    HttpReply logs(const IncomingRequest &request, const QString &localId);
    HttpReply exportArtifacts(const IncomingRequest &request, const QString &localId);

    // The sandbox was released or reset: its running executions are killed, its executions and scratch
    // folder forgotten.
    void forget(const QString &localId);
    // forget() for every sandbox the state no longer has (released when their TTL ran out).
    void forgetGone();

private:
    struct Execution
    {
        QString name;
        QString status = QStringLiteral("pending"); // pending, running, completed, failed
        ExecutionLog log;
        int timeLimitSeconds = 0;
        bool timedOut = false;
        qint64 pid = 0;
        QPointer<QProcess> process;
        Workspace artifacts; // its folder as it ended, for export-artifacts
    };
    using ExecutionPointer = std::shared_ptr<Execution>;
    struct Sandbox
    {
        std::unique_ptr<QTemporaryDir> scratch; // HOME of its executions; the workspace is in workspace/
        QHash<QString, ExecutionPointer> executions;
        QString workspaceRoot() const { return scratch->path() + QStringLiteral("/workspace"); }
        // Beside the agent's workspace, not in it: a dump is the workspace; an execution's folder is its
        // artifacts.
        QString executionsRoot() const { return scratch->path() + QStringLiteral("/executions"); }
        qsizetype runningCount() const;
    };

    LocalSandbox *findSandbox(const QString &localId) const;
    // The execution, or null with `notFound` set to the 404 naming what is unknown: the sandbox or the
    // execution.
    ExecutionPointer find(const QString &localId, const QString &name, HttpReply *notFound) const;
    // The archive in place in the in-memory workspace and the scratch folder written; else the refusal.
    std::optional<HttpReply> prepare(LocalSandbox &sandbox, Sandbox &runs, const QString &name,
                                     const Workspace &archive);
    void start(const QString &localId, Sandbox &runs, const ExecutionPointer &execution);
    void finish(const QString &localId, Execution &execution, QProcess &process);
    void readBack(const QString &localId, Execution &execution);
    static void kill(Execution &execution);

    EmulatorState &m_state;
    ObjectStore &m_store;
    QMutex &m_mutex;
    std::map<QString, Sandbox> m_sandboxes; // holds QTemporaryDirs: not copyable, so not a QHash
};

} // namespace Emulator
