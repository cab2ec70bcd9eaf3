#pragma once

#include <QObject>
#include <QSize>

#include <optional>
#include <termios.h>

class QSocketNotifier;

// What `blaxel connect` needs from the user's own terminal. When stdin is a terminal, enter() puts it in raw
// mode (no echo, no line editing, no signals from Ctrl+C or Ctrl+Z: those keys belong to the remote shell)
// and the destructor or restore() puts back what it was, whichever way the command ends. SIGWINCH,
// SIGTERM, SIGHUP and SIGINT (and SIGPIPE, to be ignored) reach the event loop through a self-pipe, since a
// signal handler can do nothing else safely: a resize becomes windowResized(), the others
// terminationRequested(), so the terminal is restored before the process ends. When stdin is not a terminal
// nothing touches termios.
class RawTerminalMode final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RawTerminalMode)

public:
    // When the size of no terminal can be read (stdin and stdout are pipes): what the shell is told.
    static constexpr int fallbackColumns = 80;
    static constexpr int fallbackRows = 24;

    explicit RawTerminalMode(QObject *parent = nullptr);
    ~RawTerminalMode() override;

    static bool stdinIsTerminal();
    // Columns (width) and rows (height) of the terminal on stdin, else stdout, else the fallback.
    static QSize windowSize();

    // False when stdin is not a terminal or refuses raw mode; the stream is then left as it was.
    bool enter();
    void restore();
    bool isRaw() const { return m_saved.has_value(); }

signals:
    void windowResized(int columns, int rows);
    void terminationRequested(int signalNumber);

private:
    void onSignalPipeReadable();

    std::optional<termios> m_saved;
    QSocketNotifier *m_signalNotifier = nullptr;
    bool m_handlersInstalled = false;
};
