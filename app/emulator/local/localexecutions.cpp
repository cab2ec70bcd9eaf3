#include "emulator/local/localexecutions.h"

#include "emulator/local/executionrequest.h"
#include "emulator/local/scratchworkspace.h"
#include "emulator/objectstore/objectstore.h"
#include "emulator/server/incomingrequest.h"
#include "emulator/state/emulatorstate.h"
#include "emulator/workspace/workspacearchive.h"

#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTimer>

#include <csignal>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

bool isFinal(const QString &status)
{
    return status == u"completed" || status == u"failed";
}

// "requirements.txt: 2 packages listed, not installed (the emulator has no network)".
QString listedPackages(const Workspace &archive, const QString &file)
{
    const Workspace::Entry *entry = archive.entry(file);
    if (!entry || entry->type != Workspace::EntryType::File)
        return {};
    int count = 0;
    for (const QByteArray &line : entry->data.split('\n')) {
        const QByteArray trimmed = line.trimmed();
        if (!trimmed.isEmpty() && !trimmed.startsWith('#'))
            ++count;
    }
    return u"%1: %2 %3 listed, not installed (the emulator has no network)"_s.arg(
        file, QString::number(count), count == 1 ? u"package"_s : u"packages"_s);
}

void killGroup(qint64 pid)
{
    if (pid > 0)
        ::kill(-pid_t(pid), SIGKILL);
}

} // namespace

qsizetype LocalExecutions::Sandbox::runningCount() const
{
    return std::count_if(executions.cbegin(), executions.cend(),
                         [](const ExecutionPointer &execution) { return !isFinal(execution->status); });
}

LocalExecutions::LocalExecutions(EmulatorState &state, ObjectStore &store, QMutex &mutex)
    : m_state(state), m_store(store), m_mutex(mutex)
{}

LocalExecutions::~LocalExecutions()
{
    while (!m_sandboxes.empty())
        forget(m_sandboxes.begin()->first);
}

void LocalExecutions::kill(Execution &execution)
{
    QProcess *process = execution.process.data();
    if (!process)
        return;
    // Disconnected first: the slots take the mutex, which the caller holds.
    QObject::disconnect(process, nullptr, nullptr, nullptr);
    killGroup(execution.pid);
    process->kill();
    process->waitForFinished(2000);
    execution.process.clear();
    delete process;
}

void LocalExecutions::forget(const QString &localId)
{
    const auto it = m_sandboxes.find(localId);
    if (it == m_sandboxes.end())
        return;
    for (const ExecutionPointer &execution : std::as_const(it->second.executions))
        kill(*execution);
    m_sandboxes.erase(it); // and the scratch folder with it
}

void LocalExecutions::forgetGone()
{
    QStringList gone;
    for (const auto &[localId, runs] : m_sandboxes) {
        if (!findSandbox(localId))
            gone.append(localId);
    }
    for (const QString &localId : std::as_const(gone))
        forget(localId);
}

LocalSandbox *LocalExecutions::findSandbox(const QString &localId) const
{
    for (LocalSandbox &sandbox : m_state.local) {
        if (sandbox.id == localId)
            return &sandbox;
    }
    return nullptr;
}

namespace {

HttpReply sandboxNotFound(const QString &localId)
{
    return HttpReply::detail(404, u"Local sandbox %1 not found"_s.arg(localId));
}

HttpReply executionNotFound(const QString &localId, const QString &name)
{
    return HttpReply::detail(404,
                             u"Execution %1 not found in local sandbox %2"_s.arg(name.left(64), localId));
}

} // namespace

HttpReply LocalExecutions::uploadUrl(const IncomingRequest &request, const QString &localId)
{
    ExecutionRequest call;
    if (auto invalid = ExecutionRequest::fromBody(request, &call))
        return *invalid;
    const QString &name = call.name;
    const QString &region = call.region;
    if (!findSandbox(localId))
        return sandboxNotFound(localId);
    const QUrl url = m_store.issueExecutionUploadUrl(localId, region, name);
    QJsonObject reply{{u"upload_url"_s, url.toString(QUrl::FullyEncoded)},
                      {u"expires_in_minutes"_s, ObjectStore::urlLifetimeMinutes}};
    // As the workspace's upload-url: a stated limit lets a client refuse before sending the bytes.
    if (m_state.maxUploadBytes >= 0)
        reply.insert(u"max_upload_bytes"_s, double(m_state.maxUploadBytes));
    return HttpReply::json(200, reply);
}

HttpReply LocalExecutions::execute(const IncomingRequest &request, const QString &localId)
{
    ExecutionRequest call;
    if (auto invalid = ExecutionRequest::fromBody(request, &call))
        return *invalid;
    const QString &name = call.name;
    const QString &region = call.region;
    LocalSandbox *sandbox = findSandbox(localId);
    if (!sandbox)
        return sandboxNotFound(localId);
    Sandbox &runs = m_sandboxes[localId];
    if (const ExecutionPointer earlier = runs.executions.value(name); earlier && !isFinal(earlier->status))
        return HttpReply::detail(409, u"Execution %1 is %2: wait for it to end before executing that name "
                                      "again"_s.arg(name, earlier->status));
    if (const qsizetype running = runs.runningCount(); running >= m_state.executionSettings.maxRunning)
        return HttpReply::detail(409,
                                 u"Local sandbox %1 already runs %2 executions, its limit: wait for one to "
                                 "end"_s.arg(localId, QString::number(running)));
    const std::optional<QByteArray> archive = m_store.executionUpload(localId, region, name);
    if (!archive) {
        return HttpReply::detail(
            400, u"No archive uploaded for execution %1 of local sandbox %2 in region %3: "
                 "request an execution upload URL and PUT the archive first"_s.arg(name, localId, region));
    }
    Workspace staging;
    if (const QString error = WorkspaceArchive::extract(*archive, staging, m_state.workspaceLimits);
        !error.isEmpty())
        return HttpReply::detail(400, u"Archive rejected: "_s + error);
    if (const Workspace::Entry *main = staging.entry(u"main.py"_s);
        !main || main->type != Workspace::EntryType::File)
        return HttpReply::detail(400, u"Archive rejected: it has no main.py at its top"_s);
    if (!runs.scratch) {
        runs.scratch =
            std::make_unique<QTemporaryDir>(QDir::tempPath() + u"/sandboxdeck-executions-XXXXXX"_s);
        if (!runs.scratch->isValid()) {
            runs.scratch.reset();
            return HttpReply::detail(500, u"The emulator cannot create a scratch folder for the execution"_s);
        }
    }
    if (std::optional<HttpReply> refused = prepare(*sandbox, runs, name, staging))
        return *refused;

    auto execution = std::make_shared<Execution>();
    execution->name = name;
    execution->log = ExecutionLog(m_state.executionSettings.maxLogBytes);
    execution->timeLimitSeconds = m_state.executionSettings.timeLimitSeconds;
    for (const QString &file : {u"requirements.txt"_s, u"packages.txt"_s}) {
        if (const QString line = listedPackages(staging, file); !line.isEmpty())
            execution->log.appendLine(line);
    }
    runs.executions.insert(name, execution);
    start(localId, runs, execution);
    return HttpReply::json(
        200, QJsonObject{{u"message"_s, u"Execution %1 started"_s.arg(name)}, {u"execution_name"_s, name}});
}

std::optional<HttpReply> LocalExecutions::prepare(LocalSandbox &sandbox, Sandbox &runs, const QString &name,
                                                  const Workspace &archive)
{
    if (archive.totalFileBytes() > m_state.workspaceLimits.maxTotalBytes)
        return HttpReply::detail(400, u"Archive rejected: it unpacks to more than %1 bytes"_s.arg(
                                          m_state.workspaceLimits.maxTotalBytes));
    // With nothing running the in-memory workspace is the newer copy and its folder is written anew; while
    // another execution runs, the folder is, and stays as it is. The execution's own folder is beside it.
    QString error;
    if (runs.runningCount() == 0) {
        ScratchWorkspace::remove(runs.scratch->path(), u"workspace"_s);
        error = ScratchWorkspace::write(sandbox.workspace, runs.workspaceRoot());
    }
    if (error.isEmpty()) {
        ScratchWorkspace::remove(runs.executionsRoot(), name);
        error = ScratchWorkspace::write(archive, runs.executionsRoot() + u'/' + name);
    }
    if (!error.isEmpty())
        return HttpReply::detail(500,
                                 u"The emulator cannot write the execution's scratch folder: "_s + error);
    return std::nullopt;
}

} // namespace Emulator

namespace Emulator {

void LocalExecutions::start(const QString &localId, Sandbox &runs, const ExecutionPointer &execution)
{
    const QString python = QStandardPaths::findExecutable(u"python3"_s);
    if (python.isEmpty()) {
        execution->log.appendLine(
            u"[emulator] python3 was not found on the emulator's PATH: main.py cannot run"_s);
        execution->status = u"failed"_s;
        return;
    }
    const QString root = runs.workspaceRoot();
    QProcessEnvironment environment;
    environment.insert(u"PATH"_s, QFileInfo(python).absolutePath() + u":/usr/bin:/bin"_s);
    environment.insert(u"HOME"_s, runs.scratch->path());
    environment.insert(u"LANG"_s, u"C.UTF-8"_s);
    environment.insert(u"PYTHONUNBUFFERED"_s, u"1"_s);
    environment.insert(u"PYTHONDONTWRITEBYTECODE"_s, u"1"_s); // no bytecode caches among the artifacts
    environment.insert(u"AGENT_WORKSPACE"_s, root);
    environment.insert(u"EXECUTION_NAME"_s, execution->name);

    auto *process = new QProcess;
    process->setProgram(python);
    process->setArguments({u"-u"_s, u"main.py"_s});
    process->setWorkingDirectory(runs.executionsRoot() + u'/' + execution->name);
    process->setProcessEnvironment(environment);
    process->setProcessChannelMode(QProcess::MergedChannels);
    process->setStandardInputFile(QProcess::nullDevice());
    // A group of its own, so that a time limit or a release kills whatever the script started too.
    process->setChildProcessModifier([]() { ::setpgid(0, 0); });
    execution->process = process;

    // Queued: QProcess may signal from inside start() or a wait, where the mutex is held.
    QObject::connect(
        process, &QProcess::started, process,
        [this, execution]() {
            QMutexLocker locker(&m_mutex);
            if (execution->status == u"pending")
                execution->status = u"running"_s;
        },
        Qt::QueuedConnection);
    QObject::connect(
        process, &QProcess::readyReadStandardOutput, process,
        [this, execution, process]() {
            QMutexLocker locker(&m_mutex);
            execution->log.appendOutput(process->readAllStandardOutput());
        },
        Qt::QueuedConnection);
    QObject::connect(
        process, &QProcess::finished, process,
        [this, localId, execution, process]() {
            QMutexLocker locker(&m_mutex);
            finish(localId, *execution, *process);
        },
        Qt::QueuedConnection);
    QObject::connect(
        process, &QProcess::errorOccurred, process,
        [this, localId, execution, process](QProcess::ProcessError error) {
            if (error != QProcess::FailedToStart)
                return; // the others end in finished
            QMutexLocker locker(&m_mutex);
            execution->log.appendLine(u"[emulator] python3 could not be started: "_s +
                                      process->errorString());
            execution->status = u"failed"_s;
            execution->process.clear();
            process->deleteLater();
        },
        Qt::QueuedConnection);
    QTimer::singleShot(qint64(execution->timeLimitSeconds) * 1000, process, [this, execution]() {
        QMutexLocker locker(&m_mutex);
        if (isFinal(execution->status))
            return;
        execution->timedOut = true;
        killGroup(execution->pid);
    });
    process->start();
    execution->pid = process->processId();
}

void LocalExecutions::finish(const QString &localId, Execution &execution, QProcess &process)
{
    execution.log.appendOutput(process.readAllStandardOutput());
    killGroup(execution.pid); // what the script left behind in its group goes with it
    readBack(localId, execution);
    if (execution.timedOut) {
        execution.log.appendLine(u"[emulator] time limit of %1 s reached: the process group was killed"_s.arg(
            execution.timeLimitSeconds));
        execution.status = u"failed"_s;
    } else if (process.exitStatus() != QProcess::NormalExit) {
        execution.log.appendLine(u"[emulator] main.py crashed (ended by a signal)"_s);
        execution.status = u"failed"_s;
    } else if (process.exitCode() != 0) {
        execution.log.appendLine(u"[emulator] main.py exited with code %1"_s.arg(process.exitCode()));
        execution.status = u"failed"_s;
    } else {
        execution.status = u"completed"_s;
    }
    execution.process.clear();
    process.deleteLater();
}

void LocalExecutions::readBack(const QString &localId, Execution &execution)
{
    LocalSandbox *sandbox = findSandbox(localId);
    const auto runs = m_sandboxes.find(localId);
    if (!sandbox || runs == m_sandboxes.end() || !runs->second.scratch)
        return;
    QStringList notes;
    sandbox->workspace =
        ScratchWorkspace::read(runs->second.workspaceRoot(), m_state.workspaceLimits, &notes);
    sandbox->updatedAt = EmulatorState::now();
    for (const QString &note : std::as_const(notes))
        execution.log.appendLine(u"[emulator] not kept in the workspace: "_s + note);
    notes.clear();
    execution.artifacts = ScratchWorkspace::read(runs->second.executionsRoot() + u'/' + execution.name,
                                                 m_state.workspaceLimits, &notes);
    for (const QString &note : std::as_const(notes))
        execution.log.appendLine(u"[emulator] not kept in the artifacts: "_s + note);
}

LocalExecutions::ExecutionPointer LocalExecutions::find(const QString &localId, const QString &name,
                                                        HttpReply *notFound) const
{
    if (!findSandbox(localId)) {
        *notFound = sandboxNotFound(localId);
        return nullptr;
    }
    const auto runs = m_sandboxes.find(localId);
    ExecutionPointer execution = runs == m_sandboxes.end() ? nullptr : runs->second.executions.value(name);
    if (!execution)
        *notFound = executionNotFound(localId, name);
    return execution;
}

HttpReply LocalExecutions::status(const IncomingRequest &request, const QString &localId)
{
    ExecutionRequest call;
    if (auto invalid = ExecutionRequest::fromQuery(request, false, &call))
        return *invalid;
    HttpReply notFound;
    const ExecutionPointer execution = find(localId, call.name, &notFound);
    if (!execution)
        return notFound;
    return HttpReply::json(200, QJsonObject{{u"status"_s, execution->status}});
}

HttpReply LocalExecutions::logs(const IncomingRequest &request, const QString &localId)
{
    ExecutionRequest call;
    if (auto invalid = ExecutionRequest::fromQuery(request, true, &call))
        return *invalid;
    HttpReply notFound;
    const ExecutionPointer execution = find(localId, call.name, &notFound);
    if (!execution)
        return notFound;
    // 400, not 416: this is a JSON endpoint whose cursor is a query parameter, not a Range request.
    if (call.cursor > execution->log.size())
        return HttpReply::detail(400,
                                 u"cursor %1 is past the end of the log (%2 bytes)"_s.arg(
                                     QString::number(call.cursor), QString::number(execution->log.size())));
    // Status and log are read under the same lock, and a run's last lines are written with its final status:
    // when the status is final, this log is the whole log.
    const bool growing = !isFinal(execution->status);
    const ExecutionLog::Chunk chunk = execution->log.read(call.cursor, maxLogChunkBytes, growing);
    return HttpReply::json(200, QJsonObject{{u"status"_s, execution->status},
                                            {u"logs"_s, chunk.text},
                                            {u"cursor"_s, double(chunk.next)}});
}

HttpReply LocalExecutions::exportArtifacts(const IncomingRequest &request, const QString &localId)
{
    ExecutionRequest call;
    if (auto invalid = ExecutionRequest::fromBody(request, &call))
        return *invalid;
    const QString &name = call.name;
    const QString &region = call.region;
    HttpReply notFound;
    const ExecutionPointer execution = find(localId, name, &notFound);
    if (!execution)
        return notFound;
    if (!isFinal(execution->status))
        return HttpReply::detail(409, u"Execution %1 is %2: its artifacts can be exported once it has "
                                      "ended"_s.arg(name, execution->status));
    const QByteArray archive = WorkspaceArchive::pack(execution->artifacts, EmulatorState::now());
    const QUrl url = m_store.storeArtifacts(localId, region, name, archive);
    return HttpReply::json(200, QJsonObject{{u"download_url"_s, url.toString(QUrl::FullyEncoded)},
                                            {u"expires_in_minutes"_s, ObjectStore::urlLifetimeMinutes}});
}

} // namespace Emulator
