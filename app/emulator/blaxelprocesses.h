#pragma once

#include "emulator/blaxelsettings.h"
#include "emulator/httpreply.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPointer>
#include <QProcess>

#include <memory>

QT_BEGIN_NAMESPACE
class QMutex;
QT_END_NAMESPACE

namespace Emulator {

struct IncomingRequest;

// A sandbox's process API: POST /process runs an allowed command (BlaxelCommandLine) with QProcess in the
// sandbox's folder, with a clean environment, a timeout and bounded output; GET /process lists, GET
// /process/{name} and /process/{name}/logs report, in @blaxel/core's ProcessResponse and ProcessLogs shapes.
// A waitForCompletion call blocks the emulator's thread until the command ends or times out (one request at
// a time, as the emulator handles everything); the others run on, their output gathered as it comes, under
// the server's mutex.
class BlaxelProcesses
{
public:
    static constexpr int maxRunningPerSandbox = 8;
    static constexpr int maxKeptPerSandbox = 100;
    static constexpr int maxEnvironment = 64;

    BlaxelProcesses(const BlaxelSettings &settings, QMutex &mutex);
    ~BlaxelProcesses();
    Q_DISABLE_COPY_MOVE(BlaxelProcesses)

    // `key`: workspace/name; `root`: the sandbox's canonical folder; `envs`: the sandbox's spec.runtime.envs.
    HttpReply start(const IncomingRequest &request, const QString &key, const QString &root,
                    const QJsonArray &envs);
    HttpReply list(const QString &key) const;
    HttpReply get(const QString &key, const QString &identifier) const;
    HttpReply logs(const QString &key, const QString &identifier) const;
    // The sandbox is gone: its processes are killed and forgotten.
    void forget(const QString &key);

private:
    struct Record
    {
        QString name;
        QString pid;
        QString command;
        QString workingDir; // as the sandbox sees it
        QString status = QStringLiteral("running");
        int exitCode = -1;
        bool timedOut = false;
        QDateTime startedAt;
        QDateTime completedAt;
        QByteArray standardOutput;
        QByteArray standardError;
        QByteArray logs; // both, in the order they were read
        QPointer<QProcess> process;
    };
    using RecordPointer = std::shared_ptr<Record>;

    void gather(Record &record, QProcess &process) const;
    void append(QByteArray &target, const QByteArray &data) const;
    static void finish(Record &record, QProcess &process);
    void runBlocking(Record &record, QProcess &process, int timeoutMs) const;
    void runInBackground(const RecordPointer &record, QProcess *process, int timeoutMs);
    RecordPointer find(const QString &key, const QString &identifier) const;
    static QJsonObject toJson(const Record &record);
    void keepBounded(QList<RecordPointer> &records);

    const BlaxelSettings &m_settings;
    QMutex &m_mutex;
    QHash<QString, QList<RecordPointer>> m_records;
    int m_counter = 0;
};

} // namespace Emulator
