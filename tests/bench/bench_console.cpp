// bench_console [--lines N] [--sandboxes N]: does the Executions console keep the GUI thread within a frame
// while a script prints as fast as it can? Runs the real MainWindow (offscreen platform unless
// QT_QPA_PLATFORM says otherwise) against the standalone emulator in a process of its own:
//  (a) a folder whose main.py prints --lines lines (default 100,000) is run from the Executions tab of a
//      local sandbox and its log streams into the console;
//  (b) the same script runs in --sandboxes local sandboxes (default 3) at once, merged in the follow console.
// Prints the 99th percentile and the longest gap of the GUI thread's event loop (GapMeter), the lines per
// second the console showed (from the first line shown to the last), and the peak RSS after each.

#include "emulatorprocess.h"
#include "gapmeter.h"
#include "peakmemory.h"

#include "executions/executionconsole.h"
#include "executions/executionstab.h"
#include "executions/followconsole.h"
#include "inspector/sandboxworktabs.h"
#include "local/localsandboxespage.h"
#include "mainwindow/mainwindow.h"
#include "models/localsandboxtreemodel.h"
#include "session/appsession.h"
#include "session/executionscontroller.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTimer>
#include <QTreeView>

#include <cstdio>
#include <functional>

using namespace Qt::StringLiterals;

namespace {

void line(const char *label, const QString &text)
{
    std::printf("%-44s %s\n", label, qPrintable(text));
    std::fflush(stdout);
}

// Watches a console's document: when its first line and its last expected line were shown.
class ShownClock
{
public:
    ShownClock(ExecutionConsole *console, qint64 expectedLines)
        : m_console(console), m_expected(expectedLines)
    {
        m_clock.start();
        QObject::connect(console->textView()->document(), &QTextDocument::blockCountChanged, console,
                         [this](int blocks) {
                             if (blocks > 1 && m_firstMs < 0)
                                 m_firstMs = m_clock.elapsed();
                             if (blocks > m_expected && m_lastMs < 0)
                                 m_lastMs = m_clock.elapsed();
                         });
    }
    bool done() const { return m_lastMs >= 0; }
    double linesPerSecond() const
    {
        const qint64 ms = std::max<qint64>(1, m_lastMs - m_firstMs);
        return double(m_expected) * 1000.0 / double(ms);
    }
    qint64 spanMs() const { return m_lastMs - m_firstMs; }

private:
    ExecutionConsole *m_console;
    qint64 m_expected;
    QElapsedTimer m_clock;
    qint64 m_firstMs = -1;
    qint64 m_lastMs = -1;
};

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption linesOption(u"lines"_s, u"Lines the script prints."_s, u"N"_s, u"100000"_s);
    const QCommandLineOption sandboxesOption(u"sandboxes"_s, u"Sandboxes of the follow console (b)."_s,
                                             u"N"_s, u"3"_s);
    parser.addOptions({linesOption, sandboxesOption});
    parser.addHelpOption();
    parser.process(app);
    const int lines = parser.value(linesOption).toInt();
    const int sandboxCount = parser.value(sandboxesOption).toInt();

    QTemporaryDir work;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, work.filePath(u"settings"_s));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, work.filePath(u"settings"_s));
    QSettings().setValue(u"refresh/interval"_s, 0);
    // The ledger of the bench's profile goes to the throwaway folder, not the user's.
    qputenv("SANDBOXDECK_LEDGER", work.filePath(u"ledger.sqlite"_s).toLocal8Bit());
    qputenv("XDG_DATA_HOME", work.filePath(u"data"_s).toLocal8Bit());
    const QString folder = work.filePath(u"script"_s);
    QDir().mkpath(folder);
    {
        QFile script(folder + u"/main.py"_s);
        const QByteArray text = "for i in range(" + QByteArray::number(lines) +
                                "):\n    print(f\"line {i} of a script that prints at \\x1b[32mfull\\x1b[0m "
                                "speed\")\n";
        if (!script.open(QIODevice::WriteOnly) || script.write(text) != text.size())
            return 1;
    }

    const QString key = u"bench-console-key"_s;
    EmulatorProcess emulator;
    if (!emulator.start(QStringLiteral(SANDBOXDECK_EMULATOR_PATH),
                        {u"--port"_s, u"0"_s, u"--api-key"_s, key}))
        return 1;
    AppSession session;
    MainWindow window(&session);
    window.resize(1280, 780);
    window.show();
    session.connectTo(u"bench"_s, QUrl(emulator.api()), key, u"us"_s);
    window.showPage(MainWindow::LocalSandboxesView);
    LocalSandboxesPage *page = window.localSandboxesPage();
    QTreeView *tree = page->view();
    if (!GapMeter::waitUntil([&] { return tree->model()->rowCount() >= sandboxCount; }, 30000)) {
        std::fprintf(stderr, "no local sandboxes arrived\n");
        return 1;
    }
    QStringList ids;
    for (int row = 0; row < tree->model()->rowCount(); ++row)
        ids << tree->model()->index(row, 0).data(LocalSandboxTreeModel::LocalSandboxIdRole).toString();
    tree->setCurrentIndex(tree->model()->index(0, 0));
    page->workTabs()->setCurrentIndex(page->workTabs()->executionsIndex());
    ExecutionsTab *tab = page->executionsTab();
    if (!GapMeter::waitUntil([&] { return tab->sandboxId() == ids.first(); }, 5000) ||
        !tab->setFolder(folder)) {
        std::fprintf(stderr, "the Executions tab did not take the folder\n");
        return 1;
    }
    line("peak RSS before", u"%1 MiB"_s.arg(PeakMemory::kib() / 1024));

    // (a) One execution in the tab.
    GapMeter meter;
    tab->nameField()->setText(u"bench-a"_s);
    ShownClock shown(tab->console(), lines);
    bool finished = false;
    QObject::connect(tab, &ExecutionsTab::executionFinished, [&finished] { finished = true; });
    meter.reset();
    tab->runButton()->click();
    if (!GapMeter::waitUntil([&] { return finished && shown.done(); }, 600000)) {
        std::fprintf(stderr, "(a) did not end: %s\n", qPrintable(tab->console()->status()));
        return 1;
    }
    line("(a) Executions tab: GUI gaps", meter.summary());
    line("(a) lines shown per second",
         u"%1 (%2 lines in %3 ms, status %4)"_s.arg(qRound(shown.linesPerSecond()))
             .arg(tab->console()->lineCount())
             .arg(shown.spanMs())
             .arg(tab->console()->status()));
    line("(a) peak RSS", u"%1 MiB"_s.arg(PeakMemory::kib() / 1024));

    // (b) The same in several sandboxes at once, merged.
    FollowConsole follow(session.executionRuns());
    follow.resize(1000, 600);
    follow.show();
    ShownClock merged(follow.console(), qint64(lines) * sandboxCount);
    bool allFinished = false;
    QObject::connect(&follow, &FollowConsole::allFinished, [&allFinished] { allFinished = true; });
    meter.reset();
    follow.run(ids.mid(0, sandboxCount), folder, u"bench-b"_s);
    if (!GapMeter::waitUntil([&] { return allFinished && merged.done(); }, 900000)) {
        std::fprintf(stderr, "(b) did not end\n");
        return 1;
    }
    line("(b) follow console: GUI gaps", meter.summary());
    line("(b) lines shown per second",
         u"%1 (%2 lines from %3 sandboxes in %4 ms)"_s.arg(qRound(merged.linesPerSecond()))
             .arg(follow.mergedLineCount())
             .arg(sandboxCount)
             .arg(merged.spanMs()));
    line("(b) peak RSS", u"%1 MiB"_s.arg(PeakMemory::kib() / 1024));
    return 0;
}
