// bench_frame [--size MB] [--rows N] [--files N] [--refreshes N] [--max-gui-cpu-ms N]: does the GUI thread
// ever stall? Runs the real MainWindow (offscreen platform unless QT_QPA_PLATFORM says otherwise) against the
// standalone emulator in a process of its own and records the gap between event-loop iterations with a 2 ms
// timer while
//  (b) the list of N sandboxes (default 100,000) loads, then refreshes with 1% of it changed, sorted and
//      filtered in the view;
//  (c) a dropped folder of --files files (default 100,000) is counted for the upload confirmation;
//  (a) a --size MB workspace (default 1024, bytes gzip shrinks little) is uploaded, then its dump is
//      downloaded and extracted.
// Prints the 99th percentile and the longest gap of each, the start-up time to the first rows and the peak
// RSS with the list loaded. A gap over 16 ms is one missed frame at 60 Hz.
// With --max-gui-cpu-ms N it is also a guard (ctest bench_frame_guard): after printing every figure it exits
// with status 2, naming the scenarios, when the GUI thread's CPU time in any one gap went over N ms.

#include "../ui/filedrop.h"
#include "benchrandom.h"
#include "emulatorprocess.h"
#include "gapmeter.h"
#include "guicpuguard.h"
#include "peakmemory.h"

#include "klavis/sandboxespage.h"
#include "local/localsandboxespage.h"
#include "local/localworkspaceactions.h"
#include "mainwindow/mainwindow.h"
#include "models/flatsortfilterproxy.h"
#include "models/localsandboxtreemodel.h"
#include "sandboxlist/sandboxfilterbar.h"
#include "session/appsession.h"
#include "session/localsandboxescontroller.h"
#include "session/sandboxescontroller.h"
#include "transfers/uploadconfirmdialog.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDirIterator>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMimeData>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace Qt::StringLiterals;

namespace {

// Changes `count` sandboxes in the emulator, as other users of the account would between two refreshes.
bool churn(QNetworkAccessManager &network, const QString &api, const QString &key, int count)
{
    QNetworkRequest request(QUrl(api + u"/_emulator/churn"_s));
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    QNetworkReply *reply =
        network.post(request, QJsonDocument(QJsonObject{{u"count"_s, count}}).toJson(QJsonDocument::Compact));
    GapMeter::waitUntil([reply] { return reply->isFinished(); }, 30000);
    const bool ok = reply->error() == QNetworkReply::NoError;
    reply->deleteLater();
    return ok;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// `files` small files in folders of 1,000, as a node_modules or a data set would come.
bool generateManyFiles(const QString &root, int files)
{
    BenchRandom random(7);
    for (int i = 0; i < files; ++i) {
        const QString folder = root + u"/d%1"_s.arg(i / 1000, 3, 10, QChar(u'0'));
        if (i % 1000 == 0 && !QDir().mkpath(folder))
            return false;
        QByteArray bytes(int(64 + random.below(512)), 'x');
        if (!writeFile(folder + u"/f%1.txt"_s.arg(i), bytes))
            return false;
    }
    return true;
}

// About `megabytes` MB in 4 MiB files of bytes with 6 bits of entropy each: gzip keeps about 80% of them,
// so packing and unpacking are real work.
bool generateBigTree(const QString &root, qint64 megabytes)
{
    BenchRandom random(11);
    const qint64 fileBytes = 4 << 20;
    const qint64 files = std::max<qint64>(1, megabytes * 1000 * 1000 / fileBytes);
    QByteArray bytes(fileBytes, Qt::Uninitialized);
    for (qint64 i = 0; i < files; ++i) {
        const QString folder = root + u"/part%1"_s.arg(i / 32);
        if (i % 32 == 0 && !QDir().mkpath(folder))
            return false;
        char *out = bytes.data();
        for (qsizetype at = 0; at + 8 <= bytes.size(); at += 8) {
            quint64 word = random.next();
            for (int b = 0; b < 8; ++b, word >>= 8)
                out[at + b] = char('0' + (word & 63));
        }
        if (!writeFile(folder + u"/blob%1.bin"_s.arg(i), bytes))
            return false;
    }
    return true;
}

qint64 treeBytes(const QString &root)
{
    qint64 total = 0;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        total += it.fileInfo().size();
    }
    return total;
}

// A drag of `paths` entering the local sandbox's row, moving and dropping there, as a file manager sends it.
void dropOnSandbox(QTreeView *tree, const QModelIndex &row, const QStringList &paths)
{
    FileDrop::dropFiles(tree->viewport(), paths, tree->visualRect(row).center());
}

QModelIndex localSandboxRow(QTreeView *tree, const QString &id)
{
    for (int row = 0; row < tree->model()->rowCount(); ++row) {
        const QModelIndex index = tree->model()->index(row, 0);
        if (index.data(LocalSandboxTreeModel::LocalSandboxIdRole).toString() == id)
            return index;
    }
    return {};
}

UploadConfirmDialog *openConfirmation(MainWindow &window, const QString &source)
{
    UploadConfirmDialog *dialog = nullptr;
    GapMeter::waitUntil(
        [&] {
            for (auto *candidate : window.findChildren<UploadConfirmDialog *>()) {
                if (candidate->isVisible() && candidate->sources() == QStringList{source})
                    dialog = candidate;
            }
            return dialog != nullptr;
        },
        10000);
    return dialog;
}

bool waitForJob(TransferJob *job, int timeoutMs)
{
    GapMeter::waitUntil([job] { return job->isFinished(); }, timeoutMs);
    if (job->state() != TransferJob::State::Done) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(job->name()), qPrintable(job->errorText()));
        return false;
    }
    return true;
}

void line(const char *label, const QString &text)
{
    std::printf("%-52s %s\n", label, qPrintable(text));
    std::fflush(stdout);
}

// A scenario's figures, then the guard's look at the meter's gaps since its last reset.
void scenario(const char *label, const QString &text, const GapMeter &meter, GuiCpuGuard &guard)
{
    line(label, text);
    guard.check(QString::fromUtf8(label), meter);
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption sizeOption(u"size"_s, u"Workspace of (a), MB."_s, u"MB"_s, u"1024"_s);
    const QCommandLineOption rowsOption(u"rows"_s, u"Sandboxes in the list of (b)."_s, u"N"_s, u"100000"_s);
    const QCommandLineOption filesOption(u"files"_s, u"Files in the dropped folder of (c)."_s, u"N"_s,
                                         u"100000"_s);
    const QCommandLineOption refreshesOption(u"refreshes"_s, u"Refreshes in (b)."_s, u"N"_s, u"10"_s);
    const QCommandLineOption maxGuiCpuOption(
        u"max-gui-cpu-ms"_s,
        u"Exit with status 2 when the GUI thread's CPU in one gap exceeds this (0: off)."_s, u"MS"_s, u"0"_s);
    parser.addOptions({sizeOption, rowsOption, filesOption, refreshesOption, maxGuiCpuOption});
    parser.addHelpOption();
    parser.process(app);
    const qint64 sizeMb = parser.value(sizeOption).toLongLong();
    const int rows = parser.value(rowsOption).toInt();
    const int files = parser.value(filesOption).toInt();
    const int refreshes = parser.value(refreshesOption).toInt();
    GuiCpuGuard guard(parser.value(maxGuiCpuOption).toDouble());

    QTemporaryDir work;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, work.filePath(u"settings"_s));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, work.filePath(u"settings"_s));
    QSettings().setValue(u"refresh/interval"_s, 0); // the benchmark decides when to refresh

    const QString key = u"bench-frame-key"_s;
    EmulatorProcess emulator;
    const qint64 workspaceMiB = sizeMb * 2 + 64; // the upload goes on top of the seeded workspace
    if (!emulator.start(QStringLiteral(SANDBOXDECK_EMULATOR_PATH),
                        {u"--port"_s, u"0"_s, u"--api-key"_s, key, u"--bulk-sandboxes"_s,
                         QString::number(std::max(0, rows - 40)), u"--max-workspace-mb"_s,
                         QString::number(workspaceMiB)}))
        return 1;

    GapMeter meter;
    QElapsedTimer startClock;
    startClock.start();
    AppSession session;
    MainWindow window(&session);
    window.resize(1280, 780);
    window.show();
    session.connectTo(u"bench"_s, QUrl(emulator.api()), key, u"us"_s);
    // Building the window is start-up time, which bench_startup measures; the gaps are those of a window
    // already there, waiting for its rows.
    const qint64 builtMs = startClock.elapsed();
    meter.reset();
    SandboxesController *sandboxes = window.sandboxesController();
    if (!GapMeter::waitUntil([&] { return window.sandboxesPage()->view()->model()->rowCount() > 0; },
                             120000)) {
        std::fprintf(stderr, "no rows arrived\n");
        return 1;
    }
    const qint64 firstRowsMs = startClock.elapsed();
    const int firstRows = window.sandboxesPage()->view()->model()->rowCount();
    // The rows arrive in steps: (b) starts from the whole list.
    if (!GapMeter::waitUntil([&] { return !sandboxes->isRefreshing(); }, 120000)) {
        std::fprintf(stderr, "the list did not finish loading\n");
        return 1;
    }
    scenario("start-up to first rows",
             u"%1 ms (%2 rows; the window built in %3 ms, before the gaps), all %4 rows in %5 ms, %6"_s
                 .arg(firstRowsMs)
                 .arg(firstRows)
                 .arg(builtMs)
                 .arg(window.sandboxesPage()->view()->model()->rowCount())
                 .arg(startClock.elapsed())
                 .arg(meter.summary()),
             meter, guard);

    // (b) sorted by Updated, filtered by a search, then refreshed with 1% changed each time.
    QTableView *table = window.sandboxesPage()->view();
    meter.reset();
    // The table opens sorted newest first, by the last column: the other way round sorts every row.
    const Qt::SortOrder lastColumnOrder =
        table->horizontalHeader()->sortIndicatorOrder() == Qt::DescendingOrder ? Qt::AscendingOrder
                                                                               : Qt::DescendingOrder;
    table->sortByColumn(table->model()->columnCount() - 1, lastColumnOrder);
    // The order is computed on a worker and applied in one step: the gaps up to and after it count.
    const auto *sorting = qobject_cast<const FlatSortFilterProxy *>(table->model());
    if (!sorting || !GapMeter::waitUntil([&] { return !sorting->isSorting(); }, 30000)) {
        std::fprintf(stderr, "the sort by the last column did not land\n");
        return 1;
    }
    GapMeter::waitUntil([] { return false; }, 200);
    scenario("(b) sort by the last column", meter.summary(), meter, guard);
    meter.reset();
    const int rowsBeforeSearch = table->model()->rowCount();
    window.sandboxesPage()->filterBar()->searchField()->setText(u"git"_s);
    // The search waits for typing to pause before it filters: the filtering itself must fall in the window.
    if (!GapMeter::waitUntil([&] { return table->model()->rowCount() != rowsBeforeSearch; }, 30000)) {
        std::fprintf(stderr, "the search \"git\" did not narrow the list of %d rows\n", rowsBeforeSearch);
        return 1;
    }
    // Then what follows it: the repaint, the columns measured once the rows settle.
    GapMeter::waitUntil([] { return false; }, 400);
    scenario("(b) search \"git\"", meter.summary() + u", %1 shown"_s.arg(table->model()->rowCount()), meter,
             guard);
    QNetworkAccessManager network;
    QElapsedTimer refreshClock;
    qint64 refreshTotalMs = 0;
    meter.reset();
    for (int i = 0; i < refreshes; ++i) {
        meter.pause();
        if (!churn(network, emulator.api(), key, rows / 100)) {
            std::fprintf(stderr, "churn failed\n");
            return 1;
        }
        bool refreshed = false;
        const auto connection =
            QObject::connect(sandboxes, &SandboxesController::refreshed, [&refreshed] { refreshed = true; });
        meter.resume();
        refreshClock.start();
        window.refreshCurrent();
        if (!GapMeter::waitUntil([&] { return refreshed; }, 60000)) {
            std::fprintf(stderr, "refresh %d did not finish within 60 s\n", i + 1);
            return 1;
        }
        refreshTotalMs += refreshClock.elapsed();
        QObject::disconnect(connection);
    }
    scenario("(b) refresh, 1% changed, sorted and filtered",
             meter.summary() + u", %1 ms a refresh"_s.arg(refreshes ? refreshTotalMs / refreshes : 0), meter,
             guard);
    line("peak RSS with the list loaded", u"%1 MB"_s.arg(PeakMemory::kib() / 1024));

    // (c) a folder of many files dropped on a local sandbox: counted for the confirmation.
    window.showPage(MainWindow::LocalSandboxesView);
    LocalSandboxesController *local = window.localSandboxesController();
    QTreeView *tree = window.localSandboxesPage()->view();
    if (!GapMeter::waitUntil([&] { return tree->model()->rowCount() > 0; }, 30000)) {
        std::fprintf(stderr, "no local sandboxes\n");
        return 1;
    }
    Q_UNUSED(local);
    const QString localId =
        tree->model()->index(0, 0).data(LocalSandboxTreeModel::LocalSandboxIdRole).toString();
    const QString many = work.filePath(u"many"_s);
    QElapsedTimer generateClock;
    generateClock.start();
    if (!generateManyFiles(many, files)) {
        std::fprintf(stderr, "could not write %d files under %s\n", files, qPrintable(many));
        return 1;
    }
    line("(c) generated the folder", u"%1 files in %2 s"_s.arg(files).arg(generateClock.elapsed() / 1000.0));
    meter.reset();
    QElapsedTimer countClock;
    countClock.start();
    dropOnSandbox(tree, localSandboxRow(tree, localId), {many});
    UploadConfirmDialog *dialog = openConfirmation(window, many);
    if (!dialog || !GapMeter::waitUntil([dialog] { return dialog->isCounted(); }, 300000)) {
        std::fprintf(stderr, "the drop was not counted\n");
        return 1;
    }
    scenario("(c) drop of a folder counted",
             meter.summary() +
                 u", counted in %1 ms: %2"_s.arg(countClock.elapsed()).arg(dialog->summaryText()),
             meter, guard);
    dialog->reject();
    // The same drop cancelled at once, while the walk has just begun: closing must not wait for it.
    meter.reset();
    dropOnSandbox(tree, localSandboxRow(tree, localId), {many});
    dialog = openConfirmation(window, many);
    if (!dialog) {
        std::fprintf(stderr, "the second drop opened no confirmation\n");
        return 1;
    }
    QPointer<UploadConfirmDialog> cancelled(dialog);
    dialog->reject();
    GapMeter::waitUntil([&] { return cancelled.isNull(); }, 1000);
    delete cancelled.data(); // WA_DeleteOnClose's deleteLater waits for the outermost event loop
    GapMeter::waitUntil([] { return false; }, 500);
    scenario("(c) the same drop cancelled while counting", meter.summary(), meter, guard);
    QDir(many).removeRecursively();

    // (a) a big workspace up, then its dump down and extracted.
    const QString big = work.filePath(u"big"_s);
    generateClock.start();
    if (!generateBigTree(big, sizeMb)) {
        std::fprintf(stderr, "could not write %lld MB under %s\n", sizeMb, qPrintable(big));
        return 1;
    }
    const qint64 bigBytes = treeBytes(big);
    line("(a) generated the workspace",
         u"%1 MB in %2 s"_s.arg(bigBytes / 1000000).arg(generateClock.elapsed() / 1000.0));
    TransferQueue *queue = session.transfers();
    meter.reset();
    QElapsedTimer transferClock;
    transferClock.start();
    dropOnSandbox(tree, localSandboxRow(tree, localId), {big});
    dialog = openConfirmation(window, big);
    if (!dialog || !GapMeter::waitUntil([dialog] { return dialog->isCounted(); }, 300000)) {
        std::fprintf(stderr, "the workspace's drop was not counted\n");
        return 1;
    }
    const qsizetype jobsBefore = queue->jobs().size();
    dialog->uploadButton()->click();
    if (!GapMeter::waitUntil([&] { return queue->jobs().size() > jobsBefore; }, 5000)) {
        std::fprintf(stderr, "Upload queued no job\n");
        return 1;
    }
    if (!waitForJob(queue->jobs().constLast(), 3600000))
        return 1;
    const qint64 uploadMs = transferClock.elapsed();
    scenario("(a) upload (count, pack, PUT, initialize)",
             meter.summary() + u", %1 s"_s.arg(uploadMs / 1000.0, 0, 'f', 1), meter, guard);
    meter.reset();
    transferClock.start();
    const QString extracted = work.filePath(u"extracted"_s);
    TransferJob *dump = window.localSandboxesPage()->workspaceActions()->extractDumpTo(localId, extracted);
    if (!waitForJob(dump, 3600000))
        return 1;
    scenario("(a) dump download and extract",
             meter.summary() + u", %1 s, %2 MB extracted"_s.arg(transferClock.elapsed() / 1000.0, 0, 'f', 1)
                                   .arg(treeBytes(extracted) / 1000000),
             meter, guard);
    line("peak RSS at the end", u"%1 MB"_s.arg(PeakMemory::kib() / 1024));
    guard.report();
    return guard.passed() ? 0 : 2;
}
