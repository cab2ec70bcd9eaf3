// bench_files [--entries N]: does a folder of N entries (default 100,000) open in the Files tab's tree
// without stalling the GUI thread? A FileBrowser and a QTreeView on it (offscreen platform unless
// QT_QPA_PLATFORM says otherwise) against the standalone emulator's Blaxel sandbox, in a process of its own,
// where python3 made the folder. Prints the time from asking to the first rows in the view and to the last,
// how many rows the tree holds (and whether the listing was cut at a limit), and the GUI thread's event-loop
// gaps (GapMeter).

#include "emulatorprocess.h"
#include "gapmeter.h"
#include "peakmemory.h"

#include "api/blaxelsandboxfiles.h"
#include "models/blaxelfiletreemodel.h"
#include "session/filebrowser.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTreeView>
#include <QUrl>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

void line(const char *label, const QString &text)
{
    std::printf("%-32s %s\n", label, qPrintable(text));
    std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption entriesOption(u"entries"_s, u"Files in the folder (default 100000)."_s, u"N"_s,
                                           u"100000"_s);
    parser.addOption(entriesOption);
    parser.process(app);
    const int entries = parser.value(entriesOption).toInt();

    const QString key = u"bench-files-key"_s;
    EmulatorProcess emulator;
    if (!emulator.start(QStringLiteral(SANDBOXDECK_EMULATOR_PATH),
                        {u"--port"_s, u"0"_s, u"--api-key"_s, key}))
        return 1;
    QUrl sandbox(emulator.api());
    sandbox.setPath(u"/blaxel-sandbox/demo/research-notebook"_s);

    // The folder, made in the sandbox by python3 (through the process API, as a user's script would).
    {
        BlaxelSandboxFiles maker(u"research-notebook"_s, sandbox, key, u"demo"_s);
        bool made = false;
        maker.run(u"python3 -c \"import os\nos.makedirs('big', exist_ok=True)\nfor i in range(%1): "
                  u"open(f'big/file-{i:06}.txt', 'w').close()\""_s.arg(entries),
                  {}, &app, [&](const ApiResult<BlaxelProcessResult> &result) {
                      if (!result || !result->succeeded())
                          std::fprintf(stderr, "could not make the folder: %s\n",
                                       qPrintable(result ? result->logs : result.error().fullText()));
                      made = result && result->succeeded();
                  });
        if (!GapMeter::waitUntil([&] { return made; }, 300000))
            return 1;
    }

    // The listing call alone (the sandbox's answer, read and parsed): the floor of the tree's figures.
    double callMs = 0;
    double sortMs = 0;
    double firstChunkMs = 0;
    {
        BlaxelSandboxFiles lister(u"research-notebook"_s, sandbox, key, u"demo"_s);
        BlaxelSandboxFiles::Limits limits = lister.limits();
        limits.maxListedEntries = FileBrowser::maxListedEntries;
        limits.maxJsonBytes = qint64{64} * 1024 * 1024;
        lister.setLimits(limits);
        QElapsedTimer call;
        call.start();
        bool listed = false;
        BlaxelDirectory directory;
        lister.list(u"/blaxel/big"_s, &app, [&](const ApiResult<BlaxelDirectory> &result) {
            listed = true;
            if (!result)
                std::fprintf(stderr, "the listing failed: %s\n", qPrintable(result.error().fullText()));
            else
                directory = result.value();
        });
        if (!GapMeter::waitUntil([&] { return listed; }, 120000))
            return 1;
        callMs = double(call.nsecsElapsed()) / 1e6;
        // The client's own work once the answer is in: the sort (a pool thread's in the tab) and the first
        // rows into a model (the GUI thread's).
        QElapsedTimer work;
        work.start();
        const QList<BlaxelDirectory::Entry> entries = BlaxelFileTreeModel::preparedEntries(directory);
        sortMs = double(work.nsecsElapsed()) / 1e6;
        BlaxelFileTreeModel model;
        model.setRootPath(u"/blaxel/big"_s);
        work.restart();
        model.setPreparedListing(u"/blaxel/big"_s, entries, directory.truncated);
        firstChunkMs = double(work.nsecsElapsed()) / 1e6;
    }

    auto *files = new BlaxelSandboxFiles(u"research-notebook"_s, sandbox, key, u"demo"_s);
    FileBrowser browser(u"research-notebook"_s, files);
    QTreeView view;
    view.resize(1280, 780);
    view.setUniformRowHeights(true);
    view.setModel(browser.model());
    view.show();

    GapMeter meter;
    QElapsedTimer clock;
    clock.start();
    double firstMs = -1;
    QObject::connect(browser.model(), &QAbstractItemModel::rowsInserted, &app, [&] {
        if (firstMs < 0)
            firstMs = double(clock.nsecsElapsed()) / 1e6;
    });
    browser.setRootPath(u"/blaxel/big"_s);
    view.setRootIndex({});
    // The view asks for the root's rows (fetchMore) as it lays itself out.
    if (!GapMeter::waitUntil([&] { return browser.model()->isListed(u"/blaxel/big"_s); }, 120000)) {
        std::fprintf(stderr, "the folder was not listed within 120 s\n");
        return 1;
    }
    const double allMs = double(clock.nsecsElapsed()) / 1e6;
    // A few frames more: what the view does with the rows after they arrived counts too.
    GapMeter::waitUntil([] { return false; }, 300);
    const int rows = browser.model()->rowCount();
    line("entries in the folder", QString::number(entries));
    line("rows in the tree", u"%1%2"_s.arg(rows).arg(browser.model()->isTruncated(u"/blaxel/big"_s)
                                                         ? u" (cut at the listing limit)"_s
                                                         : QString()));
    line("the listing call alone", u"%1 ms"_s.arg(callMs, 0, 'f', 1));
    line("  then sorting it", u"%1 ms (a pool thread's work in the tab)"_s.arg(sortMs, 0, 'f', 1));
    line("  then the first rows in a model", u"%1 ms"_s.arg(firstChunkMs, 0, 'f', 1));
    line("first rows", u"%1 ms"_s.arg(firstMs, 0, 'f', 1));
    line("listed", u"%1 ms"_s.arg(allMs, 0, 'f', 1));
    line("GUI thread", meter.summary());
    line("peak RSS", u"%1 MB"_s.arg(PeakMemory::kib() / 1024));
    return 0;
}
