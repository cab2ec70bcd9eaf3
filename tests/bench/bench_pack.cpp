// Times the workspace packer against tar -czf and tar | pigz on a generated workspace, then the extractor
// (SafeExtractor, which inflates and checks every gzip member) on the archives it wrote. Prints figures only.
//
//   bench_pack [tree-folder] [output-folder]
//
// Without a tree folder it generates (once) a deterministic tree of about 200 MB in 12,000 files under
// /tmp/sandboxdeck-bench/tree: mostly source-like text, some random binary (like images or build output).

#include "workspace/safeextractor.h"
#include "workspace/workspacearchiver.h"

#include "peakmemory.h"
#include "workspacetree.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QThread>

#include <cstdio>
#include <functional>
#include <limits>

using namespace Qt::StringLiterals;

namespace {

bool runProcess(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(-1) || process.exitCode() != 0) {
        std::fprintf(stderr, "%s failed: %s\n", qPrintable(program),
                     process.readAllStandardError().constData());
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    const QString base = u"/tmp/sandboxdeck-bench"_s;
    const QString tree = arguments.size() > 1 ? arguments.at(1) : base + u"/tree"_s;
    const QString output = arguments.size() > 2 ? arguments.at(2) : base + u"/out"_s;
    if (arguments.size() <= 1 && !QFile::exists(base + u"/tree-v3.ready"_s)) {
        QDir(tree).removeRecursively();
        if (!WorkspaceTree::generate(tree) || !QFile(base + u"/tree-v3.ready"_s).open(QIODevice::WriteOnly))
            return 1;
    }
    QDir().mkpath(output);
    const ArchiveScan scan = WorkspaceArchiver::scan({tree});
    std::printf("tree: %lld files, %lld dirs, %.1f MB; %d cores\n", scan.fileCount, scan.dirCount,
                scan.totalBytes / 1e6, QThread::idealThreadCount());
    const qint64 rssBefore = PeakMemory::kib();

    std::atomic_bool cancel = false;
    const auto ours = [&](int threads) {
        return [&, threads] {
            const PackResult result = WorkspaceArchiver::pack(
                {tree}, u"%1/ours%2.tar.gz"_s.arg(output).arg(threads), threads, cancel, {});
            if (!result.ok)
                std::fprintf(stderr, "pack failed: %s\n", qPrintable(result.error));
            return result.ok;
        };
    };
    ours(2)(); // warms the page cache, so that every contender reads from memory

    struct Row
    {
        QString name;
        QString file;
        std::function<bool()> run;
        double seconds = std::numeric_limits<double>::max();
    };
    QList<Row> rows;
    const QString tar = QStandardPaths::findExecutable(u"tar"_s);
    const QString tarFile = output + u"/tar.tar.gz"_s;
    rows.append({u"tar -czf"_s, tarFile, [&] {
                     return runProcess(tar, {u"-czf"_s, tarFile, u"-C"_s, tree, u"."_s});
                 }});
    const QString pigzFile = output + u"/pigz.tar.gz"_s;
    if (!QStandardPaths::findExecutable(u"pigz"_s).isEmpty()) {
        rows.append(
            {u"tar -I pigz -cf"_s, pigzFile, [&] {
                 return runProcess(tar, {u"-I"_s, u"pigz"_s, u"-cf"_s, pigzFile, u"-C"_s, tree, u"."_s});
             }});
    }
    rows.append({u"ours, 1 thread"_s, output + u"/ours1.tar.gz"_s, ours(1)});
    rows.append({u"ours, 2 threads"_s, output + u"/ours2.tar.gz"_s, ours(2)});
    // Best of 3, in rounds that run every contender once, so that a burst of load elsewhere on the machine
    // hits them all alike.
    for (int round = 0; round < 3; ++round) {
        for (Row &row : rows) {
            QElapsedTimer timer;
            timer.start();
            if (!row.run())
                return 1;
            row.seconds = std::min(row.seconds, static_cast<double>(timer.nsecsElapsed()) / 1e9);
        }
    }

    const double reference = rows.first().seconds;
    std::printf("%-18s %8s %8s %10s %12s %8s\n", "method", "best s", "MB/s", "vs tar-czf", "archive MB",
                "ratio");
    for (const Row &row : rows) {
        const qint64 size = QFileInfo(row.file).size();
        std::printf("%-18s %8.2f %8.1f %10.2f %12.2f %8.2f\n", qPrintable(row.name), row.seconds,
                    scan.totalBytes / 1e6 / row.seconds, row.seconds / reference, size / 1e6,
                    static_cast<double>(scan.totalBytes) / size);
    }
    std::printf("peak RSS: %lld KiB before packing, %lld KiB after\n", rssBefore, PeakMemory::kib());

    // Extraction, best of 3 likewise: MB/s of the tree's bytes, so that the rows compare across archives.
    std::printf("%-18s %8s %10s\n", "extract", "best s", "MB/s");
    for (const Row &row : rows) {
        double best = std::numeric_limits<double>::max();
        const QString target = output + u"/extracted"_s;
        for (int round = 0; round < 3; ++round) {
            QDir(target).removeRecursively();
            QElapsedTimer timer;
            timer.start();
            const ExtractionReport report = SafeExtractor::extract(row.file, target, {}, cancel, {});
            if (!report.ok) {
                std::fprintf(stderr, "extract failed: %s\n", qPrintable(report.error));
                return 1;
            }
            best = std::min(best, static_cast<double>(timer.nsecsElapsed()) / 1e9);
        }
        QDir(target).removeRecursively();
        std::printf("%-18s %8.2f %10.1f\n", qPrintable(row.name), best, scan.totalBytes / 1e6 / best);
    }
    return 0;
}
