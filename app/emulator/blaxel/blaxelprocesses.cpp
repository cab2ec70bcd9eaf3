#include "emulator/blaxel/blaxelprocesses.h"

#include "emulator/blaxel/blaxelcommandline.h"
#include "emulator/blaxel/blaxelreplies.h"
#include "emulator/blaxel/blaxelsandboxjson.h"
#include "emulator/blaxel/blaxelsandboxpaths.h"
#include "emulator/blaxel/listeningports.h"
#include "emulator/server/incomingrequest.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QMutex>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <csignal>
#include <unistd.h>
#include <utility>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

bool validEnvironmentName(const QString &name)
{
    static const QRegularExpression pattern(u"^[A-Za-z_][A-Za-z0-9_]{0,127}$"_s);
    // Names that would change which program runs or how: the command line's checks rely on them.
    return pattern.match(name).hasMatch() && name != u"PATH" && name != u"TAR_OPTIONS" &&
           !name.startsWith(u"LD_") && name != u"GCONV_PATH" && name != u"PYTHONHOME";
}

// The command and whatever it started: each command leads a process group of its own.
void killGroup(QProcess &process)
{
    const qint64 pid = process.processId();
    if (pid > 0 && process.state() != QProcess::NotRunning)
        ::kill(-pid_t(pid), SIGKILL);
    process.kill();
}

} // namespace

BlaxelProcesses::BlaxelProcesses(const BlaxelSettings &settings, QMutex &mutex)
    : m_settings(settings), m_mutex(mutex)
{}

BlaxelProcesses::~BlaxelProcesses()
{
    for (const QString &key : m_records.keys())
        forget(key);
}

void BlaxelProcesses::forget(const QString &key)
{
    for (const RecordPointer &record : m_records.value(key)) {
        if (QProcess *process = record->process.data()) {
            // Disconnected first: the slots take the mutex, which the caller may hold.
            QObject::disconnect(process, nullptr, nullptr, nullptr);
            record->timedOut = true; // reported as killed, as a command past its timeout
            killGroup(*process);
            process->waitForFinished(2000);
            gather(*record, *process);
            finish(*record, *process);
            record->process.clear();
            delete process;
        }
    }
    m_records.remove(key);
}

void BlaxelProcesses::gather(Record &record, QProcess &process)
{
    record.log.append(process.readAllStandardOutput(), process.readAllStandardError());
}

void BlaxelProcesses::finish(Record &record, QProcess &process)
{
    record.log.end();
    record.completedAt = QDateTime::currentDateTimeUtc();
    record.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    if (!record.endedAs.isEmpty())
        record.status = record.endedAs;
    else if (record.timedOut)
        record.status = u"killed"_s;
    else if (process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0)
        record.status = u"completed"_s;
    else
        record.status = u"failed"_s;
    if (const LateReply waiting = std::exchange(record.waiting, {}))
        waiting(HttpReply::json(200, toJson(record)));
}

void BlaxelProcesses::watch(const RecordPointer &record, QProcess *process, int timeoutMs)
{
    record->process = process;
    const auto collect = [this, record, process]() {
        QMutexLocker locker(&m_mutex);
        gather(*record, *process);
    };
    QObject::connect(process, &QProcess::readyReadStandardOutput, process, collect);
    QObject::connect(process, &QProcess::readyReadStandardError, process, collect);
    QObject::connect(process, &QProcess::finished, process, [this, record, process]() {
        QMutexLocker locker(&m_mutex);
        gather(*record, *process);
        finish(*record, *process);
        record->process.clear();
        process->deleteLater();
    });
    QTimer::singleShot(timeoutMs, process, [this, record, process]() {
        QMutexLocker locker(&m_mutex);
        record->timedOut = true;
        killGroup(*process);
    });
}

void BlaxelProcesses::keepBounded(QList<RecordPointer> &records)
{
    while (records.size() > maxKeptPerSandbox) {
        const auto done = std::find_if(records.begin(), records.end(),
                                       [](const RecordPointer &r) { return r->process.isNull(); });
        if (done == records.end())
            break;
        records.erase(done);
    }
}

std::optional<HttpReply> BlaxelProcesses::start(const IncomingRequest &request, const QString &key,
                                                const QString &root, const QJsonArray &envs,
                                                const LateReply &later)
{
    const QJsonObject body = QJsonDocument::fromJson(request.body).object();
    if (!body.value(u"command"_s).isString())
        return BlaxelReplies::sandboxError(400, u"command is required (a string)"_s);
    QList<RecordPointer> &records = m_records[key];
    QString name = body.value(u"name"_s).toString();
    static const QRegularExpression namePattern(u"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"_s);
    if (!name.isEmpty() && !namePattern.match(name).hasMatch())
        return BlaxelReplies::sandboxError(400, u"name must be 1 to 64 letters, digits, '.', '_' or '-'"_s);
    if (name.isEmpty())
        name = u"proc-%1"_s.arg(++m_counter);
    const auto running = std::count_if(records.cbegin(), records.cend(),
                                       [](const RecordPointer &r) { return !r->process.isNull(); });
    for (const RecordPointer &record : std::as_const(records)) {
        if (record->name == name && !record->process.isNull())
            return BlaxelReplies::sandboxError(409, u"a process named %1 is running"_s.arg(name));
    }
    if (running >= maxRunningPerSandbox)
        return BlaxelReplies::sandboxError(429, u"%1 processes are running already"_s.arg(running));

    QString error;
    const QString workingDir = body.value(u"workingDir"_s).toString(BlaxelSandboxPaths::workingDirectory());
    const std::optional<QString> sandboxDir = BlaxelSandboxPaths::sandboxPath(workingDir, &error);
    const std::optional<QString> realDir =
        sandboxDir ? BlaxelSandboxPaths::realPath(root, *sandboxDir, &error) : std::nullopt;
    if (!realDir)
        return BlaxelReplies::sandboxError(403, error);
    if (!QFileInfo(*realDir).isDir())
        return BlaxelReplies::sandboxError(400, u"workingDir %1 is not a directory"_s.arg(*sandboxDir));
    const QString command = body.value(u"command"_s).toString();
    const std::optional<BlaxelCommandLine::Prepared> prepared =
        BlaxelCommandLine::prepare(command, root, *realDir, &error);
    if (!prepared)
        return BlaxelReplies::sandboxError(400, error);

    QProcessEnvironment environment;
    environment.insert(u"PATH"_s, u"/usr/bin:/bin"_s);
    environment.insert(u"HOME"_s, root + BlaxelSandboxPaths::workingDirectory());
    environment.insert(u"LANG"_s, u"C.UTF-8"_s);
    environment.insert(u"PYTHONDONTWRITEBYTECODE"_s, u"1"_s);
    for (const auto &env : envs) {
        const QString envName = env[u"name"_s].toString();
        if (validEnvironmentName(envName))
            environment.insert(envName, env[u"value"_s].toString());
    }
    const QJsonObject requested = body.value(u"env"_s).toObject();
    if (requested.size() > maxEnvironment)
        return BlaxelReplies::sandboxError(400, u"env has more than %1 variables"_s.arg(maxEnvironment));
    for (auto it = requested.constBegin(); it != requested.constEnd(); ++it) {
        if (!validEnvironmentName(it.key()) || !it.value().isString() || it.value().toString().size() > 4096)
            return BlaxelReplies::sandboxError(
                400, u"env: %1 is not a variable the emulator sets"_s.arg(it.key().left(64)));
        environment.insert(it.key(), it.value().toString());
    }
    int timeoutMs = m_settings.processTimeoutMs;
    if (const double seconds = body.value(u"timeout"_s).toDouble(0); seconds > 0)
        timeoutMs = int(std::min<double>(timeoutMs, seconds * 1000));

    auto record = std::make_shared<Record>(m_settings.maxOutputBytes);
    record->name = name;
    record->command = command;
    record->workingDir = *sandboxDir;
    record->startedAt = QDateTime::currentDateTimeUtc();
    auto *process = new QProcess;
    process->setProgram(prepared->program);
    process->setArguments(prepared->arguments);
    process->setWorkingDirectory(*realDir);
    process->setProcessEnvironment(environment);
    process->setStandardInputFile(QProcess::nullDevice());
    process->setChildProcessModifier([]() { ::setpgid(0, 0); });
    process->start();
    if (!process->waitForStarted(5000)) {
        delete process;
        return BlaxelReplies::sandboxError(500, u"%1 could not be started"_s.arg(prepared->program));
    }
    record->pid = QString::number(process->processId());
    records.removeIf([&](const RecordPointer &r) { return r->name == name; });
    records.append(record);
    keepBounded(records);
    watch(record, process, timeoutMs);
    if (body.value(u"waitForCompletion"_s).toBool(false)) {
        record->waiting = later;
        return std::nullopt;
    }
    return HttpReply::json(200, toJson(*record));
}

BlaxelProcesses::RecordPointer BlaxelProcesses::find(const QString &key, const QString &identifier) const
{
    for (const RecordPointer &record : m_records.value(key)) {
        if (record->name == identifier || record->pid == identifier)
            return record;
    }
    return nullptr;
}

QJsonObject BlaxelProcesses::toJson(const Record &record)
{
    QJsonObject object{{u"name"_s, record.name},
                       {u"pid"_s, record.pid},
                       {u"command"_s, record.command},
                       {u"workingDir"_s, record.workingDir},
                       {u"status"_s, record.status},
                       {u"startedAt"_s, BlaxelSandboxJson::timestamp(record.startedAt)},
                       {u"logs"_s, QString::fromUtf8(record.log.both())},
                       {u"stdout"_s, QString::fromUtf8(record.log.standardOutput())},
                       {u"stderr"_s, QString::fromUtf8(record.log.standardError())}};
    if (record.completedAt.isValid()) {
        object.insert(u"completedAt"_s, BlaxelSandboxJson::timestamp(record.completedAt));
        object.insert(u"exitCode"_s, record.exitCode);
    }
    return object;
}

HttpReply BlaxelProcesses::list(const QString &key) const
{
    QJsonArray items;
    for (const RecordPointer &record : m_records.value(key))
        items.append(toJson(*record));
    return HttpReply::json(200, items);
}

HttpReply BlaxelProcesses::get(const QString &key, const QString &identifier) const
{
    const RecordPointer record = find(key, identifier);
    if (!record)
        return BlaxelReplies::sandboxError(404, u"process %1 not found"_s.arg(identifier.left(64)));
    return HttpReply::json(200, toJson(*record));
}

HttpReply BlaxelProcesses::logs(const QString &key, const QString &identifier) const
{
    const RecordPointer record = find(key, identifier);
    if (!record)
        return BlaxelReplies::sandboxError(404, u"process %1 not found"_s.arg(identifier.left(64)));
    return HttpReply::json(200, QJsonObject{{u"logs"_s, QString::fromUtf8(record->log.both())},
                                            {u"stdout"_s, QString::fromUtf8(record->log.standardOutput())},
                                            {u"stderr"_s, QString::fromUtf8(record->log.standardError())}});
}

HttpReply BlaxelProcesses::logStream(const QString &key, const QString &identifier) const
{
    const RecordPointer record = find(key, identifier);
    if (!record)
        return BlaxelReplies::sandboxError(404, u"process %1 not found"_s.arg(identifier.left(64)));
    return ChunkedStream::textReply([this, record](QTcpSocket *socket) {
        QMutexLocker locker(&m_mutex);
        // Parented to its connection: it goes with it, whichever goes first.
        record->log.attach(new ChunkedStream(socket, m_settings.watchKeepaliveMs, socket),
                           !record->process.isNull());
    });
}

HttpReply BlaxelProcesses::ports(const QString &key, const QString &pid) const
{
    bool isNumber = false;
    const int number = pid.toInt(&isNumber);
    if (!isNumber || number <= 0)
        return BlaxelReplies::sandboxError(400, u"invalid PID"_s);
    RecordPointer record;
    for (const RecordPointer &candidate : m_records.value(key)) {
        if (candidate->pid == QString::number(number))
            record = candidate;
    }
    if (!record)
        return BlaxelReplies::sandboxError(404, u"process %1 not found"_s.arg(number));
    QJsonArray ports;
    const QProcess *process = record->process.data();
    if (process && process->state() != QProcess::NotRunning) {
        for (const ListeningPorts::Port &port : ListeningPorts::of(process->processId()))
            ports.append(QJsonObject{{u"pid"_s, port.pid},
                                     {u"protocol"_s, u"tcp"_s},
                                     {u"localAddr"_s, port.localAddress},
                                     {u"localPort"_s, port.localPort},
                                     {u"remoteAddr"_s, QString()},
                                     {u"remotePort"_s, 0},
                                     {u"state"_s, u"LISTEN"_s},
                                     {u"processName"_s, port.processName}});
    }
    return HttpReply::json(200, QJsonObject{{u"pid"_s, number}, {u"ports"_s, ports}});
}

QProcess *BlaxelProcesses::running(const QString &key, const QString &identifier, RecordPointer *record,
                                   HttpReply *refusal) const
{
    *record = find(key, identifier);
    if (!*record) {
        *refusal = BlaxelReplies::sandboxError(404, u"process %1 not found"_s.arg(identifier.left(64)));
        return nullptr;
    }
    QProcess *process = (*record)->process.data();
    if (!process || process->state() == QProcess::NotRunning) {
        *refusal = BlaxelReplies::sandboxError(
            400, u"process %1 is not running (%2)"_s.arg(identifier.left(64), (*record)->status));
        return nullptr;
    }
    return process;
}

HttpReply BlaxelProcesses::stop(const QString &key, const QString &identifier)
{
    RecordPointer record;
    HttpReply refusal;
    QProcess *process = running(key, identifier, &record, &refusal);
    if (!process)
        return refusal;
    record->endedAs = u"stopped"_s;
    if (const qint64 pid = process->processId(); pid > 0)
        ::kill(-pid_t(pid), SIGTERM);
    // A command that ignores SIGTERM still ends, as the sandbox's API escalates too.
    QTimer::singleShot(stopGraceMs, process, [this, process]() {
        QMutexLocker locker(&m_mutex);
        killGroup(*process);
    });
    return HttpReply::json(200, QJsonObject{{u"message"_s, u"Process stopped successfully"_s}});
}

HttpReply BlaxelProcesses::kill(const QString &key, const QString &identifier)
{
    RecordPointer record;
    HttpReply refusal;
    QProcess *process = running(key, identifier, &record, &refusal);
    if (!process)
        return refusal;
    record->endedAs = u"killed"_s;
    killGroup(*process);
    return HttpReply::json(200, QJsonObject{{u"message"_s, u"Process killed successfully"_s}});
}

} // namespace Emulator
