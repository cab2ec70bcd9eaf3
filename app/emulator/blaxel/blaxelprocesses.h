#pragma once

#include "emulator/blaxel/blaxelprocesslog.h"
#include "emulator/blaxel/blaxelsettings.h"
#include "emulator/server/httpreply.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPointer>
#include <QProcess>

#include <functional>
#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QMutex;
QT_END_NAMESPACE

namespace Emulator {

struct IncomingRequest;

// A sandbox's process API: POST /process runs an allowed command (BlaxelCommandLine) with QProcess in the
// sandbox's folder, with a clean environment, a timeout and bounded output; GET /process lists, GET
// /process/{name} and /process/{name}/logs report, in @blaxel/core's ProcessResponse and ProcessLogs shapes.
// Every command runs in the background on the server's event loop, its output gathered as it comes under the
// server's mutex; a waitForCompletion call is answered later, through the caller's LateReply, when the
// command ends, times out or its sandbox goes, so a slow command never holds up other requests.
class BlaxelProcesses
{
public:
    // Delivers a deferred answer. Called on the server's thread, possibly with the server's mutex held, so it
    // must not take that mutex itself before returning (the server's one queues the delivery).
    using LateReply = std::function<void(const HttpReply &)>;

    static constexpr int maxRunningPerSandbox = 8;
    static constexpr int maxKeptPerSandbox = 100;
    static constexpr int maxEnvironment = 64;
    static constexpr int stopGraceMs = 3000;

    BlaxelProcesses(const BlaxelSettings &settings, QMutex &mutex);
    ~BlaxelProcesses();
    Q_DISABLE_COPY_MOVE(BlaxelProcesses)

    // `key`: workspace/name; `root`: the sandbox's canonical folder; `envs`: the sandbox's spec.runtime.envs.
    // Nothing when the command waits for completion: `later` gets the answer then.
    std::optional<HttpReply> start(const IncomingRequest &request, const QString &key, const QString &root,
                                   const QJsonArray &envs, const LateReply &later);
    HttpReply list(const QString &key) const;
    HttpReply get(const QString &key, const QString &identifier) const;
    HttpReply logs(const QString &key, const QString &identifier) const;
    // GET /process/{id}/logs/stream: a chunked text body, one "stdout:" or "stderr:" line for each line the
    // process wrote, what it wrote so far first, then what it writes, "[keepalive]" lines between; the body
    // ends when the process does (at once for one that has ended). A line not ended yet is sent when it
    // ends, or when the process does, or in pieces (BlaxelProcessLog).
    HttpReply logStream(const QString &key, const QString &identifier) const;
    // GET /network/process/{pid}/ports: {"pid", "ports": [PortInfo]} as the sandbox API's network handler
    // answers, the TCP ports the process and its descendants listen on (ListeningPorts); none once it ended.
    // Only this sandbox's processes: another pid is not found.
    HttpReply ports(const QString &key, const QString &pid) const;
    // DELETE /process/{id}: SIGTERM to the command's process group, SIGKILL after stopGraceMs, status
    // "stopped"; DELETE /process/{id}/kill: SIGKILL at once, status "killed". Both answer at once with
    // @blaxel/core's SuccessResponse, before the command has ended (the SDK polls get() for that); 400 for
    // a process that is not running.
    HttpReply stop(const QString &key, const QString &identifier);
    HttpReply kill(const QString &key, const QString &identifier);
    // The sandbox is gone: its processes are killed and forgotten, and calls waiting for them are answered.
    void forget(const QString &key);

private:
    struct Record
    {
        explicit Record(qint64 maxOutputBytes) : log(maxOutputBytes) {}

        QString name;
        QString pid;
        QString command;
        QString workingDir; // as the sandbox sees it
        QString status = QStringLiteral("running");
        int exitCode = -1;
        bool timedOut = false;
        QString endedAs; // "stopped" or "killed" when a client ended it
        QDateTime startedAt;
        QDateTime completedAt;
        BlaxelProcessLog log;
        QPointer<QProcess> process;
        LateReply waiting; // the waitForCompletion call to answer when the command ends
    };
    using RecordPointer = std::shared_ptr<Record>;

    static void gather(Record &record, QProcess &process);
    // Records how the command ended, answers the call waiting for it, if any, and ends its log streams.
    static void finish(Record &record, QProcess &process);
    void watch(const RecordPointer &record, QProcess *process, int timeoutMs);
    RecordPointer find(const QString &key, const QString &identifier) const;
    static QJsonObject toJson(const Record &record);
    void keepBounded(QList<RecordPointer> &records);
    // The running process `identifier` names, or the reply refusing the call.
    QProcess *running(const QString &key, const QString &identifier, RecordPointer *record,
                      HttpReply *refusal) const;

    const BlaxelSettings &m_settings;
    QMutex &m_mutex;
    QHash<QString, QList<RecordPointer>> m_records;
    int m_counter = 0;
};

} // namespace Emulator
