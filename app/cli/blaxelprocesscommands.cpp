#include "cli/blaxelprocesscommands.h"

#include "api/blaxelsandboxfiles.h"
#include "api/blaxelsandboxprocesses.h"
#include "api/blaxelsandboxservice.h"
#include "cli/blaxelsandboxlookup.h"
#include "cli/interruptnotifier.h"
#include "cli/remotebyteswriter.h"
#include "cli/terminaltext.h"
#include "cli/texttable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

QJsonObject toJson(const BlaxelProcess &process)
{
    QJsonObject object{{u"name"_s, process.name},
                       {u"pid"_s, process.pid},
                       {u"status"_s, process.status},
                       {u"exitCode"_s, process.hasExitCode ? QJsonValue(process.exitCode) : QJsonValue()},
                       {u"command"_s, process.command},
                       {u"workingDir"_s, process.workingDir}};
    object.insert(u"startedAt"_s, process.startedAt.isValid()
                                      ? QJsonValue(process.startedAt.toString(Qt::ISODateWithMs))
                                      : QJsonValue());
    object.insert(u"completedAt"_s, process.completedAt.isValid()
                                        ? QJsonValue(process.completedAt.toString(Qt::ISODateWithMs))
                                        : QJsonValue());
    return object;
}

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// "completed, exit code 0"; "running".
QString statusWords(const BlaxelProcess &process)
{
    const QString status = process.status.isEmpty() ? u"status unknown"_s : process.status;
    return process.hasExitCode ? u"%1, exit code %2"_s.arg(status).arg(process.exitCode) : status;
}

} // namespace

const QMap<QString, BlaxelProcessCommands::Handler> &BlaxelProcessCommands::handlers()
{
    static const QMap<QString, Handler> handlers = {
        {u"blaxel ps"_s, &BlaxelProcessCommands::list},
        {u"blaxel logs"_s, &BlaxelProcessCommands::logs},
        {u"blaxel kill"_s, &BlaxelProcessCommands::kill},
    };
    return handlers;
}

bool BlaxelProcessCommands::handles(const QString &command)
{
    return handlers().contains(command);
}

BlaxelProcessCommands::BlaxelProcessCommands(CliContext &context, QObject *parent)
    : CliCommandGroup(context, parent),
      m_blaxel(new BlaxelSandboxService(context.transport(), context.command().option(u"workspace"_s), this))
{}

void BlaxelProcessCommands::start()
{
    const Handler handler = handlers().value(m_command.name);
    BlaxelSandboxLookup::open(m_context, m_blaxel, this,
                              [this, handler](BlaxelSandboxFiles *files) { (this->*handler)(files); });
}

int BlaxelProcessCommands::failed(const ApiError &error)
{
    if (error.httpStatus() == 404) {
        m_output.err(u"error: no such process in Blaxel sandbox %1: %2\n"_s.arg(
            m_command.arguments[0], TerminalText::escape(m_command.arguments.value(1))));
        return 1;
    }
    return m_output.apiError(error);
}

void BlaxelProcessCommands::list(BlaxelSandboxFiles *files)
{
    BlaxelSandboxProcesses(files).list(this, [this, files](const ApiResult<QList<BlaxelProcess>> &result) {
        if (!result)
            return done(m_output.apiError(result.error()));
        struct Gathering
        {
            QList<BlaxelProcess> processes;
            QHash<QString, QList<int>> ports;
            int pending = 0;
            int notAsked = 0;
        };
        auto gathering = std::make_shared<Gathering>();
        gathering->processes = result.value();
        QStringList pids;
        for (const BlaxelProcess &process : std::as_const(gathering->processes)) {
            if (!process.isRunning() || process.pid.isEmpty() || pids.contains(process.pid))
                continue;
            if (pids.size() < maxPortsAsked)
                pids.append(process.pid);
            else
                ++gathering->notAsked;
        }
        if (pids.isEmpty())
            return printList(gathering->processes, {}, 0);
        gathering->pending = int(pids.size());
        for (const QString &pid : std::as_const(pids))
            BlaxelSandboxProcesses(files).ports(
                pid, this, [this, gathering, pid](const ApiResult<QList<int>> &ports) {
                    if (ports)
                        gathering->ports.insert(pid, ports.value());
                    if (--gathering->pending == 0)
                        printList(gathering->processes, gathering->ports, gathering->notAsked);
                });
    });
}

void BlaxelProcessCommands::printList(const QList<BlaxelProcess> &processes,
                                      const QHash<QString, QList<int>> &ports, int runningNotAsked)
{
    const auto portsText = [&](const BlaxelProcess &process) -> QString {
        if (!process.isRunning())
            return u"-"_s;
        const auto found = ports.constFind(process.pid);
        if (found == ports.cend())
            return u"?"_s;
        QStringList numbers;
        for (const int port : *found)
            numbers.append(QString::number(port));
        return numbers.isEmpty() ? u"-"_s : numbers.join(u',');
    };
    if (m_command.json) {
        QJsonArray items;
        for (const auto &process : processes) {
            QJsonObject object = toJson(process);
            const auto found = ports.constFind(process.pid);
            if (process.isRunning() && found != ports.cend()) {
                QJsonArray numbers;
                for (const int port : *found)
                    numbers.append(port);
                object.insert(u"ports"_s, numbers);
            } else {
                object.insert(u"ports"_s, process.isRunning() ? QJsonValue() : QJsonValue(QJsonArray()));
            }
            items.append(object);
        }
        m_output.jsonAsIs(QJsonDocument(items).toJson(QJsonDocument::Compact));
        return done(0);
    }
    if (processes.isEmpty()) {
        m_output.out(u"No processes in %1.\n"_s.arg(m_command.arguments[0]));
        return done(0);
    }
    TextTable table(
        {u"NAME"_s, u"PID"_s, u"STATUS"_s, u"EXIT CODE"_s, u"STARTED"_s, u"PORTS"_s, u"COMMAND"_s});
    table.setMaxColumnWidth(0, 40);
    table.setMaxColumnWidth(5, 40);
    table.setMaxColumnWidth(6, 80);
    for (const auto &process : processes)
        table.addRow({process.name, process.pid.isEmpty() ? u"-"_s : process.pid,
                      process.status.isEmpty() ? u"-"_s : process.status,
                      process.hasExitCode ? QString::number(process.exitCode) : u"-"_s,
                      CliOutput::age(process.startedAt), portsText(process), process.command});
    m_output.out(table.render());
    if (runningNotAsked > 0)
        m_output.out(
            u"Ports were read for the first %1 running processes only (%2 more: ?).\n"_s.arg(maxPortsAsked)
                .arg(runningNotAsked));
    done(0);
}

BlaxelProcessCommands::~BlaxelProcessCommands() = default;

QString BlaxelProcessCommands::chosenLog(const BlaxelProcessLogs &logs) const
{
    return m_command.has(u"stdout"_s)   ? logs.standardOutput
           : m_command.has(u"stderr"_s) ? logs.standardError
                                        : logs.logs;
}

void BlaxelProcessCommands::logs(BlaxelSandboxFiles *files)
{
    if (m_command.has(u"follow"_s))
        return follow(files);
    BlaxelSandboxProcesses(files).logs(
        m_command.arguments[1], this, [this](const ApiResult<BlaxelProcessLogs> &result) {
            if (!result)
                return done(failed(result.error()));
            if (m_command.json) {
                m_output.jsonAsIs(compact(QJsonObject{{u"process"_s, m_command.arguments[1]},
                                                      {u"logs"_s, result->logs},
                                                      {u"stdout"_s, result->standardOutput},
                                                      {u"stderr"_s, result->standardError}}));
                return done(0);
            }
            RemoteBytesWriter writer(stdout);
            const bool written = writer.write(chosenLog(result.value()).toUtf8()) && writer.finish();
            if (!written)
                m_output.err(u"error: could not write the logs to stdout.\n"_s);
            done(written ? 0 : 1);
        });
}

void BlaxelProcessCommands::follow(BlaxelSandboxFiles *files)
{
    m_followWriter = std::make_unique<RemoteBytesWriter>(stdout);
    // Ctrl+C is how a follow ends while the process runs, as with tail -f.
    m_interrupt = new InterruptNotifier(this);
    connect(m_interrupt, &InterruptNotifier::interrupted, this, [this] {
        m_interrupted = true;
        m_followWriter->finish();
        done(InterruptNotifier::interruptedExitCode);
    });
    followRound(files);
}

void BlaxelProcessCommands::followRound(BlaxelSandboxFiles *files)
{
    const QString name = m_command.arguments[1];
    // Whether it ran before its log is read: once it had ended, this read is the last.
    BlaxelSandboxProcesses(files).get(name, this, [this, files, name](const ApiResult<BlaxelProcess> &state) {
        if (m_interrupted)
            return;
        if (!state)
            return done(failed(state.error()));
        BlaxelSandboxProcesses(files).logs(
            name, this, [this, files, process = state.value()](const ApiResult<BlaxelProcessLogs> &result) {
                if (m_interrupted)
                    return;
                if (!result)
                    return done(failed(result.error()));
                const QString text = chosenLog(result.value());
                bool written = true;
                if (text.startsWith(m_followed)) {
                    written = m_followWriter->write(text.mid(m_followed.size()).toUtf8());
                } else {
                    // The sandbox keeps the last part of a long log: its start moved past what was printed.
                    m_output.err(u"[the sandbox dropped the start of the log; what it keeps follows]\n"_s);
                    written = m_followWriter->write(text.toUtf8());
                }
                m_followed = text;
                if (!written || !m_followWriter->flush()) {
                    m_output.err(u"error: could not write the logs to stdout.\n"_s);
                    return done(1);
                }
                if (!process.isRunning()) {
                    m_followWriter->finish();
                    m_output.err(u"Process %1 ended: %2.\n"_s.arg(
                        TerminalText::escape(process.name), TerminalText::escape(statusWords(process))));
                    return done(0);
                }
                QTimer::singleShot(followPollMs, this, [this, files] { followRound(files); });
            });
    });
}

void BlaxelProcessCommands::kill(BlaxelSandboxFiles *files)
{
    const QString name = m_command.arguments[1];
    // Asked first, so that a process that is not running is said plainly, with how it ended.
    BlaxelSandboxProcesses(files).get(
        name, this, [this, files, name](const ApiResult<BlaxelProcess> &result) {
            if (!result)
                return done(failed(result.error()));
            if (!result->isRunning()) {
                m_output.err(u"error: process %1 of %2 is not running (%3); nothing was done.\n"_s.arg(
                    TerminalText::escape(name), m_command.arguments[0],
                    TerminalText::escape(statusWords(result.value()))));
                return done(1);
            }
            const bool stop = m_command.has(u"stop"_s);
            BlaxelSandboxProcesses(files).end(name, !stop, this,
                                              [this, files](const ApiResult<QString> &ended) {
                                                  if (!ended)
                                                      return done(failed(ended.error()));
                                                  m_killed.start();
                                                  waitForEnd(files);
                                              });
        });
}

void BlaxelProcessCommands::waitForEnd(BlaxelSandboxFiles *files)
{
    BlaxelSandboxProcesses(files).get(
        m_command.arguments[1], this, [this, files](const ApiResult<BlaxelProcess> &result) {
            if (!result)
                return done(failed(result.error()));
            if (!result->isRunning())
                return reportEnd(result.value(), true);
            if (m_killed.elapsed() + endPollMs > endWaitMs)
                return reportEnd(result.value(), false);
            QTimer::singleShot(endPollMs, this, [this, files] { waitForEnd(files); });
        });
}

void BlaxelProcessCommands::reportEnd(const BlaxelProcess &process, bool ended)
{
    if (m_command.json) {
        m_output.jsonAsIs(compact(toJson(process)));
    } else if (ended) {
        m_output.out(u"Process %1 (pid %2) ended: %3.\n"_s.arg(TerminalText::escape(process.name),
                                                               TerminalText::escape(process.pid),
                                                               TerminalText::escape(statusWords(process))));
    } else {
        m_output.out(u"Process %1 was asked to %2 but is still %3 after %4 s.\n"_s.arg(
            TerminalText::escape(process.name), m_command.has(u"stop"_s) ? u"stop"_s : u"die"_s,
            TerminalText::escape(statusWords(process)), QString::number(endWaitMs / 1000)));
    }
    done(ended ? 0 : 1);
}
