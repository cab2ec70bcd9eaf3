#pragma once

#include "cli/clicommandgroup.h"

#include <QByteArray>
#include <QTimer>

class BlaxelSandboxService;
class QSocketNotifier;
class RawTerminalMode;
class TerminalConnection;
struct BlaxelSandbox;

// `blaxel connect NAME`: a shell of a Blaxel sandbox in the user's own terminal, through its /terminal/ws
// (TerminalConnection), as Blaxel's `bl connect sandbox` does. On a terminal it is raw: every key goes to the
// shell and the shell's bytes come back as they are, for the user's terminal to draw; Ctrl+] leaves and
// the shell lives on until its idle time is over. With stdin from a pipe, the input is sent as it comes, the
// shell is told the input ended (Ctrl+D, once its output is quiet) and the command ends when the shell does.
// The command's own messages go to stderr.
class BlaxelConnectCommand final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelConnectCommand)

public:
    // The key that leaves, as telnet's: Ctrl+].
    static constexpr char escapeKey = '\x1d';
    // After stdin ended: how long the shell has to end before the command gives up on it.
    static constexpr int shellEndAfterInputMs = 15'000;
    // Ctrl+D goes to the shell once its output has been quiet this long after stdin ended.
    static constexpr int quietBeforeEndOfInputMs = 500;
    static constexpr char endOfInputKey = '\x04';
    static constexpr qsizetype stdinChunkBytes = qsizetype{16} * 1024;

    static bool handles(const QString &command);

    explicit BlaxelConnectCommand(CliContext &context, QObject *parent = nullptr);
    ~BlaxelConnectCommand() override;

    void start() override;

private:
    void connectTo(const BlaxelSandbox &sandbox);
    void onConnected();
    void onEnded();
    void readStdin();
    void sendToShell(const QByteArray &bytes);
    bool writeToStdout(const QByteArray &bytes);
    // Restores the terminal, says why on stderr and ends with `exitCode`.
    void finish(int exitCode, const QString &message);

    BlaxelSandboxService *m_blaxel;
    QString m_name;
    RawTerminalMode *m_terminal = nullptr;
    TerminalConnection *m_connection = nullptr;
    QSocketNotifier *m_stdinNotifier = nullptr;
    // The end of a UTF-8 sequence a read cut: frames carry text, so it waits for the rest.
    QByteArray m_partialCharacter;
    QTimer m_endOfInputDelay;
    QTimer m_shellEndDeadline;
    bool m_announced = false;
    bool m_finished = false;
};
