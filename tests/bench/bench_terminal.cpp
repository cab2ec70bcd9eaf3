// bench_terminal [--lines N] [--megabytes M]: does a terminal keep the GUI thread within a frame while a
// shell prints as fast as it can? A TerminalView (offscreen platform unless QT_QPA_PLATFORM says otherwise)
// on a shell of the standalone emulator's Blaxel sandbox, in a process of its own, runs
//  (a) `seq 1 N` (default 1,000,000 lines);
//  (b) M MB of text (default 50) written by `yes | head -c`;
// and prints, for each, the wall time until its end marker was on the screen, the GUI thread's event-loop
// gaps (GapMeter: the longest, and the most CPU time the GUI thread spent in one), and the same command's
// wall time through a plain pipe (bash reading into nothing), the floor a terminal is compared with.

#include "emulatorprocess.h"
#include "gapmeter.h"
#include "peakmemory.h"

#include "terminal/terminalconnection.h"
#include "terminal/terminalscreen.h"
#include "terminal/terminalsession.h"
#include "terminal/terminalview.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QProcess>
#include <QUrl>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

void line(const char *label, const QString &text)
{
    std::printf("%-44s %s\n", label, qPrintable(text));
    std::fflush(stdout);
}

// True when `text` is one of the screen's visible lines (not the scrollback: the end marker shows last).
bool onScreen(const TerminalScreen *screen, const QString &text)
{
    const int first = screen->scrollbackSize();
    for (int row = 0; row < screen->rows(); ++row) {
        if (screen->lineText(first + row) == text)
            return true;
    }
    return false;
}

// The command's wall time through a plain pipe: bash's output read and dropped by this process.
double pipeSeconds(const QString &command)
{
    QProcess bash;
    QElapsedTimer clock;
    clock.start();
    bash.start(u"bash"_s, {u"-c"_s, command});
    while (bash.state() != QProcess::NotRunning || bash.bytesAvailable() > 0) {
        bash.waitForReadyRead(100);
        bash.readAllStandardOutput();
    }
    return double(clock.elapsed()) / 1000.0;
}

// Types `command` followed by a marker's echo into the shell, then runs the event loop until the marker is
// on the screen; false after `timeoutMs`.
bool runInTerminal(TerminalSession &session, GapMeter &meter, const char *label, const QString &command,
                   const QString &marker, int timeoutMs)
{
    // The marker is printed by arithmetic, so the typed command line never shows it.
    const QString typed = command + u"; echo; echo "_s + marker.left(marker.size() - 1) + u"$((1+"_s +
                          QString::number(marker.right(1).toInt() - 1) + u"))\r"_s;
    meter.reset();
    QElapsedTimer clock;
    clock.start();
    session.connection()->sendInput(typed.toUtf8());
    if (!GapMeter::waitUntil([&] { return onScreen(session.screen(), marker); }, timeoutMs)) {
        std::fprintf(stderr, "%s: the end marker did not show within %d s\n", label, timeoutMs / 1000);
        return false;
    }
    line(label,
         u"%1 s in the terminal; %2"_s.arg(double(clock.elapsed()) / 1000.0, 0, 'f', 2).arg(meter.summary()));
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption linesOption(u"lines"_s, u"Lines seq prints (default 1000000)."_s, u"N"_s,
                                         u"1000000"_s);
    const QCommandLineOption megabytesOption(u"megabytes"_s, u"MB of text for (b) (default 50)."_s, u"M"_s,
                                             u"50"_s);
    parser.addOption(linesOption);
    parser.addOption(megabytesOption);
    parser.process(app);
    const qint64 lines = parser.value(linesOption).toLongLong();
    const qint64 megabytes = parser.value(megabytesOption).toLongLong();

    const QString key = u"bench-terminal-key"_s;
    EmulatorProcess emulator;
    if (!emulator.start(QStringLiteral(SANDBOXDECK_EMULATOR_PATH),
                        {u"--port"_s, u"0"_s, u"--api-key"_s, key}))
        return 1;
    QUrl sandbox(emulator.api());
    sandbox.setPath(u"/blaxel-sandbox/demo/research-notebook"_s);
    TerminalConnection::Target target;
    target.sandboxUrl = sandbox;
    target.apiKey = key;
    target.workspace = u"demo"_s;
    target.sessionId = u"bench-terminal"_s;
    TerminalSession session(u"bench"_s, new TerminalConnection(target));
    TerminalView view;
    view.resize(1280, 780);
    view.setSession(&session);
    view.show();
    session.start(view.columnsFitting(), view.rowsFitting());
    if (!GapMeter::waitUntil(
            [&] { return session.connection()->state() == TerminalConnection::State::Connected; }, 20000)) {
        std::fprintf(stderr, "the terminal did not connect\n");
        return 1;
    }
    line("terminal", u"%1 x %2 cells, offscreen platform: %3"_s.arg(session.screen()->cols())
                         .arg(session.screen()->rows())
                         .arg(QApplication::platformName()));
    // The shell's start-up (its prompt) is not part of any figure.
    GapMeter::waitUntil([] { return false; }, 500);

    GapMeter meter;
    const QString seq = u"seq 1 %1"_s.arg(lines);
    if (!runInTerminal(session, meter, "(a) seq", seq, u"END-2"_s, 300000))
        return 1;
    line("(a) seq through a plain pipe", u"%1 s"_s.arg(pipeSeconds(seq), 0, 'f', 2));

    const QString text =
        u"yes 'a line of text for the terminal benchmark, 0123456789 abcdefghij' | head -c %1"_s.arg(
            megabytes * 1000 * 1000);
    if (!runInTerminal(session, meter, "(b) text", text, u"END-3"_s, 600000))
        return 1;
    line("(b) text through a plain pipe", u"%1 s"_s.arg(pipeSeconds(text), 0, 'f', 2));
    line("peak RSS", u"%1 MB"_s.arg(PeakMemory::kib() / 1024));
    session.close();
    return 0;
}
