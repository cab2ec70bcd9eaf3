// SafeExtractor against archives that are hostile by their counts and sizes rather than their names:
// deep nesting, a million headers, sparse entries that declare gigabytes. Each must end quickly, with a
// sentence that names the cap, having written next to nothing; the honest versions must still extract.
#include "extracttestarchive.h"
#include "workspace/safeextractor.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using A = ExtractTestArchive;

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 GiB = 1024 * MiB;

// Instrumented builds run slower; the time limits stretch with them. The `sanitize` preset (ASan, UBSan and
// the fuzzers' coverage instrumentation) took 15 s for a million headers alone and 44 s beside another
// suite on two cores, against about 3 s in the gcc build.
#if defined(__SANITIZE_ADDRESS__)
constexpr qint64 kSlowdown = 4;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr qint64 kSlowdown = 12;
#else
constexpr qint64 kSlowdown = 1;
#endif
#else
constexpr qint64 kSlowdown = 1;
#endif

// These bounds catch a blow-up (a quadratic walk over a million headers takes hours, a deep-nesting
// recursion minutes), not speed: they hold with the other core busy building. Speed is bench_* work.
constexpr qint64 kBoundMs = 20000;
constexpr qint64 kMillionBoundMs = 40000;

QStringList entriesOf(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                                  QDir::Name);
}

// "a/", "a/a/", ... : every level its own folder entry, the shape whose cost grew with the cube of the depth.
TestEntry nestedFolder(qint64 index)
{
    return A::folder(QByteArray("a/").repeated(index + 1));
}

qint64 blocksOnDisk(const QString &path)
{
    struct stat st
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? qint64(st.st_blocks) * 512 : -1;
}
} // namespace

class TestExtractionCost final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void deepNesting();
    void nestingAtTheCap();
    void millionEntries();
    void linksWithLongTargets();
    void sparseBomb();
    void sparseWithinCaps();

private:
    struct Run
    {
        ExtractionReport report;
        qint64 elapsedMs = 0;
    };
    Run extract(const QString &archive, const QString &target, const ExtractionLimits &limits = {});

    QTemporaryDir m_dir;
};

void TestExtractionCost::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

TestExtractionCost::Run TestExtractionCost::extract(const QString &archive, const QString &target,
                                                    const ExtractionLimits &limits)
{
    std::atomic_bool cancel{false};
    QElapsedTimer timer;
    timer.start();
    Run run;
    run.report = SafeExtractor::extract(archive, target, limits, cancel, {});
    run.elapsedMs = timer.elapsed();
    qInfo("%s: %lld ms, %lld bytes written: %s", QTest::currentTestFunction(), run.elapsedMs,
          run.report.bytesWritten, qPrintable(run.report.ok ? u"ok"_s : run.report.error));
    return run;
}

void TestExtractionCost::deepNesting()
{
    // 2,000 levels stay under the 4,096-byte path cap, so only the depth cap stops them.
    const QString archive = m_dir.filePath(u"deep.tar.gz"_s);
    QVERIFY(A::writeGenerated(archive, 2000, nestedFolder));
    const QString target = m_dir.filePath(u"deep-out"_s);

    const Run run = extract(archive, target);
    QVERIFY(!run.report.ok);
    QVERIFY2(run.report.error.contains(u"more than 256 levels"_s), qPrintable(run.report.error));
    QVERIFY(run.report.error.endsWith(u'.'));
    QVERIFY(!QFileInfo::exists(target));
    QCOMPARE(entriesOf(m_dir.path()), QStringList(u"deep.tar.gz"_s));
    QVERIFY2(run.elapsedMs < kBoundMs * kSlowdown, qPrintable(QString::number(run.elapsedMs)));
}

void TestExtractionCost::nestingAtTheCap()
{
    // 255 folder entries, then a file as the 256th level: exactly the cap, and every level made once.
    const QString archive = m_dir.filePath(u"deep-ok.tar.gz"_s);
    QVERIFY(A::writeGenerated(archive, 256, [](qint64 index) {
        return index < 255 ? nestedFolder(index) : A::file(QByteArray("a/").repeated(255) + "f", "bottom");
    }));
    const QString target = m_dir.filePath(u"deep-ok-out"_s);

    const Run run = extract(archive, target);
    QVERIFY2(run.report.ok, qPrintable(run.report.error));
    QCOMPARE(run.report.dirsCreated, 255);
    QCOMPARE(run.report.filesWritten, 1);
    QCOMPARE(A::readFile(target + u'/' + u"a/"_s.repeated(255) + u'f'), "bottom");
    QVERIFY2(run.elapsedMs < kBoundMs * kSlowdown, qPrintable(QString::number(run.elapsedMs)));
    QVERIFY(QDir(target).removeRecursively());
}

void TestExtractionCost::millionEntries()
{
    // A million and one empty headers that need no new inode (the root, one folder again and again, a device
    // and a FIFO that are skipped): the count alone must end it, in a few seconds, and nothing is left.
    // A million distinct files cost what the file system needs to create and remove them (about a minute
    // on a 2-core VM's disk), whatever the extractor does.
    const QString archive = m_dir.filePath(u"million.tar.gz"_s);
    constexpr qint64 kEntries = 1'000'001;
    QVERIFY(A::writeGenerated(archive, kEntries, [](qint64 index) {
        switch (index % 4) {
        case 0:
            return A::folder("./");
        case 1:
            return A::folder("d/");
        case 2:
            return A::special(TestEntry::Kind::CharDevice, "d/null");
        default:
            return A::special(TestEntry::Kind::Fifo, "d/pipe");
        }
    }));
    qInfo("archive of %lld headers: %lld bytes", kEntries, QFileInfo(archive).size());
    const QString target = m_dir.filePath(u"million-out"_s);

    const Run run = extract(archive, target);
    QVERIFY(!run.report.ok);
    QVERIFY2(run.report.error.contains(u"more than 1000000 entries"_s), qPrintable(run.report.error));
    QVERIFY(!QFileInfo::exists(target));
    QCOMPARE(entriesOf(m_dir.path()).filter(u"million"_s), QStringList(u"million.tar.gz"_s));
    QVERIFY2(run.elapsedMs < kMillionBoundMs * kSlowdown, qPrintable(QString::number(run.elapsedMs)));
    QVERIFY(QFile::remove(archive));
}

void TestExtractionCost::linksWithLongTargets()
{
    // 500 links whose targets go 2,000 folders down (inside the tree, so each is kept): checking a target
    // costs one lookup per component, where it used to cost the square of its length (0.1 s per link).
    const QString archive = m_dir.filePath(u"links.tar.gz"_s);
    constexpr qint64 kLinks = 500;
    const QByteArray target = QByteArray("a/").repeated(2000) + "x";
    QVERIFY(A::writeGenerated(archive, kLinks, [&target](qint64 index) {
        return A::symlink("l/" + QByteArray::number(index), "../" + target);
    }));
    const QString out = m_dir.filePath(u"links-out"_s);

    const Run run = extract(archive, out);
    QVERIFY2(run.report.ok, qPrintable(run.report.error));
    QCOMPARE(run.report.linksCreated, kLinks);
    QVERIFY(run.report.skipped.isEmpty());
    const QFileInfo last(out + u"/l/499"_s);
    QVERIFY(last.isSymLink());
    QCOMPARE(last.symLinkTarget(), out + u'/' + QString::fromLatin1(target));
    QVERIFY2(run.elapsedMs < kBoundMs * kSlowdown, qPrintable(QString::number(run.elapsedMs)));
    QVERIFY(QDir(out).removeRecursively());
}

void TestExtractionCost::sparseBomb()
{
    // Three sparse entries of 7 GiB each, one data byte apiece: a few hundred bytes that used to write
    // 14 GiB of zeros before the 20 GiB total cap saw the third.
    QByteArray tar;
    for (const char *name : {"s1", "s2", "s3"})
        tar += A::sparseEntry(name, 7 * GiB, 7 * GiB - 1, "x");
    tar += QByteArray(1024, '\0');
    const QString archive = m_dir.filePath(u"sparse.tar.gz"_s);
    QVERIFY(A::writeGzip(archive, tar));
    qInfo("sparse bomb: %lld bytes", QFileInfo(archive).size());
    const QString target = m_dir.filePath(u"sparse-out"_s);

    const Run run = extract(archive, target);
    QVERIFY(!run.report.ok);
    QVERIFY2(run.report.error.contains(u"expands to more than 20 GiB"_s), qPrintable(run.report.error));
    QVERIFY2(run.report.bytesWritten <= 2, qPrintable(QString::number(run.report.bytesWritten)));
    QVERIFY(!QFileInfo::exists(target));
    QCOMPARE(entriesOf(m_dir.path()).filter(u"sparse"_s), QStringList(u"sparse.tar.gz"_s));
    QVERIFY2(run.elapsedMs < kBoundMs * kSlowdown, qPrintable(QString::number(run.elapsedMs)));
}

void TestExtractionCost::sparseWithinCaps()
{
    // An honest sparse file comes out with its size and content, its holes left as holes.
    const QByteArray tail = "the end of a mostly empty file";
    const QByteArray tar = A::sparseEntry("disk.img", 64 * MiB, 64 * MiB - tail.size(), tail) +
                           A::padded(A::ustarHeader("plain.txt", 5) + A::padded("plain")) +
                           QByteArray(1024, '\0');
    const QString archive = m_dir.filePath(u"sparse-ok.tar.gz"_s);
    QVERIFY(A::writeGzip(archive, tar));
    const QString target = m_dir.filePath(u"sparse-ok-out"_s);

    const Run run = extract(archive, target);
    QVERIFY2(run.report.ok, qPrintable(run.report.error));
    QCOMPARE(run.report.filesWritten, 2);
    QCOMPARE(run.report.bytesWritten, tail.size() + 5);
    const QString image = target + u"/disk.img"_s;
    QCOMPARE(QFileInfo(image).size(), 64 * MiB);
    QFile file(image);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.read(4096), QByteArray(4096, '\0'));
    QVERIFY(file.seek(64 * MiB - tail.size()));
    QCOMPARE(file.readAll(), tail);
    QVERIFY2(blocksOnDisk(image) < MiB, qPrintable(QString::number(blocksOnDisk(image))));
    QCOMPARE(A::readFile(target + u"/plain.txt"_s), "plain");
}

QTEST_GUILESS_MAIN(TestExtractionCost)
#include "tst_extractioncost.moc"
