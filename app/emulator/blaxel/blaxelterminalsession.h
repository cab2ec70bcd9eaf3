#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <sys/types.h>

#include <memory>

QT_BEGIN_NAMESPACE
class QSocketNotifier;
class QWebSocket;
QT_END_NAMESPACE

namespace Emulator {

// One shell of a sandbox's /terminal/ws: a real PTY (forkpty) running the shell in the sandbox's folder with
// a clean environment. It outlives its WebSockets: when the last one drops it waits `idleMs` for a client to
// come back with the same sessionId, which then gets the bounded tail of what the shell wrote, as Blaxel's
// sandbox API replays its buffer (blaxel-ai/sandbox, sandbox-api/src/handler/terminal/session_manager.go).
// Lives on the server's thread; the PTY is read there with a QSocketNotifier.
class BlaxelTerminalSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelTerminalSession)

public:
    static constexpr qsizetype maxTailBytes = qsizetype{64} * 1024;
    static constexpr qsizetype maxPendingInputBytes = qsizetype{1024} * 1024;

    struct Spec
    {
        QString shell;
        QString workingDir;      // a real folder inside the sandbox's
        QStringList environment; // NAME=value
        int cols = 80;
        int rows = 24;
    };

    explicit BlaxelTerminalSession(int idleMs, QObject *parent = nullptr);
    ~BlaxelTerminalSession() override;

    bool start(const Spec &spec, QString *error);
    // Takes the socket: replays the tail, then streams output to it and its input to the shell.
    void attach(QWebSocket *socket);
    void resize(int cols, int rows);
    // Kills the shell's process group and closes every socket; the session is dead afterwards.
    void shutdown();
    bool isAlive() const { return m_pid > 0; }
    pid_t pid() const { return m_pid; }

Q_SIGNALS:
    // The shell ended by itself, or nobody came back within idleMs.
    void finished();

private:
    void readOutput();
    void writeInput(const QByteArray &bytes);
    void flushInput();
    void frameReceived(QWebSocket *socket, const QString &text);
    void detached();
    void broadcast(const QByteArray &bytes);
    void reap(bool force);

    int m_master = -1;
    pid_t m_pid = -1;
    QSocketNotifier *m_readNotifier = nullptr;
    QSocketNotifier *m_writeNotifier = nullptr;
    QByteArray m_tail;
    QByteArray m_partial; // an incomplete UTF-8 sequence held back for the next read
    QByteArray m_pendingInput;
    QList<QPointer<QWebSocket>> m_sockets;
    QTimer m_idle;
};

} // namespace Emulator
