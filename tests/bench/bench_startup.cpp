// bench_startup [--runs N]: how long `sandboxdeck --demo` takes from process start to its first window and
// to the first rows of the Sandboxes view on screen, and where that time goes.
//
// Each run launches this program again (--child), which starts as ui/main.cpp does: QApplication, then
// ApplicationController::start(true), the app's own start-up path, in a fresh settings folder (a first start:
// no profile, no saved view state; fontconfig's cache stays the user's). StartupProbe notes the milestones
// from outside the app's code. The clock starts in this process just before the launch, so process creation,
// dynamic linking and static initialisers count; this program links the same libraries as sandboxdeck. Not
// included: the desktop's part (a launcher, a compositor mapping the window). `sandboxdeck --version` against
// `/bin/true` shows the real binary's own share of process start. QT_QPA_PLATFORM is honoured (xvfb-run
// with xcb), offscreen when unset.

#include "startupprobe.h"

#include "klavis/sandboxespage.h"
#include "mainwindow/applicationcontroller.h"
#include "mainwindow/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMap>
#include <QProcess>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstring>

using namespace Qt::StringLiterals;

namespace {

constexpr int childTimeoutMs = 60000;

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype middle = values.size() / 2;
    return values.size() % 2 ? values.at(middle) : (values.at(middle - 1) + values.at(middle)) / 2;
}

// The window as a user starts it, up to its first rows on screen; prints its milestones on stdout.
int runChild(int argc, char *argv[], qint64 mainNs)
{
    // As ui/main.cpp: the names decide where the settings live.
    QApplication::setOrganizationName(u"SandboxDeck"_s);
    QApplication::setApplicationName(u"SandboxDeck"_s);
    QApplication::setApplicationVersion(QStringLiteral(SANDBOXDECK_VERSION));
    QApplication::setDesktopFileName(u"io.github.sandboxdeck.SandboxDeck"_s);
    QApplication app(argc, argv);
    const qint64 applicationNs = StartupProbe::nowNs();
    StartupProbe probe;
    probe.mark(u"main() entered"_s, mainNs);
    probe.mark(u"QApplication built (platform plugin)"_s, applicationNs);
    int status = 0;
    {
        ApplicationController controller;
        probe.mark(u"ApplicationController built (translations, theme, session, profiles)"_s);
        probe.watchSession(controller.session());
        if (!controller.start(true)) {
            std::fprintf(stderr, "the demo did not start\n");
            return 1;
        }
        probe.mark(u"start() returned: window built and shown, demo connected"_s);
        probe.watchSandboxesView(controller.window()->sandboxesPage()->view());
        QObject::connect(&probe, &StartupProbe::rowsShown, &app, [] { QCoreApplication::exit(0); });
        QTimer::singleShot(childTimeoutMs, &app, [] {
            std::fprintf(stderr, "no rows on screen in the Sandboxes view within %d s\n",
                         childTimeoutMs / 1000);
            QCoreApplication::exit(1);
        });
        status = QApplication::exec();
    }
    for (const StartupProbe::Milestone &milestone : probe.milestones())
        std::printf("mark\t%lld\t%s\n", milestone.ns, qPrintable(milestone.name));
    return status;
}

// Milliseconds from the launch, by milestone; empty when the run failed.
QMap<QString, double> launchOnce(const QString &program, const QProcessEnvironment &environment)
{
    QProcess child;
    child.setProcessEnvironment(environment);
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    const qint64 launchNs = StartupProbe::nowNs();
    child.start(program, {u"--child"_s});
    if (!child.waitForFinished(childTimeoutMs + 30000) || child.exitStatus() != QProcess::NormalExit ||
        child.exitCode() != 0) {
        std::fprintf(stderr, "the child failed: %s\n", qPrintable(child.errorString()));
        return {};
    }
    QMap<QString, double> milestones;
    for (const QByteArray &line : child.readAllStandardOutput().split('\n')) {
        const QList<QByteArray> fields = line.split('\t');
        if (fields.size() == 3 && fields.at(0) == "mark")
            milestones.insert(QString::fromUtf8(fields.at(2)),
                              double(fields.at(1).toLongLong() - launchNs) / 1e6);
    }
    return milestones;
}

// Chronological, each with the time since the one before: where the time goes.
void printTimeline(const QMap<QString, double> &milestones)
{
    QList<std::pair<double, QString>> ordered;
    for (auto it = milestones.cbegin(); it != milestones.cend(); ++it)
        ordered.append({it.value(), it.key()});
    std::sort(ordered.begin(), ordered.end());
    std::printf("  %9s %9s  %s\n", "ms", "+ms", "milestone (from the launch)");
    double before = 0;
    for (const auto &[ms, name] : ordered) {
        std::printf("  %9.1f %9.1f  %s\n", ms, ms - before, qPrintable(name));
        before = ms;
    }
    std::fflush(stdout);
}

// Median wall time of `program arguments` from launch to exit, in ms.
double medianRunMs(const QString &program, const QStringList &arguments, int runs)
{
    QList<double> times;
    for (int i = 0; i < runs; ++i) {
        QProcess process;
        const qint64 startNs = StartupProbe::nowNs();
        process.start(program, arguments);
        if (!process.waitForFinished(30000) || process.exitCode() != 0)
            return -1;
        times.append(double(StartupProbe::nowNs() - startNs) / 1e6);
    }
    return median(times);
}

} // namespace

int main(int argc, char *argv[])
{
    const qint64 mainNs = StartupProbe::nowNs();
    if (argc == 2 && std::strcmp(argv[1], "--child") == 0)
        return runChild(argc, argv, mainNs);

    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption runsOption(u"runs"_s, u"Launches of the window."_s, u"N"_s, u"5"_s);
    parser.addOption(runsOption);
    parser.addHelpOption();
    parser.process(app);
    const int runs = std::max(1, parser.value(runsOption).toInt());

    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (!environment.contains(u"QT_QPA_PLATFORM"_s))
        environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    std::printf("sandboxdeck --demo start-up, %d launches, QT_QPA_PLATFORM=%s\n", runs,
                qPrintable(environment.value(u"QT_QPA_PLATFORM"_s)));
    QMap<QString, QList<double>> all;
    for (int run = 1; run <= runs; ++run) {
        // A first start each time, and never the user's own settings or ledger.
        QTemporaryDir home;
        environment.insert(u"XDG_CONFIG_HOME"_s, home.filePath(u"config"_s));
        environment.insert(u"XDG_DATA_HOME"_s, home.filePath(u"data"_s));
        const QMap<QString, double> milestones =
            launchOnce(QCoreApplication::applicationFilePath(), environment);
        if (milestones.isEmpty())
            return 1;
        std::printf("\nlaunch %d of %d\n", run, runs);
        printTimeline(milestones);
        for (auto it = milestones.cbegin(); it != milestones.cend(); ++it)
            all[it.key()].append(it.value());
    }
    QMap<QString, double> medians;
    for (auto it = all.cbegin(); it != all.cend(); ++it)
        medians.insert(it.key(), median(it.value()));
    std::printf("\nmedian of %d launches (each milestone on its own; +ms between medians)\n", runs);
    printTimeline(medians);

    const double appVersionMs = medianRunMs(QStringLiteral(SANDBOXDECK_APP_PATH), {u"--version"_s}, runs);
    const double trueMs = medianRunMs(u"/bin/true"_s, {}, runs);
    std::printf("\nprocess start and exit, median of %d: sandboxdeck --version %.1f ms, /bin/true %.1f ms\n",
                runs, appVersionMs, trueMs);
    return appVersionMs < 0 || trueMs < 0 ? 1 : 0;
}
