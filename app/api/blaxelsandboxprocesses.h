#pragma once

#include "api/blaxelsandboxfiles.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <utility>

// One process as GET /process and GET /process/{id} answer it (@blaxel/core's ProcessResponse), bounded.
struct BlaxelProcess
{
    QString name;
    QString pid;    // the API sends it as text
    QString status; // running, completed, failed, killed, stopped (or another word)
    int exitCode = -1;
    bool hasExitCode = false;
    QString command;
    QString workingDir;
    QDateTime startedAt; // invalid when not sent or not a time
    QDateTime completedAt;

    bool isRunning() const
    {
        return !hasExitCode && (status == QStringLiteral("running") || status == QStringLiteral("starting"));
    }
};

// What GET /process/{id}/logs answered: the output so far, each part its last maxLogChars.
struct BlaxelProcessLogs
{
    QString logs; // stdout and stderr as they came
    QString standardOutput;
    QString standardError;
};

// What POST /process is asked to start (@blaxel/core's ProcessRequest): `command` run by the sandbox's
// shell in `workingDir` (empty: the sandbox's own) with `environment` added; the call answers once it has
// started, or once `waitForPorts` listen.
struct BlaxelProcessRequest
{
    QString name; // empty: the sandbox names it
    QString command;
    QString workingDir;
    QList<std::pair<QString, QString>> environment;
    QList<int> waitForPorts;
};

// The process API of a sandbox beyond running one command (BlaxelSandboxFiles::run): list the processes,
// one process, its logs, and its end: DELETE /process/{id} asks it to stop (SIGTERM, then a kill after a
// grace), DELETE /process/{id}/kill kills it. A process is named by its name or its pid. Each call ends
// within listDeadlineMs.
class BlaxelSandboxProcesses
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelSandboxProcesses)

public:
    static constexpr int maxProcesses = 1'000;
    static constexpr int maxPorts = 256;

    // `files` outlives every call made through this.
    explicit BlaxelSandboxProcesses(BlaxelSandboxFiles *files) : m_files(files) {}

    // Starts a process without waiting for it to end; `done` gets it as the sandbox reported it.
    BlaxelSandboxCall *start(const BlaxelProcessRequest &request, QObject *context,
                             ResultHandler<BlaxelProcess> done);
    BlaxelSandboxCall *list(QObject *context, ResultHandler<QList<BlaxelProcess>> done);
    BlaxelSandboxCall *get(const QString &process, QObject *context, ResultHandler<BlaxelProcess> done);
    BlaxelSandboxCall *logs(const QString &process, QObject *context, ResultHandler<BlaxelProcessLogs> done);
    // GET /network/process/{pid}/ports: the TCP ports the process `pid` (digits, not a name) listens on,
    // ascending, each once, at most maxPorts.
    BlaxelSandboxCall *ports(const QString &pid, QObject *context, ResultHandler<QList<int>> done);
    // `kill`: at once (SIGKILL); else a graceful stop. `done` gets the sandbox's message.
    BlaxelSandboxCall *end(const QString &process, bool kill, QObject *context, ResultHandler<QString> done);

    // A process as the API sends it; the strings cut to sane lengths.
    static BlaxelProcess fromJson(const QJsonObject &object);
    // Why `process` (a name or a pid) cannot be put in a path; empty when it can.
    static QString refusal(const QString &process);
    // "/process/{process}", the name encoded as one segment.
    static QString path(const QString &process);

private:
    // The call for `process`, or one failing soon when the name cannot be sent.
    template <typename T>
    BlaxelSandboxCall *newCall(const QString &process, QObject *context,
                               const std::shared_ptr<ResultHandler<T>> &handler, QString *path) const;

    BlaxelSandboxFiles *m_files;
};
