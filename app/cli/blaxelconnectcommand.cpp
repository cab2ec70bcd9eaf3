#include "cli/blaxelconnectcommand.h"

#include "api/apierror.h"
#include "api/blaxelsandbox.h"
#include "api/blaxelsandboxservice.h"
#include "api/blaxelstatus.h"
#include "api/httptransport.h"
#include "cli/rawterminalmode.h"
#include "cli/terminaltext.h"
#include "terminal/terminalconnection.h"

#include <QSocketNotifier>
#include <QUuid>

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// How many leading bytes of `bytes` are whole UTF-8 sequences: a frame carries text, so a character a read
// cut in two waits for its end instead of going out as two U+FFFD.
qsizetype wholeCharactersLength(const QByteArray &bytes)
{
    const qsizetype size = bytes.size();
    for (qsizetype back = 1; back <= 3 && back <= size; ++back) {
        const auto byte = static_cast<unsigned char>(bytes[size - back]);
        if ((byte & 0xC0) == 0x80)
            continue;
        const qsizetype needed = (byte & 0xE0) == 0xC0   ? 2
                                 : (byte & 0xF0) == 0xE0 ? 3
                                 : (byte & 0xF8) == 0xF0 ? 4
                                                         : 1;
        return needed > back ? size - back : size;
    }
    return size;
}

} // namespace

bool BlaxelConnectCommand::handles(const QString &command)
{
    return command == u"blaxel connect";
}

BlaxelConnectCommand::BlaxelConnectCommand(CliContext &context, QObject *parent)
    : CliCommandGroup(context, parent),
      m_blaxel(new BlaxelSandboxService(context.transport(), context.command().option(u"workspace"_s), this)),
      m_name(context.command().arguments.value(0))
{
    m_shellEndDeadline.setSingleShot(true);
    m_endOfInputDelay.setSingleShot(true);
    // Ctrl+D, as a terminal sends at the end of the input, so a shell at its prompt ends as `ssh host <
    // script` does. Not at once: a shell that has not set up its terminal yet would lose it.
    connect(&m_endOfInputDelay, &QTimer::timeout, this,
            [this] { m_connection->sendInput(QByteArray(1, endOfInputKey)); });
    connect(&m_shellEndDeadline, &QTimer::timeout, this, [this] {
        finish(1, u"error: the shell of Blaxel sandbox %1 did not end within %2 s of the end of the input; "
                  "it goes on in the sandbox until it has been idle a while.\n"_s
                      .arg(TerminalText::escape(m_name))
                      .arg(shellEndAfterInputMs / 1000));
    });
}

// The terminal is given back even when the command is torn down without finish().
BlaxelConnectCommand::~BlaxelConnectCommand()
{
    if (m_terminal)
        m_terminal->restore();
}

void BlaxelConnectCommand::start()
{
    m_blaxel->get(m_name, this, [this](const ApiResult<BlaxelSandbox> &result) {
        if (!result && result.error().httpStatus() == 404)
            return finish(
                1, u"error: no Blaxel sandbox named %1 in workspace %2.\n"_s.arg(
                       TerminalText::escape(m_name), TerminalText::escape(m_command.option(u"workspace"_s))));
        if (!result)
            return done(m_output.apiError(result.error()));
        connectTo(result.value());
    });
}

void BlaxelConnectCommand::connectTo(const BlaxelSandbox &sandbox)
{
    const QString name = TerminalText::escape(m_name);
    // Only a DEPLOYED sandbox has a shell to open (one in standby is DEPLOYED and wakes up); the sandbox's
    // own refusal would come only after the connection opened.
    if (BlaxelStatus::of(sandbox.status) != BlaxelStatus::Running)
        return finish(
            1,
            u"error: Blaxel sandbox %1 is %2, not DEPLOYED: it has no shell to connect to.\n"_s.arg(
                name, TerminalText::escape(sandbox.status.isEmpty() ? u"of no status"_s : sandbox.status)));
    if (!sandbox.url.isValid())
        return finish(
            1, u"error: Blaxel sandbox %1 names no URL its terminal can be reached at (https, or http "
               "to this machine)%2.\n"_s.arg(name, sandbox.urlText.isEmpty()
                                                       ? QString()
                                                       : u": "_s + TerminalText::escape(sandbox.urlText)));
    if (const QString problem = TerminalConnection::checkUrl(sandbox.url); !problem.isEmpty())
        return finish(1, u"error: the terminal of Blaxel sandbox %1 cannot be reached: %2\n"_s.arg(
                             name, TerminalText::escape(problem)));

    TerminalConnection::Target target;
    target.sandboxUrl = sandbox.url;
    target.apiKey = m_context.transport()->config().apiKey;
    target.workspace = m_command.option(u"workspace"_s);
    // A session of its own: another terminal on the same sandbox (the app's, another connect) is not joined.
    target.sessionId = u"sandboxdeck-cli-"_s + QUuid::createUuid().toString(QUuid::Id128).left(12);

    m_terminal = new RawTerminalMode(this);
    connect(m_terminal, &RawTerminalMode::terminationRequested, this, [this](int signalNumber) {
        finish(128 + signalNumber, u"\nLeft the shell of %1: sandboxdeck-cli was ended by signal %2.\n"_s
                                       .arg(TerminalText::escape(m_name))
                                       .arg(signalNumber));
    });
    m_connection = new TerminalConnection(target, this);
    connect(m_terminal, &RawTerminalMode::windowResized, m_connection, &TerminalConnection::resize);
    connect(m_connection, &TerminalConnection::output, this, [this](const QByteArray &bytes) {
        if (m_endOfInputDelay.isActive())
            m_endOfInputDelay.start();
        if (!writeToStdout(bytes))
            finish(1, u"error: could not write the shell's output to stdout: %1\n"_s.arg(
                          QString::fromLocal8Bit(std::strerror(errno))));
    });
    connect(m_connection, &TerminalConnection::stateChanged, this, [this](TerminalConnection::State state) {
        if (state == TerminalConnection::State::Connected && !m_announced)
            onConnected();
        else if (state == TerminalConnection::State::Ended)
            onEnded();
    });
    const QSize size = RawTerminalMode::windowSize();
    m_connection->open(size.width(), size.height());
}

void BlaxelConnectCommand::onConnected()
{
    m_announced = true;
    const bool interactive = RawTerminalMode::stdinIsTerminal();
    m_output.err(interactive
                     ? u"Connected to %1, exit the shell or press Ctrl+] to leave.\n"_s.arg(
                           TerminalText::escape(m_name))
                     : u"Connected to %1, sending stdin to its shell.\n"_s.arg(TerminalText::escape(m_name)));
    if (interactive && !m_terminal->enter())
        m_output.err(u"warning: the terminal could not be put in raw mode; keys are sent line by line.\n"_s);
    m_stdinNotifier = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this);
    connect(m_stdinNotifier, &QSocketNotifier::activated, this, &BlaxelConnectCommand::readStdin);
}

void BlaxelConnectCommand::onEnded()
{
    const QString problem = m_connection->problem();
    const QString name = TerminalText::escape(m_name);
    if (!m_announced)
        return finish(1, u"error: could not open a terminal in Blaxel sandbox %1: %2\n"_s.arg(
                             name, problem.isEmpty() ? u"the connection was refused"_s
                                                     : TerminalText::escape(problem)));
    if (!problem.isEmpty())
        return finish(1, u"error: the terminal of Blaxel sandbox %1 ended: %2\n"_s.arg(
                             name, TerminalText::escape(problem)));
    finish(0, u"Connection to %1 closed.\n"_s.arg(name));
}

void BlaxelConnectCommand::readStdin()
{
    QByteArray bytes(stdinChunkBytes, Qt::Uninitialized);
    // One read per wake-up: stdin stays blocking (its flags are shared with the shell that started us), and
    // poll() said a read will not wait.
    const ssize_t count = ::read(STDIN_FILENO, bytes.data(), std::size_t(bytes.size()));
    if (count < 0) {
        if (errno == EINTR || errno == EAGAIN)
            return;
        return finish(
            1, u"error: could not read stdin: %1\n"_s.arg(QString::fromLocal8Bit(std::strerror(errno))));
    }
    if (count == 0) {
        m_stdinNotifier->setEnabled(false);
        sendToShell({});
        m_endOfInputDelay.start(quietBeforeEndOfInputMs);
        m_shellEndDeadline.start(shellEndAfterInputMs);
        return;
    }
    bytes.truncate(count);
    if (m_terminal->isRaw()) {
        if (const qsizetype escape = bytes.indexOf(escapeKey); escape >= 0) {
            sendToShell(bytes.left(escape));
            return finish(0, u"\nLeft the shell of %1; it goes on in the sandbox until it has been idle a "
                             "while.\n"_s.arg(TerminalText::escape(m_name)));
        }
    }
    sendToShell(bytes);
}

void BlaxelConnectCommand::sendToShell(const QByteArray &bytes)
{
    m_partialCharacter.append(bytes);
    // At the end of the input what is left of a character goes as it is.
    const qsizetype whole =
        bytes.isEmpty() ? m_partialCharacter.size() : wholeCharactersLength(m_partialCharacter);
    if (whole == 0)
        return;
    m_connection->sendInput(m_partialCharacter.left(whole));
    m_partialCharacter.remove(0, whole);
}

bool BlaxelConnectCommand::writeToStdout(const QByteArray &bytes)
{
    const char *data = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t written = ::write(STDOUT_FILENO, data, std::size_t(left));
        if (written > 0) {
            data += written;
            left -= written;
            continue;
        }
        if (written < 0 && errno == EINTR)
            continue;
        if (written < 0 && errno == EAGAIN) {
            // A stdout another process made non-blocking: wait for room rather than drop the shell's bytes.
            pollfd room{STDOUT_FILENO, POLLOUT, 0};
            ::poll(&room, 1, 1000);
            continue;
        }
        return false;
    }
    return true;
}

void BlaxelConnectCommand::finish(int exitCode, const QString &message)
{
    if (m_finished)
        return;
    m_finished = true;
    m_shellEndDeadline.stop();
    m_endOfInputDelay.stop();
    if (m_stdinNotifier)
        m_stdinNotifier->setEnabled(false);
    if (m_connection) {
        m_connection->disconnect(this);
        m_connection->close();
    }
    // Before the message: in raw mode a line break would not return the cursor to the margin.
    if (m_terminal)
        m_terminal->restore();
    m_output.err(message);
    done(exitCode);
}
