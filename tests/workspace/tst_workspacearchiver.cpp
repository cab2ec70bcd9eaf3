#include "../postedevents.h"
#include "archivereadback.h"
#include "workspace/parallelgzipwriter.h"
#include "workspace/workspacearchiver.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>

#include <locale.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace ArchiveReadBack;

namespace {

QByteArray randomBytes(qint64 size, quint32 seed)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator generator(seed);
    for (qint64 i = 0; i < size; ++i)
        bytes[i] = static_cast<char>(generator.generate() & 0xff);
    return bytes;
}

bool writeFile(const QString &path, const QByteArray &content, mode_t mode = 0644)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size() &&
           (file.close(), ::chmod(QFile::encodeName(path).constData(), mode) == 0);
}

bool makeDir(const QString &path, mode_t mode = 0755)
{
    return QDir().mkpath(path) && ::chmod(QFile::encodeName(path).constData(), mode) == 0;
}

bool makeLink(const QString &target, const QString &link)
{
    return ::symlink(QFile::encodeName(target).constData(), QFile::encodeName(link).constData()) == 0;
}

} // namespace

class TestWorkspaceArchiver final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void packs_data();
    void packs();
    void scanCounts();
    void reproducible();
    void tarListsIt();
    void badSources_data();
    void badSources();
    void cancelLeavesNothing_data();
    void cancelLeavesNothing();
    void jobFinishesOnce();
    void jobCancel();
    void isGzipTar_data();
    void isGzipTar();

private:
    QString path(const QString &relative) const { return m_dir.filePath(relative); }
    QString freshOutput(const QString &name);

    QTemporaryDir m_dir;
    QByteArray m_deep;
    int m_outputs = 0;
};

void TestWorkspaceArchiver::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_deep = randomBytes(300 * 1024, 1);
    QVERIFY(writeFile(path(u"secret.txt"_s), "outside the workspace\n"));
    QVERIFY(makeDir(path(u"ws"_s)));
    QVERIFY(writeFile(path(u"ws/README.md"_s), "hello\n"));
    QVERIFY(makeDir(path(u"ws/données"_s)));
    QVERIFY(writeFile(path(u"ws/données/ÄÖ.txt"_s), "umlaut\n"));
    QVERIFY(writeFile(path(u"ws/empty.txt"_s), {}));
    QVERIFY(makeDir(path(u"ws/emptydir"_s), 0700));
    QVERIFY(::mkfifo(QFile::encodeName(path(u"ws/fifo"_s)).constData(), 0644) == 0);
    QVERIFY(makeLink(u"README.md"_s, path(u"ws/link-to-readme"_s)));
    QVERIFY(makeLink(u"../secret.txt"_s, path(u"ws/outside"_s)));
    QVERIFY(writeFile(path(u"ws/run.sh"_s), "#!/bin/sh\necho hi\n", 0755));
    QVERIFY(makeDir(path(u"ws/src/a/b"_s)));
    QVERIFY(::chmod(QFile::encodeName(path(u"ws/src"_s)).constData(), 0755) == 0);
    QVERIFY(::chmod(QFile::encodeName(path(u"ws/src/a"_s)).constData(), 0755) == 0);
    QVERIFY(writeFile(path(u"ws/src/a/b/deep.bin"_s), m_deep));
    QVERIFY(makeLink(u"../README.md"_s, path(u"ws/src/up"_s)));
    QVERIFY(makeLink(u"ws"_s, path(u"dirlink"_s)));
    QVERIFY(makeDir(path(u"out"_s)));
}

QString TestWorkspaceArchiver::freshOutput(const QString &name)
{
    const QString dir = path(u"out/%1"_s.arg(++m_outputs));
    return QDir().mkpath(dir) ? dir + u'/' + name : QString();
}

void TestWorkspaceArchiver::packs_data()
{
    QTest::addColumn<QStringList>("sources");
    QTest::addColumn<QStringList>("expected");
    const QString src = describe(u"src"_s, "dir", 0, 0755);
    const QStringList srcTree = {src, describe(u"src/a"_s, "dir", 0, 0755),
                                 describe(u"src/a/b"_s, "dir", 0, 0755),
                                 describe(u"src/a/b/deep.bin"_s, "file", 300 * 1024, 0644),
                                 describe(u"src/up"_s, "link", 0, 0777, u"../README.md"_s)};
    const QString readme = describe(u"README.md"_s, "file", 6, 0644);
    const QString outside = describe(u"outside"_s, "link", 0, 0777, u"../secret.txt"_s);
    // The fifo is skipped; the link pointing outside is stored as a link, its target never read.
    QTest::newRow("one directory: its contents at the root")
        << QStringList{u"ws"_s}
        << (QStringList{readme, describe(u"données"_s, "dir", 0, 0755),
                        describe(u"données/ÄÖ.txt"_s, "file", 7, 0644),
                        describe(u"empty.txt"_s, "file", 0, 0644), describe(u"emptydir"_s, "dir", 0, 0700),
                        describe(u"link-to-readme"_s, "link", 0, 0777, u"README.md"_s), outside,
                        describe(u"run.sh"_s, "file", 18, 0755)}
            << srcTree);
    QTest::newRow("several sources: each under its name, sorted")
        << QStringList{u"ws/src"_s, u"ws/outside"_s, u"ws/README.md"_s}
        << (QStringList{readme, outside} << srcTree);
    QTest::newRow("one file") << QStringList{u"ws/run.sh/"_s}
                              << QStringList{describe(u"run.sh"_s, "file", 18, 0755)};
    QTest::newRow("one link to a directory: not followed")
        << QStringList{u"dirlink"_s} << QStringList{describe(u"dirlink"_s, "link", 0, 0777, u"ws"_s)};
}

void TestWorkspaceArchiver::packs()
{
    QFETCH(QStringList, sources);
    QFETCH(QStringList, expected);
    for (QString &source : sources)
        source = path(source);
    const QString archive = freshOutput(u"ws.tar.gz"_s);
    std::atomic_bool cancel = false;
    qint64 lastDone = -1;
    qint64 lastTotal = -1;
    const PackResult result =
        WorkspaceArchiver::pack(sources, archive, 2, cancel, [&](qint64 done, qint64 total) {
            QVERIFY(done >= lastDone);
            lastDone = done;
            lastTotal = total;
        });
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.archivePath, archive);
    QCOMPARE(result.archiveBytes, QFileInfo(archive).size());
    QCOMPARE(lastTotal, result.scan.totalBytes);
    QCOMPARE(lastDone, lastTotal);

    const ReadBack back = readArchive(archive);
    QVERIFY2(back.error.isEmpty(), qPrintable(back.error));
    QCOMPARE(back.entries, expected);
    if (back.contents.contains(u"src/a/b/deep.bin"_s))
        QVERIFY(back.contents.value(u"src/a/b/deep.bin"_s) == m_deep);
    if (back.contents.contains(u"données/ÄÖ.txt"_s))
        QCOMPARE(back.contents.value(u"données/ÄÖ.txt"_s), QByteArray("umlaut\n"));
}

void TestWorkspaceArchiver::scanCounts()
{
    const ArchiveScan scan = WorkspaceArchiver::scan({path(u"ws"_s)});
    QVERIFY(scan.error.isEmpty());
    QCOMPARE(scan.fileCount, 5);
    QCOMPARE(scan.dirCount, 5);
    QCOMPARE(scan.linkCount, 3);
    QCOMPARE(scan.totalBytes, 6 + 7 + 0 + 18 + 300 * 1024);
    QCOMPARE(scan.skipped, QStringList{u"fifo (FIFO)"_s});
}

void TestWorkspaceArchiver::reproducible()
{
    std::atomic_bool cancel = false;
    const QString first = freshOutput(u"a.tar.gz"_s);
    const QString second = freshOutput(u"b.tar.gz"_s);
    QVERIFY(WorkspaceArchiver::pack({path(u"ws"_s)}, first, 1, cancel, {}).ok);
    QVERIFY(WorkspaceArchiver::pack({path(u"ws"_s)}, second, 2, cancel, {}).ok);
    QFile a(first);
    QFile b(second);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QVERIFY(a.readAll() == b.readAll());
}

void TestWorkspaceArchiver::tarListsIt()
{
    const QString tar = QStandardPaths::findExecutable(u"tar"_s);
    QVERIFY2(!tar.isEmpty(), "tar is not installed: packaging/install-deps.sh installs it");
    std::atomic_bool cancel = false;
    const QString archive = freshOutput(u"ws.tar.gz"_s);
    QVERIFY(WorkspaceArchiver::pack({path(u"ws"_s)}, archive, 2, cancel, {}).ok);
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"LC_ALL"_s, u"C.UTF-8"_s); // names as they are, not escaped
    process.setProcessEnvironment(environment);
    process.start(tar, {u"-tzf"_s, archive});
    QVERIFY(process.waitForFinished());
    QCOMPARE(process.exitCode(), 0);
    QStringList listed = QString::fromUtf8(process.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
    for (QString &line : listed) {
        if (line.endsWith(u'/'))
            line.chop(1);
    }
    QCOMPARE(listed, (QStringList{u"README.md"_s, u"données"_s, u"données/ÄÖ.txt"_s, u"empty.txt"_s,
                                  u"emptydir"_s, u"link-to-readme"_s, u"outside"_s, u"run.sh"_s, u"src"_s,
                                  u"src/a"_s, u"src/a/b"_s, u"src/a/b/deep.bin"_s, u"src/up"_s}));
}

void TestWorkspaceArchiver::badSources_data()
{
    QTest::addColumn<QStringList>("sources");
    QTest::addColumn<QString>("archiveName");
    QTest::addColumn<QString>("errorPart");
    QTest::newRow("nothing") << QStringList{} << u"x.tar.gz"_s << u"Nothing to pack"_s;
    QTest::newRow("missing source") << QStringList{u"ws/nope"_s} << u"x.tar.gz"_s << u"nope"_s;
    QTest::newRow("two sources with one name")
        << QStringList{u"ws/README.md"_s, u"ws/README.md"_s} << u"x.tar.gz"_s << u"README.md"_s;
    QTest::newRow("archive folder missing")
        << QStringList{u"ws"_s} << u"no/such/x.tar.gz"_s << u"Cannot create"_s;
}

void TestWorkspaceArchiver::badSources()
{
    QFETCH(QStringList, sources);
    QFETCH(QString, archiveName);
    QFETCH(QString, errorPart);
    for (QString &source : sources)
        source = path(source);
    const QString archive = freshOutput(archiveName);
    std::atomic_bool cancel = false;
    const PackResult result = WorkspaceArchiver::pack(sources, archive, 2, cancel, {});
    QVERIFY(!result.ok);
    QVERIFY(!result.cancelled);
    QVERIFY2(result.error.contains(errorPart), qPrintable(result.error));
    QVERIFY(!QFile::exists(archive));
}

void TestWorkspaceArchiver::cancelLeavesNothing_data()
{
    QTest::addColumn<int>("threads");
    QTest::addColumn<bool>("before");
    QTest::newRow("from progress, 1 thread") << 1 << false;
    QTest::newRow("from progress, 2 threads") << 2 << false;
    QTest::newRow("before starting") << 2 << true;
}

void TestWorkspaceArchiver::cancelLeavesNothing()
{
    QFETCH(int, threads);
    QFETCH(bool, before);
    const QString archive = freshOutput(u"ws.tar.gz"_s);
    std::atomic_bool cancel = before;
    int calls = 0;
    const PackResult result =
        WorkspaceArchiver::pack({path(u"ws"_s)}, archive, threads, cancel, [&](qint64 done, qint64) {
            ++calls;
            if (done > 0)
                cancel = true;
        });
    QVERIFY(result.cancelled);
    QVERIFY(!result.ok);
    QVERIFY(result.error.isEmpty());
    QVERIFY(calls <= 2); // stopped at the first block
    QCOMPARE(QDir(QFileInfo(archive).path())
                 .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot),
             QStringList());
}

void TestWorkspaceArchiver::jobFinishesOnce()
{
    WorkspaceArchiver job;
    job.setThreads(2);
    QSignalSpy finished(&job, &WorkspaceArchiver::finished);
    QSignalSpy progress(&job, &WorkspaceArchiver::progress);
    const QString archive = freshOutput(u"job.tar.gz"_s);
    job.start({path(u"ws"_s)}, archive);
    QVERIFY(job.isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
    // The pack has ended: a second finished() could only be an event queued already, handled before this
    // call.
    QVERIFY(PostedEvents::handled());
    QCOMPARE(finished.count(), 1);
    QVERIFY(!job.isRunning());
    const auto result = finished.first().first().value<PackResult>();
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(QFile::exists(archive));
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toLongLong(), result.scan.totalBytes);
    QCOMPARE(progress.last().at(1).toLongLong(), result.scan.totalBytes);
}

void TestWorkspaceArchiver::jobCancel()
{
    QVERIFY(makeDir(path(u"big"_s)));
    QVERIFY(writeFile(path(u"big/data.bin"_s), randomBytes(8 * 1024 * 1024, 2)));
    WorkspaceArchiver job;
    QSignalSpy finished(&job, &WorkspaceArchiver::finished);
    const QString archive = freshOutput(u"job.tar.gz"_s);
    job.start({path(u"big"_s)}, archive);
    job.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
    // As in jobFinishesOnce: a second finished() would already be queued.
    QVERIFY(PostedEvents::handled());
    QCOMPARE(finished.count(), 1);
    const auto result = finished.first().first().value<PackResult>();
    QVERIFY(result.cancelled);
    QVERIFY(!QFile::exists(archive));
}

void TestWorkspaceArchiver::isGzipTar_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("expected");
    QTest::addColumn<QString>("whyPart");

    std::atomic_bool cancel = false;
    const QString good = freshOutput(u"good.tar.gz"_s);
    QVERIFY(WorkspaceArchiver::pack({path(u"ws"_s)}, good, 2, cancel, {}).ok);
    QFile goodFile(good);
    QVERIFY(goodFile.open(QIODevice::ReadOnly));
    const QByteArray goodBytes = goodFile.readAll();

    const QString plain = freshOutput(u"plain.tar"_s);
    struct archive *writer = archive_write_new();
    archive_write_set_format_pax_restricted(writer);
    QCOMPARE(archive_write_open_filename(writer, QFile::encodeName(plain).constData()), ARCHIVE_OK);
    struct archive_entry *entry = archive_entry_new();
    archive_entry_set_pathname(entry, "a.txt");
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_entry_set_perm(entry, 0644);
    archive_entry_set_size(entry, 3);
    archive_write_header(writer, entry);
    archive_write_data(writer, "abc", 3);
    archive_entry_free(entry);
    archive_write_free(writer);

    const QString random = freshOutput(u"random.tar.gz"_s);
    QVERIFY(writeFile(random, randomBytes(4096, 3)));
    const QString truncated = freshOutput(u"truncated.tar.gz"_s);
    QVERIFY(writeFile(truncated, goodBytes.left(40)));
    const QString notTar = freshOutput(u"notatar.gz"_s);
    {
        QFile file(notTar);
        QVERIFY(file.open(QIODevice::WriteOnly));
        ParallelGzipWriter gzip(&file, 1);
        const QByteArray text = QByteArray("just some text, not a tar archive\n").repeated(100);
        QVERIFY(gzip.write(text.constData(), text.size()) && gzip.finish());
    }
    const QString empty = freshOutput(u"empty.tar.gz"_s);
    QVERIFY(makeDir(path(u"nothing"_s)));
    QVERIFY(WorkspaceArchiver::pack({path(u"nothing"_s)}, empty, 2, cancel, {}).ok);

    QTest::newRow("our archive") << good << true << QString();
    QTest::newRow("plain tar") << plain << false << u"not a gzip file"_s;
    QTest::newRow("random bytes") << random << false << u"not a gzip file"_s;
    QTest::newRow("truncated") << truncated << false << u"not a readable .tar.gz"_s;
    QTest::newRow("gzip, not tar") << notTar << false << u"not a readable .tar.gz"_s;
    QTest::newRow("no entries") << empty << false << u"empty"_s;
    QTest::newRow("missing") << path(u"out/none.tar.gz"_s) << false << u"Cannot open"_s;
}

void TestWorkspaceArchiver::isGzipTar()
{
    QFETCH(QString, file);
    QFETCH(bool, expected);
    QFETCH(QString, whyPart);
    QString why = u"unset"_s;
    QCOMPARE(WorkspaceArchiver::isGzipTar(file, &why), expected);
    if (expected)
        QVERIFY(why.isEmpty());
    else
        QVERIFY2(why.contains(whyPart), qPrintable(why));
}

QTEST_GUILESS_MAIN(TestWorkspaceArchiver)
#include "tst_workspacearchiver.moc"
