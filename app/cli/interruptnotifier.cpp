#include "cli/interruptnotifier.h"

#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace {

// The pipe is process-wide because a signal handler can only reach globals; one notifier at a time.
int pipeFds[2] = {-1, -1};
struct sigaction previousAction;

extern "C" void onSigint(int)
{
    const int savedErrno = errno;
    const char byte = 1;
    // Nothing useful can be done about a full pipe: one pending byte is enough.
    [[maybe_unused]] const auto written = ::write(pipeFds[1], &byte, 1);
    errno = savedErrno;
}

} // namespace

InterruptNotifier::InterruptNotifier(QObject *parent) : QObject(parent)
{
    if (pipeFds[0] >= 0 || ::pipe2(pipeFds, O_CLOEXEC | O_NONBLOCK) != 0)
        return; // without a pipe Ctrl+C keeps its default action, which is still safe
    struct sigaction action = {};
    action.sa_handler = onSigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (::sigaction(SIGINT, &action, &previousAction) != 0) {
        ::close(pipeFds[0]);
        ::close(pipeFds[1]);
        pipeFds[0] = pipeFds[1] = -1;
        return;
    }
    m_installed = true;
    m_notifier = new QSocketNotifier(pipeFds[0], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &InterruptNotifier::onReadable);
}

InterruptNotifier::~InterruptNotifier()
{
    if (!m_installed)
        return;
    ::sigaction(SIGINT, &previousAction, nullptr);
    delete m_notifier;
    ::close(pipeFds[0]);
    ::close(pipeFds[1]);
    pipeFds[0] = pipeFds[1] = -1;
}

void InterruptNotifier::onReadable()
{
    char buffer[16];
    while (::read(pipeFds[0], buffer, sizeof buffer) > 0) {
    }
    if (--m_toCatch > 0)
        return emit interrupted();
    // A further Ctrl+C while the cancel is under way ends the process at once.
    struct sigaction defaultAction = {};
    defaultAction.sa_handler = SIG_DFL;
    sigemptyset(&defaultAction.sa_mask);
    ::sigaction(SIGINT, &defaultAction, nullptr);
    emit interrupted();
}
