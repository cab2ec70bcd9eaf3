#pragma once

#include "cli/clicommandgroup.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

#include <memory>

class ApiError;
class BlaxelSandboxFiles;
class BlaxelSandboxService;
struct BlaxelProcess;
struct BlaxelProcessLogs;
class InterruptNotifier;
class RemoteBytesWriter;

// The processes of one Blaxel sandbox through its own API: `blaxel ps` (with the ports the running ones
// listen on), `logs` and `kill`. A process is
// named by its name or its pid; what the sandbox sends is escaped for the terminal.
class BlaxelProcessCommands final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelProcessCommands)

public:
    // How long `kill` waits to see the process end before it says it was asked to.
    static constexpr int endWaitMs = 15'000;
    static constexpr int endPollMs = 200;
    // `ps` asks the ports of at most this many running processes, one call each.
    static constexpr int maxPortsAsked = 20;
    // How often `logs --follow` asks for the log again.
    static constexpr int followPollMs = 500;

    static bool handles(const QString &command);

    explicit BlaxelProcessCommands(CliContext &context, QObject *parent = nullptr);
    ~BlaxelProcessCommands() override;

    void start() override;

private:
    using Handler = void (BlaxelProcessCommands::*)(BlaxelSandboxFiles *);
    static const QMap<QString, Handler> &handlers();

    void list(BlaxelSandboxFiles *files);
    // Prints `processes` with `ports` (by pid; a running process missing from it was not read).
    void printList(const QList<BlaxelProcess> &processes, const QHash<QString, QList<int>> &ports,
                   int runningNotAsked);
    void logs(BlaxelSandboxFiles *files);
    // `logs --follow`: prints what the process wrote so far, then what it adds, until it ends or Ctrl+C.
    void follow(BlaxelSandboxFiles *files);
    // One round of follow(): whether the process runs, then its log; the next round after followPollMs.
    void followRound(BlaxelSandboxFiles *files);
    // The part of the log chosen by --stdout or --stderr, or all of it.
    QString chosenLog(const BlaxelProcessLogs &logs) const;
    void kill(BlaxelSandboxFiles *files);
    // After the kill or stop was accepted: asks for the process until it is no longer running.
    void waitForEnd(BlaxelSandboxFiles *files);
    void reportEnd(const BlaxelProcess &process, bool ended);
    // Prints why a call failed (a 404 as no such process) and answers the exit code.
    int failed(const ApiError &error);

    BlaxelSandboxService *m_blaxel;
    QElapsedTimer m_killed;
    // `logs --follow`: what was printed of the log so far, and where to.
    QString m_followed;
    std::unique_ptr<RemoteBytesWriter> m_followWriter;
    InterruptNotifier *m_interrupt = nullptr;
    bool m_interrupted = false;
};
