#pragma once

#include "cli/clicommandgroup.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

class ApiError;
class BlaxelSandboxFiles;
class BlaxelSandboxService;
struct BlaxelProcess;

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

    static bool handles(const QString &command);

    explicit BlaxelProcessCommands(CliContext &context, QObject *parent = nullptr);

    void start() override;

private:
    using Handler = void (BlaxelProcessCommands::*)(BlaxelSandboxFiles *);
    static const QMap<QString, Handler> &handlers();

    void list(BlaxelSandboxFiles *files);
    // Prints `processes` with `ports` (by pid; a running process missing from it was not read).
    void printList(const QList<BlaxelProcess> &processes, const QHash<QString, QList<int>> &ports,
                   int runningNotAsked);
    void logs(BlaxelSandboxFiles *files);
    void kill(BlaxelSandboxFiles *files);
    // After the kill or stop was accepted: asks for the process until it is no longer running.
    void waitForEnd(BlaxelSandboxFiles *files);
    void reportEnd(const BlaxelProcess &process, bool ended);
    // Prints why a call failed (a 404 as no such process) and answers the exit code.
    int failed(const ApiError &error);

    BlaxelSandboxService *m_blaxel;
    QElapsedTimer m_killed;
};
