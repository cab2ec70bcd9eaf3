// SafeExtractor on well-formed archives: the round trip, modes, the target rules, cancel, and the job.
#include "../postedevents.h"
#include "extracttestarchive.h"
#include "workspace/safeextractor.h"

#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {
QStringList entriesOf(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                                  QDir::Name);
}

int modeOf(const QString &path)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
}

QList<TestEntry> goodTree(const QByteArray &prefix)
{
    using A = ExtractTestArchive;
    QList<TestEntry> entries;
    if (!prefix.isEmpty())
        entries << A::folder("./");
    entries << A::folder(prefix + "project/") << A::file(prefix + "project/src/main.cpp", "int main() {}\n")
            << A::file(prefix + "project/empty.txt") << A::folder(prefix + "project/emptydir/")
            << A::file(prefix + "donn\xc3\xa9"
                                "es/\xc3\x84\xc3\x96.txt",
                       "unicode\n")
            << A::file(prefix + "project/run.sh", "#!/bin/sh\necho hi\n", 0755)
            << A::file(prefix + "project/deep/a/b/c/d.txt", "deep")
            << A::symlink(prefix + "project/main-link", "src/main.cpp")
            << A::symlink(prefix + "project/src-link", "src")
            << A::symlink(prefix + "donn\xc3\xa9"
                                   "es/run-link",
                          "../project/run.sh");
    return entries;
}
} // namespace

class TestSafeExtractor final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void roundTrip_data();
    void roundTrip();
    void gzipLayouts_data();
    void gzipLayouts();
    void modesMasked_data();
    void modesMasked();
    void modesUnderStrictUmask();
    void target_data();
    void target();
    void cancelFromProgress();
    void cancelBeforeStart();
    void progressReachesTotal();
    void jobFinishesOnce();
    void jobCancel();
    void jobDestroyedWhileRunning();

private:
    QString bigArchive();

    QTemporaryDir m_dir;
    QString m_bigArchive;
};

void TestSafeExtractor::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

// Incompressible, so that reading it takes many blocks and progress calls.
QString TestSafeExtractor::bigArchive()
{
    if (m_bigArchive.isEmpty()) {
        TestEntry first = ExtractTestArchive::file("big/one.bin");
        first.randomBytes = 6 * 1024 * 1024;
        TestEntry second = first;
        second.path = "big/two.bin";
        const QString path = m_dir.filePath(u"big.tar.gz"_s);
        if (ExtractTestArchive::write(path, {first, second}))
            m_bigArchive = path;
    }
    return m_bigArchive;
}

void TestSafeExtractor::roundTrip_data()
{
    QTest::addColumn<QByteArray>("prefix");
    QTest::newRow("plain names") << QByteArray();
    QTest::newRow("leading ./ as in service dumps") << QByteArray("./");
}

void TestSafeExtractor::roundTrip()
{
    QFETCH(QByteArray, prefix);
    const QString parent = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()));
    QVERIFY(QDir().mkpath(parent));
    const QString archive = parent + u"/dump.tar.gz"_s;
    QVERIFY(ExtractTestArchive::write(archive, goodTree(prefix)));
    const QString cwd = QDir::currentPath();
    const QString target = parent + u"/out"_s;

    std::atomic_bool cancel{false};
    const ExtractionReport report = SafeExtractor::extract(archive, target, {}, cancel, {});
    QVERIFY2(report.ok, qPrintable(report.error));
    QVERIFY(!report.cancelled);
    QVERIFY(report.error.isEmpty());
    QVERIFY2(report.skipped.isEmpty(), qPrintable(report.skipped.join(u'\n')));
    QCOMPARE(report.filesWritten, 5);
    QCOMPARE(report.linksCreated, 3);
    QCOMPARE(report.dirsCreated, 8); // project, src, emptydir, données, deep, a, b, c
    QCOMPARE(report.bytesWritten, qint64(14 + 8 + 18 + 4));
    QCOMPARE(QDir::currentPath(), cwd);
    QCOMPARE(entriesOf(parent), QStringList({u"dump.tar.gz"_s, u"out"_s})); // no staging folder left

    QCOMPARE(entriesOf(target), QStringList({u"donn\u00e9es"_s, u"project"_s}));
    QCOMPARE(ExtractTestArchive::readFile(target + u"/project/src/main.cpp"_s), "int main() {}\n");
    QCOMPARE(ExtractTestArchive::readFile(target + u"/donn\u00e9es/\u00c4\u00d6.txt"_s), "unicode\n");
    QCOMPARE(ExtractTestArchive::readFile(target + u"/project/deep/a/b/c/d.txt"_s), "deep");
    QVERIFY(QFileInfo(target + u"/project/empty.txt"_s).isFile());
    QCOMPARE(QFileInfo(target + u"/project/empty.txt"_s).size(), 0);
    QVERIFY(QFileInfo(target + u"/project/emptydir"_s).isDir());
    QVERIFY(entriesOf(target + u"/project/emptydir"_s).isEmpty());
    QCOMPARE(modeOf(target + u"/project/run.sh"_s), 0755);
    QCOMPARE(modeOf(target + u"/project/src/main.cpp"_s), 0644);
    QCOMPARE(modeOf(target), 0755);
    QCOMPARE(QFileInfo(target + u"/project/run.sh"_s).lastModified().toSecsSinceEpoch(),
             ExtractTestArchive::kMtime);

    QCOMPARE(QFile::symLinkTarget(target + u"/project/main-link"_s),
             QFileInfo(target + u"/project/src/main.cpp"_s).canonicalFilePath());
    QVERIFY(QFileInfo(target + u"/project/src-link"_s).isSymLink());
    QCOMPARE(ExtractTestArchive::readFile(target + u"/project/src-link/main.cpp"_s), "int main() {}\n");
    QCOMPARE(ExtractTestArchive::readFile(target + u"/donn\u00e9es/run-link"_s), "#!/bin/sh\necho hi\n");
}

// The CRC check must accept what real writers produce: zero padding after the trailer (libarchive
// writing to a stream, bsdtar to a pipe) and several gzip members (concatenation, parallel gzip).
void TestSafeExtractor::gzipLayouts_data()
{
    QTest::addColumn<int>("members");
    QTest::addColumn<bool>("padded");
    QTest::newRow("one member, padded to 10 KiB") << 1 << true;
    QTest::newRow("one member, no padding") << 1 << false;
    QTest::newRow("three members") << 3 << false;
    QTest::newRow("three members, padded") << 3 << true;
    QTest::newRow("an empty member first") << 0 << false;
}

void TestSafeExtractor::gzipLayouts()
{
    QFETCH(int, members);
    QFETCH(bool, padded);
    const QString parent = m_dir.filePath(u"layout-"_s + QString::fromLatin1(QTest::currentDataTag()));
    QVERIFY(QDir().mkpath(parent));
    const QString archive = parent + u"/a.tar.gz"_s;
    const QString scratch = parent + u"/member.gz"_s;
    const QByteArray tar = ExtractTestArchive::tar(goodTree({}));
    QVERIFY(!tar.isEmpty());
    QByteArray bytes;
    if (members == 0) {
        bytes = ExtractTestArchive::gzipped({}, scratch) + ExtractTestArchive::gzipped(tar, scratch);
    } else {
        // Cut anywhere, even inside a header: gzip members do not know about tar blocks.
        const qsizetype step = tar.size() / members + 1;
        for (qsizetype at = 0; at < tar.size(); at += step)
            bytes += ExtractTestArchive::gzipped(tar.mid(at, step), scratch);
    }
    QVERIFY(QFile::remove(scratch));
    if (padded)
        bytes.append((10240 - bytes.size() % 10240) % 10240, '\0');
    QVERIFY(ExtractTestArchive::writeFile(archive, bytes));

    std::atomic_bool cancel{false};
    const ExtractionReport report = SafeExtractor::extract(archive, parent + u"/out"_s, {}, cancel, {});
    QVERIFY2(report.ok, qPrintable(report.error));
    QCOMPARE(report.filesWritten, 5);
    QCOMPARE(ExtractTestArchive::readFile(parent + u"/out/project/deep/a/b/c/d.txt"_s), "deep");
}

void TestSafeExtractor::modesMasked_data()
{
    QTest::addColumn<bool>("isFolder");
    QTest::addColumn<int>("archived");
    QTest::addColumn<int>("expected");
    QTest::newRow("file 0644") << false << 0644 << 0644;
    QTest::newRow("file 0600") << false << 0600 << 0644;
    QTest::newRow("file 0000") << false << 0000 << 0644;
    QTest::newRow("file 0666") << false << 0666 << 0644;
    QTest::newRow("file 0755") << false << 0755 << 0755;
    QTest::newRow("file 0700") << false << 0700 << 0755;
    QTest::newRow("file 0777") << false << 0777 << 0755;
    QTest::newRow("file setuid 04755") << false << 04755 << 0755;
    QTest::newRow("file setgid 02644") << false << 02644 << 0644;
    QTest::newRow("file all bits 07777") << false << 07777 << 0755;
    QTest::newRow("folder 0700") << true << 0700 << 0755;
    QTest::newRow("folder sticky 01777") << true << 01777 << 0755;
    QTest::newRow("folder 0500") << true << 0500 << 0755;
}

void TestSafeExtractor::modesMasked()
{
    QFETCH(bool, isFolder);
    QFETCH(int, archived);
    QFETCH(int, expected);
    const QString parent = m_dir.filePath(u"modes-"_s + QString::fromLatin1(QTest::currentDataTag()));
    QVERIFY(QDir().mkpath(parent));
    const QString archive = parent + u"/a.tar.gz"_s;
    const TestEntry entry = isFolder ? ExtractTestArchive::folder("x", archived)
                                     : ExtractTestArchive::file("x", "data", archived);
    QVERIFY(ExtractTestArchive::write(archive, {entry, ExtractTestArchive::file("x-sibling", "s")}));
    std::atomic_bool cancel{false};
    const ExtractionReport report = SafeExtractor::extract(archive, parent + u"/out"_s, {}, cancel, {});
    QVERIFY2(report.ok, qPrintable(report.error));
    QCOMPARE(modeOf(parent + u"/out/x"_s), expected);
}

void TestSafeExtractor::modesUnderStrictUmask()
{
    // Files and folders are created with their final mode when the umask allows it; under umask 077 the
    // modes are set afterwards, for hard links' targets as well.
    using A = ExtractTestArchive;
    const QString parent = m_dir.filePath(u"umask-077"_s);
    QVERIFY(QDir().mkpath(parent));
    const QString archive = parent + u"/a.tar.gz"_s;
    QVERIFY(A::write(archive, {A::folder("d/"), A::file("d/x", "x", 0664), A::file("d/run", "#!", 0700),
                               A::hardlink("d/y", "d/x"), A::file("e/f", "f")}));
    const mode_t previous = ::umask(077);
    std::atomic_bool cancel{false};
    const ExtractionReport report = SafeExtractor::extract(archive, parent + u"/out"_s, {}, cancel, {});
    ::umask(previous);
    QVERIFY2(report.ok, qPrintable(report.error));
    QCOMPARE(modeOf(parent + u"/out"_s), 0755);
    QCOMPARE(modeOf(parent + u"/out/d"_s), 0755);
    QCOMPARE(modeOf(parent + u"/out/e"_s), 0755);
    QCOMPARE(modeOf(parent + u"/out/d/x"_s), 0644);
    QCOMPARE(modeOf(parent + u"/out/d/y"_s), 0644);
    QCOMPARE(modeOf(parent + u"/out/d/run"_s), 0755);
    QCOMPARE(modeOf(parent + u"/out/e/f"_s), 0644);
}

void TestSafeExtractor::target_data()
{
    QTest::addColumn<QString>("setup");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("keyword");
    QTest::newRow("missing") << u"none"_s << true << QString();
    QTest::newRow("empty folder is replaced") << u"empty"_s << true << QString();
    QTest::newRow("non-empty folder refused") << u"nonempty"_s << false << u"not empty"_s;
    QTest::newRow("folder with a hidden file refused") << u"hidden"_s << false << u"not empty"_s;
    QTest::newRow("a file refused") << u"file"_s << false << u"not a folder"_s;
    QTest::newRow("a link to a folder refused") << u"link"_s << false << u"not a folder"_s;
    QTest::newRow("missing parent refused") << u"noparent"_s << false << u"does not exist"_s;
}

void TestSafeExtractor::target()
{
    QFETCH(QString, setup);
    QFETCH(bool, ok);
    QFETCH(QString, keyword);
    const QString parent = m_dir.filePath(u"target-"_s + setup);
    QVERIFY(QDir().mkpath(parent));
    const QString archive = m_dir.filePath(u"target.tar.gz"_s);
    QVERIFY(ExtractTestArchive::write(archive, {ExtractTestArchive::file("new.txt", "new")}));
    QString target = parent + u"/out"_s;
    if (setup == u"empty")
        QVERIFY(QDir().mkpath(target));
    if (setup == u"nonempty" || setup == u"hidden") {
        QVERIFY(QDir().mkpath(target));
        QVERIFY(ExtractTestArchive::writeFile(target + (setup == u"hidden" ? u"/.keep"_s : u"/mine.txt"_s),
                                              "mine"));
    }
    if (setup == u"file")
        QVERIFY(ExtractTestArchive::writeFile(target, "a file"));
    if (setup == u"link") {
        QVERIFY(QDir().mkpath(parent + u"/real"_s));
        QVERIFY(QFile::link(parent + u"/real"_s, target));
    }
    if (setup == u"noparent")
        target = parent + u"/missing/out"_s;
    const QStringList before = entriesOf(parent);

    std::atomic_bool cancel{false};
    const ExtractionReport report = SafeExtractor::extract(archive, target, {}, cancel, {});
    QCOMPARE(report.ok, ok);
    if (ok) {
        QCOMPARE(ExtractTestArchive::readFile(target + u"/new.txt"_s), "new");
        QCOMPARE(entriesOf(parent), QStringList(u"out"_s));
        return;
    }
    QVERIFY2(report.error.contains(keyword), qPrintable(report.error));
    QCOMPARE(entriesOf(parent), before); // nothing added, nothing removed, no staging folder
    if (setup == u"nonempty")
        QCOMPARE(entriesOf(target), QStringList(u"mine.txt"_s));
    if (setup == u"link")
        QVERIFY(entriesOf(parent + u"/real"_s).isEmpty());
}

void TestSafeExtractor::cancelFromProgress()
{
    const QString archive = bigArchive();
    QVERIFY(!archive.isEmpty());
    const QString parent = m_dir.filePath(u"cancel"_s);
    QVERIFY(QDir().mkpath(parent));
    std::atomic_bool cancel{false};
    qint64 doneAtCancel = -1;
    qint64 totalSeen = 0;
    int calls = 0;
    const auto progress = [&](qint64 done, qint64 total) {
        ++calls;
        totalSeen = total;
        if (done > 0 && doneAtCancel < 0) {
            doneAtCancel = done;
            cancel = true;
        }
    };
    const ExtractionReport report = SafeExtractor::extract(archive, parent + u"/out"_s, {}, cancel, progress);
    QVERIFY(!report.ok);
    QVERIFY(report.cancelled);
    QVERIFY2(report.error.contains(u"cancelled"_s), qPrintable(report.error));
    QVERIFY(calls >= 1);
    QCOMPARE(totalSeen, QFileInfo(archive).size());
    QVERIFY(doneAtCancel > 0 && doneAtCancel < totalSeen);
    QVERIFY(entriesOf(parent).isEmpty()); // neither target nor staging folder
}

void TestSafeExtractor::cancelBeforeStart()
{
    const QString parent = m_dir.filePath(u"cancel-early"_s);
    QVERIFY(QDir().mkpath(parent));
    std::atomic_bool cancel{true};
    const ExtractionReport report = SafeExtractor::extract(bigArchive(), parent + u"/out"_s, {}, cancel, {});
    QVERIFY(report.cancelled);
    QVERIFY(!report.ok);
    QVERIFY(entriesOf(parent).isEmpty());
}

void TestSafeExtractor::progressReachesTotal()
{
    const QString parent = m_dir.filePath(u"progress"_s);
    QVERIFY(QDir().mkpath(parent));
    std::atomic_bool cancel{false};
    qint64 lastDone = -1;
    qint64 lastTotal = -1;
    bool monotonic = true;
    const auto progress = [&](qint64 done, qint64 total) {
        monotonic = monotonic && done >= lastDone;
        lastDone = done;
        lastTotal = total;
    };
    const ExtractionReport report =
        SafeExtractor::extract(bigArchive(), parent + u"/out"_s, {}, cancel, progress);
    QVERIFY2(report.ok, qPrintable(report.error));
    QVERIFY(monotonic);
    QCOMPARE(lastTotal, QFileInfo(bigArchive()).size());
    QCOMPARE(lastDone, lastTotal);
    QCOMPARE(report.bytesWritten, qint64(12 * 1024 * 1024));
}

void TestSafeExtractor::jobFinishesOnce()
{
    const QString parent = m_dir.filePath(u"job"_s);
    QVERIFY(QDir().mkpath(parent));
    SafeExtractor extractor;
    QThread *deliveredOn = nullptr;
    connect(&extractor, &SafeExtractor::finished, this,
            [&deliveredOn] { deliveredOn = QThread::currentThread(); });
    QSignalSpy finished(&extractor, &SafeExtractor::finished);
    QSignalSpy progress(&extractor, &SafeExtractor::progress);
    extractor.start(bigArchive(), parent + u"/out"_s);
    QVERIFY(extractor.isRunning());
    QVERIFY(finished.wait(20000));
    // The worker has ended: a second finished() could only be an event queued already, handled before this
    // call.
    QVERIFY(PostedEvents::handled());
    QCOMPARE(finished.count(), 1);
    QCOMPARE(deliveredOn, QThread::currentThread());
    QVERIFY(!extractor.isRunning());
    const auto report = finished.first().first().value<ExtractionReport>();
    QVERIFY2(report.ok, qPrintable(report.error));
    QCOMPARE(report.filesWritten, 2);
    QVERIFY(progress.count() >= 1);
    QCOMPARE(progress.last().at(0).toLongLong(), QFileInfo(bigArchive()).size());
    QCOMPARE(entriesOf(parent), QStringList(u"out"_s));

    // The object is reusable once finished.
    extractor.start(bigArchive(), parent + u"/again"_s);
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.count(), 2);
}

void TestSafeExtractor::jobCancel()
{
    const QString parent = m_dir.filePath(u"job-cancel"_s);
    QVERIFY(QDir().mkpath(parent));
    SafeExtractor extractor;
    QSignalSpy finished(&extractor, &SafeExtractor::finished);
    extractor.start(bigArchive(), parent + u"/out"_s);
    QTest::ignoreMessage(QtWarningMsg,
                         "SafeExtractor::start() called while an extraction is running; ignored");
    extractor.start(bigArchive(), parent + u"/other"_s);
    extractor.cancel();
    QVERIFY(finished.wait(20000));
    // As in jobFinishesOnce: a second finished() would already be queued.
    QVERIFY(PostedEvents::handled());
    QCOMPARE(finished.count(), 1);
    const auto report = finished.first().first().value<ExtractionReport>();
    QVERIFY(report.cancelled);
    QVERIFY(!report.ok);
    QVERIFY(entriesOf(parent).isEmpty());
}

void TestSafeExtractor::jobDestroyedWhileRunning()
{
    const QString parent = m_dir.filePath(u"job-destroyed"_s);
    QVERIFY(QDir().mkpath(parent));
    {
        SafeExtractor extractor;
        QSignalSpy progress(&extractor, &SafeExtractor::progress);
        extractor.start(bigArchive(), parent + u"/out"_s);
        QVERIFY(progress.wait(20000)); // the worker is at it
    }                                  // the destructor cancels and waits for the worker
    QVERIFY(entriesOf(parent).isEmpty() || entriesOf(parent) == QStringList(u"out"_s));
    QVERIFY(!entriesOf(parent).join(u' ').contains(u".partial-"_s));
}

QTEST_GUILESS_MAIN(TestSafeExtractor)
#include "tst_safeextractor.moc"
