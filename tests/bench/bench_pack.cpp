// Times the workspace packer against tar -czf and tar | pigz on a generated workspace. Prints figures only.
//
//   bench_pack [tree-folder] [output-folder]
//
// Without a tree folder it generates (once) a deterministic tree of about 200 MB in 12,000 files under
// /tmp/sandboxdeck-bench/tree: mostly source-like text, some random binary (like images or build output).

#include "workspacearchiver.h"

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

// splitmix64: fully specified, so the tree is the same on every machine and library version.
class Random
{
public:
    explicit Random(quint64 seed) : m_state(seed) {}
    quint64 next()
    {
        quint64 z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    quint64 below(quint64 bound) { return next() % bound; }

private:
    quint64 m_state;
};

QByteArrayList makeVocabulary(Random &random)
{
    static const char letters[] = "abcdefghijklmnopqrstuvwxyz_";
    QByteArrayList words = {"return", "const",   "auto",   "if",     "else",        "for",
                            "while",  "QString", "int",    "void",   "std::vector", "nullptr",
                            "true",   "false",   "static", "struct", "class"};
    while (words.size() < 800) {
        QByteArray word;
        const auto length = 3 + random.below(10);
        for (quint64 i = 0; i < length; ++i)
            word.append(letters[random.below(sizeof letters - 1)]);
        words.append(word);
    }
    return words;
}

QByteArray codeLine(Random &random, const QByteArrayList &words)
{
    static const char *const punctuation[] = {" ", " ", " ", "(", ") ", ", ", "; ", " = ", "->", "::", "."};
    QByteArray line(4 * static_cast<int>(random.below(4)), ' ');
    const auto tokens = 2 + random.below(9);
    const auto count = static_cast<quint64>(words.size());
    for (quint64 i = 0; i < tokens; ++i) {
        // Zipf-like: a few words are very common, as in real code.
        const auto rank = random.below(count);
        line.append(words.at(static_cast<qsizetype>(rank * rank * rank / (count * count))));
        line.append(punctuation[random.below(std::size(punctuation))]);
    }
    line.append(";\n");
    return line;
}

// Source-like text: a third of the lines are idioms repeated across the tree, as in real code, which
// gzip -6 shrinks about 3.5 times.
QByteArray textFile(Random &random, const QByteArrayList &words, const QByteArrayList &idioms, qint64 size)
{
    QByteArray text =
        "// SPDX-License-Identifier: MIT\n// Generated workspace file for the pack benchmark.\n\n";
    text.reserve(size + 200);
    while (text.size() < size)
        text.append(random.below(3) == 0 ? idioms.at(static_cast<qsizetype>(random.below(idioms.size())))
                                         : codeLine(random, words));
    text.truncate(size);
    return text;
}

QByteArray binaryFile(Random &random, qint64 size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    for (qint64 i = 0; i < size; i += 8) {
        const quint64 value = random.next();
        for (qint64 j = 0; j < 8 && i + j < size; ++j)
            bytes[i + j] = static_cast<char>(value >> (8 * j));
    }
    return bytes;
}

bool generateTree(const QString &root)
{
    Random random(20240611);
    const QByteArrayList words = makeVocabulary(random);
    QByteArrayList idioms;
    for (int i = 0; i < 300; ++i)
        idioms.append(codeLine(random, words));
    qint64 files = 0;
    qint64 bytes = 0;
    for (int top = 0; top < 40; ++top) {
        for (int sub = 0; sub < 10; ++sub) {
            const QString dir = u"%1/module%2/part%3"_s.arg(root).arg(top, 2, 10, QChar(u'0')).arg(sub);
            if (!QDir().mkpath(dir))
                return false;
            for (int n = 0; n < 30; ++n) {
                const bool binary = random.below(100) < 8;
                // Text 1..24 KiB (mean ~12 KiB), binary 8..120 KiB (mean ~64 KiB): about 200 MB in all.
                const qint64 size = binary ? 8 * 1024 + static_cast<qint64>(random.below(112 * 1024))
                                           : 1024 + static_cast<qint64>(random.below(23 * 1024));
                QFile file(u"%1/%2%3.%4"_s.arg(dir, binary ? u"asset"_s : u"source"_s)
                               .arg(n)
                               .arg(binary ? u"bin"_s : u"cpp"_s));
                const QByteArray content =
                    binary ? binaryFile(random, size) : textFile(random, words, idioms, size);
                if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
                    return false;
                ++files;
                bytes += content.size();
            }
        }
    }
    std::printf("generated %lld files, %.1f MB in %s\n", files, bytes / 1e6, qPrintable(root));
    return true;
}

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

qint64 peakRssKiB()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    const QString base = u"/tmp/sandboxdeck-bench"_s;
    const QString tree = arguments.size() > 1 ? arguments.at(1) : base + u"/tree"_s;
    const QString output = arguments.size() > 2 ? arguments.at(2) : base + u"/out"_s;
    if (arguments.size() <= 1 && !QFile::exists(base + u"/tree-v2.ready"_s)) {
        QDir(tree).removeRecursively();
        if (!generateTree(tree) || !QFile(base + u"/tree-v2.ready"_s).open(QIODevice::WriteOnly))
            return 1;
    }
    QDir().mkpath(output);
    const ArchiveScan scan = WorkspaceArchiver::scan({tree});
    std::printf("tree: %lld files, %lld dirs, %.1f MB; %d cores\n", scan.fileCount, scan.dirCount,
                scan.totalBytes / 1e6, QThread::idealThreadCount());
    const qint64 rssBefore = peakRssKiB();

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
    std::printf("%-18s %8s %10s %12s %8s\n", "method", "best s", "vs tar-czf", "archive MB", "ratio");
    for (const Row &row : rows) {
        const qint64 size = QFileInfo(row.file).size();
        std::printf("%-18s %8.2f %10.2f %12.2f %8.2f\n", qPrintable(row.name), row.seconds,
                    row.seconds / reference, size / 1e6, static_cast<double>(scan.totalBytes) / size);
    }
    std::printf("peak RSS (VmHWM): %lld KiB before packing, %lld KiB after\n", rssBefore, peakRssKiB());
    return 0;
}
