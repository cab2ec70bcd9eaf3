#include "cli/rawterminalmode.h"

#include <QSocketNotifier>

#include <array>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace {

// SIGPIPE too: a reader of stdout that went away makes write() fail, which the command reports, instead of
// ending the process with the terminal still raw.
constexpr std::array<int, 5> forwardedSignals{SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGPIPE};

// Process-wide because a signal handler reaches only globals; one RawTerminalMode at a time.
int signalPipe[2] = {-1, -1};
std::array<struct sigaction, forwardedSignals.size()> previousActions;

extern "C" void onForwardedSignal(int signalNumber)
{
    const int savedErrno = errno;
    const auto byte = static_cast<unsigned char>(signalNumber);
    // A full pipe already holds a wake-up; nothing else is safe to do here.
    [[maybe_unused]] const auto written = ::write(signalPipe[1], &byte, 1);
    errno = savedErrno;
}

std::optional<QSize> sizeOf(int fd)
{
    winsize size = {};
    if (::isatty(fd) == 0 || ::ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0)
        return std::nullopt;
    return QSize(size.ws_col, size.ws_row);
}

} // namespace

RawTerminalMode::RawTerminalMode(QObject *parent) : QObject(parent)
{
    if (signalPipe[0] >= 0 || ::pipe2(signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return; // the signals keep their default actions: the terminal may stay raw after a kill
    struct sigaction action = {};
    action.sa_handler = onForwardedSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (std::size_t i = 0; i < forwardedSignals.size(); ++i)
        ::sigaction(forwardedSignals[i], &action, &previousActions[i]);
    m_handlersInstalled = true;
    m_signalNotifier = new QSocketNotifier(signalPipe[0], QSocketNotifier::Read, this);
    connect(m_signalNotifier, &QSocketNotifier::activated, this, &RawTerminalMode::onSignalPipeReadable);
}

RawTerminalMode::~RawTerminalMode()
{
    restore();
    if (!m_handlersInstalled)
        return;
    for (std::size_t i = 0; i < forwardedSignals.size(); ++i)
        ::sigaction(forwardedSignals[i], &previousActions[i], nullptr);
    delete m_signalNotifier;
    ::close(signalPipe[0]);
    ::close(signalPipe[1]);
    signalPipe[0] = signalPipe[1] = -1;
}

bool RawTerminalMode::stdinIsTerminal()
{
    return ::isatty(STDIN_FILENO) != 0;
}

QSize RawTerminalMode::windowSize()
{
    if (const auto size = sizeOf(STDIN_FILENO))
        return *size;
    if (const auto size = sizeOf(STDOUT_FILENO))
        return *size;
    return {fallbackColumns, fallbackRows};
}

bool RawTerminalMode::enter()
{
    if (isRaw())
        return true;
    termios original = {};
    if (!stdinIsTerminal() || ::tcgetattr(STDIN_FILENO, &original) != 0)
        return false;
    termios raw = original;
    ::cfmakeraw(&raw);
    // A read returns what has come, at least one byte: the event loop only reads after poll() said so.
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (::tcsetattr(STDIN_FILENO, TCSANOW, &raw) != 0)
        return false;
    m_saved = original;
    return true;
}

void RawTerminalMode::restore()
{
    if (!m_saved)
        return;
    // TCSADRAIN: the shell's last bytes are drawn in raw mode, as they were meant to be.
    ::tcsetattr(STDIN_FILENO, TCSADRAIN, &*m_saved);
    m_saved.reset();
}

void RawTerminalMode::onSignalPipeReadable()
{
    bool resized = false;
    int termination = 0;
    unsigned char buffer[64];
    ssize_t count = 0;
    while ((count = ::read(signalPipe[0], buffer, sizeof buffer)) > 0) {
        for (ssize_t i = 0; i < count; ++i) {
            if (buffer[i] == SIGWINCH)
                resized = true;
            else if (buffer[i] != SIGPIPE && termination == 0)
                termination = buffer[i];
        }
    }
    if (resized) {
        const QSize size = windowSize();
        emit windowResized(size.width(), size.height());
    }
    if (termination != 0)
        emit terminationRequested(termination);
}
