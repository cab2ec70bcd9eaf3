#include "emulator/blaxel/blaxelterminalsession.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>
#include <QWebSocket>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <pty.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

// The length of `bytes` up to its last complete UTF-8 sequence: a frame's data is a JSON string, and a
// character cut between two reads of the PTY must not turn into two replacement characters.
qsizetype completeUtf8Length(const QByteArray &bytes)
{
    const qsizetype size = bytes.size();
    for (qsizetype back = 1; back <= 4 && back <= size; ++back) {
        const auto byte = static_cast<unsigned char>(bytes.at(size - back));
        if ((byte & 0xC0) == 0x80)
            continue; // a continuation byte: look further back for its lead
        const qsizetype needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
        return needed > back ? size - back : size;
    }
    return size;
}

QString frame(const QString &type, const QString &data)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonObject{{u"type"_s, type}, {u"data"_s, data}}).toJson(QJsonDocument::Compact));
}

} // namespace

BlaxelTerminalSession::BlaxelTerminalSession(int idleMs, QObject *parent) : QObject(parent)
{
    m_idle.setSingleShot(true);
    m_idle.setInterval(idleMs);
    connect(&m_idle, &QTimer::timeout, this, [this] {
        shutdown();
        Q_EMIT finished();
    });
}

BlaxelTerminalSession::~BlaxelTerminalSession()
{
    shutdown();
}

bool BlaxelTerminalSession::start(const Spec &spec, QString *error)
{
    // Everything the child needs is made before fork(): after it, only async-signal-safe calls.
    QByteArray shell = spec.shell.toLocal8Bit();
    const QByteArray directory = spec.workingDir.toLocal8Bit();
    QByteArrayList environment;
    for (const QString &entry : spec.environment)
        environment.append(entry.toLocal8Bit());
    std::vector<char *> argv{shell.data(), nullptr};
    std::vector<char *> envp;
    for (QByteArray &entry : environment)
        envp.push_back(entry.data());
    envp.push_back(nullptr);
    winsize size{};
    size.ws_col = static_cast<unsigned short>(std::clamp(spec.cols, 2, 1000));
    size.ws_row = static_cast<unsigned short>(std::clamp(spec.rows, 2, 1000));

    int master = -1;
    const pid_t pid = forkpty(&master, nullptr, nullptr, &size);
    if (pid < 0) {
        *error = u"cannot open a terminal: %1"_s.arg(QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    if (pid == 0) {
        // The emulator's sockets (its listening port among them) must not live on in the shell.
        close_range(3, ~0U, 0);
        struct sigaction defaults = {};
        defaults.sa_handler = SIG_DFL;
        for (const int signal : {SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGHUP})
            sigaction(signal, &defaults, nullptr);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        if (chdir(directory.constData()) != 0)
            _exit(126);
        execve(argv[0], argv.data(), envp.data());
        _exit(127);
    }
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    fcntl(master, F_SETFD, FD_CLOEXEC);
    m_master = master;
    m_pid = pid;
    m_readNotifier = new QSocketNotifier(master, QSocketNotifier::Read, this);
    connect(m_readNotifier, &QSocketNotifier::activated, this, &BlaxelTerminalSession::readOutput);
    m_writeNotifier = new QSocketNotifier(master, QSocketNotifier::Write, this);
    m_writeNotifier->setEnabled(false);
    connect(m_writeNotifier, &QSocketNotifier::activated, this, &BlaxelTerminalSession::flushInput);
    m_idle.start(); // until a socket attaches
    return true;
}

void BlaxelTerminalSession::attach(QWebSocket *socket)
{
    socket->setParent(this);
    // A client's frame is bounded as its input is: a larger one closes the socket.
    socket->setMaxAllowedIncomingFrameSize(quint64(maxPendingInputBytes));
    socket->setMaxAllowedIncomingMessageSize(quint64(maxPendingInputBytes));
    m_sockets.append(socket);
    m_idle.stop();
    connect(socket, &QWebSocket::textMessageReceived, this,
            [this, socket](const QString &text) { frameReceived(socket, text); });
    connect(socket, &QWebSocket::disconnected, this, [this, socket] {
        m_sockets.removeAll(socket);
        socket->deleteLater();
        detached();
    });
    if (!m_tail.isEmpty())
        socket->sendTextMessage(frame(u"output"_s, QString::fromUtf8(m_tail)));
}

void BlaxelTerminalSession::detached()
{
    m_sockets.removeAll(nullptr);
    if (m_sockets.isEmpty() && isAlive())
        m_idle.start();
}

void BlaxelTerminalSession::frameReceived(QWebSocket *socket, const QString &text)
{
    Q_UNUSED(socket);
    const QJsonObject object = QJsonDocument::fromJson(text.toUtf8()).object();
    const QString type = object.value(u"type"_s).toString();
    if (type == u"input")
        writeInput(object.value(u"data"_s).toString().toUtf8());
    else if (type == u"resize")
        resize(object.value(u"cols"_s).toInt(), object.value(u"rows"_s).toInt());
    // Anything else is ignored, as the sandbox API does.
}

void BlaxelTerminalSession::resize(int cols, int rows)
{
    if (m_master < 0 || cols <= 0 || rows <= 0)
        return;
    winsize size{};
    size.ws_col = static_cast<unsigned short>(std::min(cols, 1000));
    size.ws_row = static_cast<unsigned short>(std::min(rows, 1000));
    ioctl(m_master, TIOCSWINSZ, &size);
}

void BlaxelTerminalSession::writeInput(const QByteArray &bytes)
{
    if (m_master < 0)
        return;
    // A shell that does not read (a stopped job) must not grow the emulator without bound.
    if (m_pendingInput.size() + bytes.size() > maxPendingInputBytes)
        return;
    m_pendingInput.append(bytes);
    flushInput();
}

void BlaxelTerminalSession::flushInput()
{
    while (!m_pendingInput.isEmpty() && m_master >= 0) {
        const ssize_t written =
            ::write(m_master, m_pendingInput.constData(), static_cast<size_t>(m_pendingInput.size()));
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            break;
        m_pendingInput.remove(0, written);
    }
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(!m_pendingInput.isEmpty());
}

void BlaxelTerminalSession::readOutput()
{
    QByteArray bytes;
    char buffer[16384];
    bool ended = false;
    // Bounded per wake-up, so that a shell printing without end does not starve the server's other sockets.
    while (bytes.size() < qsizetype{256} * 1024) {
        const ssize_t count = ::read(m_master, buffer, sizeof buffer);
        if (count > 0) {
            bytes.append(buffer, count);
            continue;
        }
        if (count < 0 && errno == EINTR)
            continue;
        // EIO once the shell and everything it started have closed the terminal.
        ended = count == 0 || errno != EAGAIN;
        break;
    }
    if (!bytes.isEmpty())
        broadcast(bytes);
    if (ended) {
        reap(false);
        Q_EMIT finished();
    }
}

void BlaxelTerminalSession::broadcast(const QByteArray &bytes)
{
    QByteArray complete = m_partial + bytes;
    const qsizetype length = completeUtf8Length(complete);
    m_partial = complete.mid(length);
    complete.truncate(length);
    if (complete.isEmpty())
        return;
    m_tail.append(complete);
    if (m_tail.size() > maxTailBytes) {
        qsizetype cut = m_tail.size() - maxTailBytes;
        while (cut < m_tail.size() && (static_cast<unsigned char>(m_tail.at(cut)) & 0xC0) == 0x80)
            ++cut;
        m_tail.remove(0, cut);
    }
    const QString message = frame(u"output"_s, QString::fromUtf8(complete));
    for (const QPointer<QWebSocket> &socket : std::as_const(m_sockets)) {
        if (socket)
            socket->sendTextMessage(message);
    }
}

void BlaxelTerminalSession::reap(bool force)
{
    if (m_readNotifier)
        m_readNotifier->setEnabled(false);
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(false);
    if (m_master >= 0) {
        ::close(m_master);
        m_master = -1;
    }
    if (m_pid > 0) {
        // forkpty made the shell a session leader: its process group holds what it started.
        if (force || waitpid(m_pid, nullptr, WNOHANG) == 0) {
            ::kill(-m_pid, SIGKILL);
            ::kill(m_pid, SIGKILL);
            waitpid(m_pid, nullptr, 0);
        }
        m_pid = -1;
    }
    m_idle.stop();
    const QList<QPointer<QWebSocket>> sockets = std::exchange(m_sockets, {});
    for (const QPointer<QWebSocket> &socket : sockets) {
        if (socket)
            socket->close(QWebSocketProtocol::CloseCodeNormal, u"the shell ended"_s);
    }
}

void BlaxelTerminalSession::shutdown()
{
    reap(true);
}

} // namespace Emulator
