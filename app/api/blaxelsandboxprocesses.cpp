#include "api/blaxelsandboxprocesses.h"

#include "api/apirequest.h"
#include "api/blaxelsandboxjsoncall.h"
#include "api/isotimestamp.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

QString text(const QJsonObject &object, const QString &name, int maxChars)
{
    const QJsonValue value = object.value(name);
    // pid is text in the API's schema; a number is taken as well.
    if (value.isDouble())
        return QString::number(qint64(value.toDouble()));
    return value.toString().left(maxChars);
}

} // namespace

BlaxelProcess BlaxelSandboxProcesses::fromJson(const QJsonObject &object)
{
    BlaxelProcess process;
    process.name = text(object, u"name"_s, 256);
    process.pid = text(object, u"pid"_s, 32);
    process.status = text(object, u"status"_s, 64);
    process.command = text(object, u"command"_s, 4096);
    process.workingDir = text(object, u"workingDir"_s, 4096);
    const QJsonValue exitCode = object.value(u"exitCode"_s);
    process.hasExitCode = exitCode.isDouble();
    process.exitCode = exitCode.toInt(-1);
    process.startedAt = IsoTimestamp::parse(text(object, u"startedAt"_s, 64));
    process.completedAt = IsoTimestamp::parse(text(object, u"completedAt"_s, 64));
    return process;
}

template <typename T>
BlaxelSandboxCall *BlaxelSandboxProcesses::newCall(const QString &process, QObject *context,
                                                   const std::shared_ptr<ResultHandler<T>> &handler,
                                                   QString *path) const
{
    BlaxelSandboxCall *call = m_files->newCall(context, handler);
    QString problem = m_files->refusal({});
    if (problem.isEmpty())
        problem = refusal(process);
    if (!problem.isEmpty()) {
        call->failSoon(problem);
        return call;
    }
    call->setDeadline(m_files->limits().listDeadlineMs);
    *path = BlaxelSandboxProcesses::path(process);
    return call;
}

QString BlaxelSandboxProcesses::refusal(const QString &process)
{
    if (process.isEmpty() || process.size() > 256 ||
        std::any_of(process.cbegin(), process.cend(),
                    [](QChar c) { return c.unicode() < 0x20 || c == u'\x7f' || c == u'/'; }))
        return tr("'%1' is not a process name or pid that can be sent.").arg(process.left(64));
    return {};
}

QString BlaxelSandboxProcesses::path(const QString &process)
{
    return u"/process/"_s + ApiRequest::encodeSegment(process);
}

BlaxelSandboxCall *BlaxelSandboxProcesses::list(QObject *context, ResultHandler<QList<BlaxelProcess>> done)
{
    auto handler = std::make_shared<ResultHandler<QList<BlaxelProcess>>>(std::move(done));
    BlaxelSandboxCall *call = m_files->newCall(context, handler);
    if (const QString problem = m_files->refusal({}); !problem.isEmpty()) {
        call->failSoon(problem);
        return call;
    }
    call->setDeadline(m_files->limits().listDeadlineMs);
    BlaxelSandboxJsonCall::send(m_files, call, "GET", u"/process"_s, {}, tr("the process list"),
                                [call, handler](const QByteArray &body) {
                                    const QJsonDocument document = QJsonDocument::fromJson(body);
                                    if (!document.isArray()) {
                                        call->fail(ApiError::decode(tr("the sandbox's process list"), body));
                                        return;
                                    }
                                    QList<BlaxelProcess> processes;
                                    for (const auto &item : document.array()) {
                                        if (processes.size() >= maxProcesses)
                                            break;
                                        processes.append(fromJson(item.toObject()));
                                    }
                                    call->finishWith([&] { (*handler)(processes); });
                                });
    return call;
}

BlaxelSandboxCall *BlaxelSandboxProcesses::start(const BlaxelProcessRequest &request, QObject *context,
                                                 ResultHandler<BlaxelProcess> done)
{
    auto handler = std::make_shared<ResultHandler<BlaxelProcess>>(std::move(done));
    BlaxelSandboxCall *call = m_files->newCall(context, handler);
    QString problem = m_files->refusal(request.workingDir);
    if (problem.isEmpty() && request.command.trimmed().isEmpty())
        problem = tr("Say which command to start.");
    if (!problem.isEmpty()) {
        call->failSoon(problem);
        return call;
    }
    QJsonObject body{{u"command"_s, request.command}, {u"waitForCompletion"_s, false}};
    if (!request.name.isEmpty())
        body.insert(u"name"_s, request.name);
    if (!request.workingDir.isEmpty())
        body.insert(u"workingDir"_s, request.workingDir);
    QJsonObject environment;
    for (const auto &[name, value] : request.environment)
        environment.insert(name, value);
    if (!environment.isEmpty())
        body.insert(u"env"_s, environment);
    QJsonArray ports;
    for (const int port : request.waitForPorts)
        ports.append(port);
    if (!ports.isEmpty())
        body.insert(u"waitForPorts"_s, ports);
    call->setDeadline(m_files->limits().listDeadlineMs);
    BlaxelSandboxJsonCall::send(
        m_files, call, "POST", u"/process"_s, {}, tr("the new process"),
        [call, handler](const QByteArray &answer) {
            const QJsonDocument document = QJsonDocument::fromJson(answer);
            if (!document.isObject()) {
                call->fail(ApiError::decode(tr("the sandbox's answer"), answer));
                return;
            }
            const BlaxelProcess started = fromJson(document.object());
            call->finishWith([&] { (*handler)(started); });
        },
        QJsonDocument(body).toJson(QJsonDocument::Compact));
    return call;
}

BlaxelSandboxCall *BlaxelSandboxProcesses::get(const QString &process, QObject *context,
                                               ResultHandler<BlaxelProcess> done)
{
    auto handler = std::make_shared<ResultHandler<BlaxelProcess>>(std::move(done));
    QString path;
    BlaxelSandboxCall *call = newCall(process, context, handler, &path);
    if (path.isEmpty())
        return call;
    BlaxelSandboxJsonCall::send(m_files, call, "GET", path, {}, tr("the process %1").arg(process),
                                [call, handler](const QByteArray &body) {
                                    const QJsonDocument document = QJsonDocument::fromJson(body);
                                    if (!document.isObject()) {
                                        call->fail(ApiError::decode(tr("the sandbox's answer"), body));
                                        return;
                                    }
                                    const BlaxelProcess found = fromJson(document.object());
                                    call->finishWith([&] { (*handler)(found); });
                                });
    return call;
}

BlaxelSandboxCall *BlaxelSandboxProcesses::logs(const QString &process, QObject *context,
                                                ResultHandler<BlaxelProcessLogs> done)
{
    auto handler = std::make_shared<ResultHandler<BlaxelProcessLogs>>(std::move(done));
    QString path;
    BlaxelSandboxCall *call = newCall(process, context, handler, &path);
    if (path.isEmpty())
        return call;
    const int maxChars = m_files->limits().maxLogChars;
    BlaxelSandboxJsonCall::send(
        m_files, call, "GET", path + u"/logs"_s, {}, tr("the process %1").arg(process),
        [call, handler, maxChars](const QByteArray &body) {
            const QJsonDocument document = QJsonDocument::fromJson(body);
            if (!document.isObject()) {
                call->fail(ApiError::decode(tr("the sandbox's answer"), body));
                return;
            }
            const QJsonObject object = document.object();
            const BlaxelProcessLogs logs{object.value(u"logs"_s).toString().right(maxChars),
                                         object.value(u"stdout"_s).toString().right(maxChars),
                                         object.value(u"stderr"_s).toString().right(maxChars)};
            call->finishWith([&] { (*handler)(logs); });
        });
    return call;
}

BlaxelSandboxCall *BlaxelSandboxProcesses::ports(const QString &pid, QObject *context,
                                                 ResultHandler<QList<int>> done)
{
    auto handler = std::make_shared<ResultHandler<QList<int>>>(std::move(done));
    static const QRegularExpression digits(u"^[1-9][0-9]{0,9}$"_s);
    if (!digits.match(pid).hasMatch()) {
        BlaxelSandboxCall *call = m_files->newCall(context, handler);
        call->failSoon(tr("'%1' is not a pid.").arg(pid.left(64)));
        return call;
    }
    QString processPath;
    BlaxelSandboxCall *call = newCall(pid, context, handler, &processPath);
    if (processPath.isEmpty())
        return call;
    BlaxelSandboxJsonCall::send(
        m_files, call, "GET", u"/network/process/%1/ports"_s.arg(pid), {}, tr("the process %1").arg(pid),
        [call, handler](const QByteArray &body) {
            const QJsonDocument document = QJsonDocument::fromJson(body);
            if (!document.isObject() || !document.object().value(u"ports"_s).isArray()) {
                call->fail(ApiError::decode(tr("the sandbox's answer"), body));
                return;
            }
            QList<int> ports;
            const QJsonArray entries = document.object().value(u"ports"_s).toArray();
            for (const QJsonValue entry : entries) {
                const double port = entry.toObject().value(u"localPort"_s).toDouble(0);
                if (port >= 1 && port <= 65535 && port == double(int(port)) && !ports.contains(int(port)))
                    ports.append(int(port));
                if (ports.size() >= maxPorts)
                    break;
            }
            std::sort(ports.begin(), ports.end());
            call->finishWith([&] { (*handler)(ports); });
        });
    return call;
}

BlaxelSandboxCall *BlaxelSandboxProcesses::end(const QString &process, bool kill, QObject *context,
                                               ResultHandler<QString> done)
{
    auto handler = std::make_shared<ResultHandler<QString>>(std::move(done));
    QString path;
    BlaxelSandboxCall *call = newCall(process, context, handler, &path);
    if (path.isEmpty())
        return call;
    BlaxelSandboxJsonCall::send(
        m_files, call, "DELETE", kill ? path + u"/kill"_s : path, {}, tr("the process %1").arg(process),
        [call, handler](const QByteArray &body) {
            const QString message =
                QJsonDocument::fromJson(body).object().value(u"message"_s).toString().left(400);
            call->finishWith([&] { (*handler)(message); });
        });
    return call;
}
