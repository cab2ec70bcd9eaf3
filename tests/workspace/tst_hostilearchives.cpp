// SafeExtractor against a corpus of hostile archives, all generated here. Every row checks the same
// invariants: nothing outside the target, no staging folder left, the victim file untouched, every
// created link resolving inside the tree, and an error or skip that names the cause.
#include "extracttestarchive.h"
#include "workspace/safeextractor.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using A = ExtractTestArchive;

namespace {
constexpr qint64 MiB = 1024 * 1024;

// Where one row works: <tmp>/<row>/in/archive.tar.gz is extracted to <tmp>/<row>/work/out, next to a
// victim file that links in the archive aim at.
struct RowPaths
{
    QString archive;
    QString work;
    QString target;
    QString victim;
    QByteArray escape; // a file name that must never appear anywhere
};

int modeOf(const QString &path)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
}

QStringList entriesOf(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                                  QDir::Name);
}

} // namespace

class TestHostileArchives final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void hostile_data();
    void hostile();

private:
    bool buildArchive(const QString &name, const RowPaths &paths);

    QTemporaryDir m_dir;
    QByteArray m_token;
    int m_row = 0;
};

void TestHostileArchives::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_token = "escape-" + QByteArray::number(QRandomGenerator::global()->generate(), 16);
}

bool TestHostileArchives::buildArchive(const QString &name, const RowPaths &p)
{
    const QByteArray esc = p.escape;
    const QByteArray work = QFile::encodeName(p.work);
    const auto write = [&p](const QList<TestEntry> &entries) { return A::write(p.archive, entries); };
    const auto fileOf = [](const QByteArray &path, qint64 zeros, qint64 random = 0) {
        TestEntry entry = A::file(path);
        entry.zeroBytes = zeros;
        entry.randomBytes = random;
        return entry;
    };
    const TestEntry good = A::file("good.txt", "good");

    if (name == u"dotdot leading")
        return write({good, A::file("../" + esc, "x")});
    if (name == u"dotdot deep")
        return write({A::file("../../../" + esc, "x")});
    if (name == u"dotdot middle")
        return write({A::file("a/../../" + esc, "x")});
    if (name == u"dotdot staying inside")
        return write({A::file("a/../" + esc, "x")});
    if (name == u"dotdot after written files")
        return write({good, A::folder("sub/"), A::file("sub/f.txt", "f"), A::file("sub/../../" + esc, "x")});
    if (name == u"absolute path into the parent")
        return write({A::file(work + '/' + esc, "x")});
    if (name == u"absolute path /etc")
        return write({A::file("/etc/" + esc, "x")});
    if (name == u"backslash path")
        return write({A::file("..\\" + esc, "x")});
    if (name == u"non UTF-8 name")
        return write({good, A::file("bad\xff\xfe.txt", "x")});
    if (name == u"empty name")
        return A::writeGzip(p.archive, A::ustarHeader("", 4) + A::padded("data") + QByteArray(1024, '\0'));
    if (name == u"symlink escaping with ..")
        return write({good, A::symlink("evil", "../" + esc)});
    if (name == u"symlink escaping from a subfolder")
        return write({good, A::symlink("a/b/evil", "../../../victim.txt")});
    if (name == u"absolute symlink")
        return write({good, A::symlink("abs", QFile::encodeName(p.victim))});
    if (name == u"symlink then file of the same name")
        return write({A::symlink("v", QFile::encodeName(p.victim)), A::file("v", "pwned")});
    if (name == u"symlink then file through it")
        return write({A::symlink("l", work), A::file("l/" + esc, "pwned")});
    if (name == u"symlink to a folder then file under it")
        return write({A::folder("sub/"), A::symlink("d", "sub"), A::file("d/" + esc, "x")});
    if (name == u"symlink chain going up through a link")
        return write(
            {A::file("d/f.txt", "f"), A::symlink("d/up", ".."), A::symlink("d/esc", "up/../" + esc)});
    if (name == u"symlink over a folder")
        return write({A::folder("d/"), A::file("d/x.txt", "x"), A::symlink("d", "/etc")});
    if (name == u"symlink as the root")
        return write({A::symlink(".", "/etc"), good});
    if (name == u"hardlink to /etc/passwd")
        return write({good, A::hardlink("pw", "/etc/passwd")});
    if (name == u"hardlink to the victim")
        return write({good, A::hardlink("v", "../victim.txt")});
    if (name == u"hardlink inside")
        return write({A::file("a.txt", "a"), A::hardlink("b.txt", "a.txt")});
    if (name == u"hardlink to a missing file")
        return write({good, A::hardlink("h", "missing.txt")});
    if (name == u"hardlink to a later file")
        return write({good, A::hardlink("h", "late.txt"), A::file("late.txt", "late")});
    if (name == u"hardlink to a folder")
        return write({good, A::folder("d/"), A::hardlink("h", "d")});
    if (name == u"hardlink to a symlink")
        return write({good, A::symlink("s", "good.txt"), A::hardlink("h", "s")});
    if (name == u"hardlink then its target replaced")
        return write({A::file("a.txt", "one"), A::hardlink("sub/b.txt", "./a.txt"), A::file("a.txt", "two")});
    if (name == u"character device")
        return write({good, A::special(TestEntry::Kind::CharDevice, "null")});
    if (name == u"block device")
        return write({good, A::special(TestEntry::Kind::BlockDevice, "sda")});
    if (name == u"FIFO")
        return write({good, A::special(TestEntry::Kind::Fifo, "pipe")});
    if (name == u"setuid setgid sticky")
        return write({A::file("suid", "x", 07755), A::file("sgid", "x", 06644), A::folder("tmp/", 01777)});
    if (name == u"gzip bomb") {
        // 200 MiB of zeros in a 200 KB file, made of gzip members so that only 8 MiB is ever compressed:
        // a header, the same 8 MiB member 25 times, then the end-of-archive blocks.
        const QString scratch = p.archive + u".member"_s;
        const QByteArray zeros = A::gzipped(QByteArray(8 * MiB, '\0'), scratch);
        return A::writeFile(p.archive, A::gzipped(A::ustarHeader("zeros.bin", 200 * MiB), scratch) +
                                           zeros.repeated(25) + A::gzipped(QByteArray(1024, '\0'), scratch));
    }
    if (name == u"gzip bomb in many files")
        return write({fileOf("z1", 2 * MiB), fileOf("z2", 2 * MiB), fileOf("z3", 2 * MiB)});
    if (name == u"file over the entry cap")
        return write({good, fileOf("big.bin", 2 * MiB)});
    if (name == u"huge pax size, short body")
        return A::writeGzip(p.archive, A::paxExtension({"size=1073741824"}) + A::ustarHeader("big.bin", 16) +
                                           A::padded("only sixteen b..") + QByteArray(1024, '\0'));
    if (name == u"huge pax size over the entry cap")
        return A::writeGzip(p.archive, A::paxExtension({"size=107374182400"}) +
                                           A::ustarHeader("big.bin", 16) + A::padded("only sixteen b..") +
                                           QByteArray(1024, '\0'));
    if (name == u"truncated gzip") {
        const QString full = p.archive + u".full"_s;
        const QByteArray bytes =
            A::write(full, {good, fileOf("r.bin", 0, 512 * 1024)}) ? A::readFile(full) : "";
        return !bytes.isEmpty() && A::writeFile(p.archive, bytes.left(bytes.size() / 2));
    }
    if (name == u"corrupt gzip (stored data)" || name == u"corrupt gzip (compressed data)") {
        const QString full = p.archive + u".full"_s;
        const bool stored = name.contains(u"stored");
        const TestEntry body = stored ? fileOf("r.bin", 0, 256 * 1024)
                                      : A::file("t.txt", QByteArray("all work and no play ").repeated(20000));
        QByteArray bytes = A::write(full, {good, body}) ? A::readFile(full) : "";
        if (bytes.size() < 1000)
            return false;
        // In the middle of the gzip data, not in the zero padding libarchive adds after it.
        qsizetype end = bytes.size();
        while (end > 0 && bytes[end - 1] == '\0')
            --end;
        bytes[end / 2] = char(bytes[end / 2] ^ 0x55);
        return A::writeFile(p.archive, bytes);
    }
    if (name == u"gzip checksum wrong") {
        QByteArray bytes = A::gzipped(A::tar({good, A::file("t.txt", "text")}), p.archive);
        if (bytes.size() < 100)
            return false;
        bytes[bytes.size() - 8] = char(bytes[bytes.size() - 8] ^ 0x01); // first byte of the CRC-32
        return A::writeFile(p.archive, bytes);
    }
    if (name == u"not gzip at all")
        return A::writeFile(p.archive, "This is a text file, not an archive.\n");
    if (name == u"zero-byte file")
        return A::writeFile(p.archive, {});
    if (name == u"gzip of something else")
        return A::writeGzip(p.archive, QByteArray("just some text, no tar headers\n").repeated(100));
    if (name == u"tar.gz gzip'd twice")
        return A::writeGzip(p.archive, A::gzipped(A::tar({good}), p.archive + u".1"_s));
    if (name == u"plain uncompressed tar")
        return A::write(p.archive, {good}, false);
    if (name == u"100,000 entries") {
        // The cap counts headers, whatever they create: 200 distinct empty files, then the same folder
        // header 99,800 times, which keeps the row fast (50,000 files take seconds to create and delete)
        // and the input small (one gzip member of 1,000 headers, repeated).
        const QString scratch = p.archive + u".member"_s;
        const QByteArray folder = A::ustarHeader("many/", 0, '5');
        QByteArray first = folder.repeated(800);
        for (int i = 0; i < 200; ++i)
            first += A::ustarHeader("many/" + QByteArray::number(i), 0);
        const QByteArray thousandFolders = A::gzipped(folder.repeated(1000), scratch);
        return A::writeFile(p.archive, A::gzipped(first, scratch) + thousandFolders.repeated(99) +
                                           A::gzipped(QByteArray(1024, '\0'), scratch));
    }
    if (name == u"300-byte name")
        return write({A::file("d/" + QByteArray(300, 'n'), "x")});
    if (name == u"5,000-byte path")
        return write({A::file(QByteArray(QByteArray(99, 'p') + '/').repeated(50) + "f", "x")});
    if (name == u"empty archive")
        return write({});
    if (name == u"duplicate entries")
        return write({A::file("dup.txt", "first, long"), A::file("dup.txt", "second", 0755),
                      A::file("dup.txt", "third")});
    if (name == u"file and folder of the same name")
        return write({A::file("a", "x"), A::file("a/b", "y")});
    return false;
}

void TestHostileArchives::hostile_data()
{
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("keyword"); // in the error, or in every skipped line
    QTest::addColumn<int>("skipped");
    QTest::addColumn<qint64>("maxTotalBytes"); // 0: default limits
    QTest::addColumn<qint64>("maxEntries");
    QTest::addColumn<qint64>("maxEntryBytes");
    const auto row = [](const char *name, bool ok, const QString &keyword, int skipped = 0, qint64 total = 0,
                        qint64 entries = 0, qint64 entryBytes = 0) {
        QTest::newRow(name) << ok << keyword << skipped << total << entries << entryBytes;
    };
    const QString outside = u"outside the target folder"_s;
    row("dotdot leading", false, outside);
    row("dotdot deep", false, outside);
    row("dotdot middle", false, outside);
    row("dotdot staying inside", false, outside);
    row("dotdot after written files", false, outside);
    row("absolute path into the parent", false, u"absolute path"_s);
    row("absolute path /etc", false, u"absolute path"_s);
    row("backslash path", false, u"backslash"_s);
    row("non UTF-8 name", false, u"not valid UTF-8"_s);
    row("empty name", false, u"empty name"_s);
    row("symlink escaping with ..", true, u"points outside the extracted folder"_s, 1);
    row("symlink escaping from a subfolder", true, u"points outside the extracted folder"_s, 1);
    row("absolute symlink", true, u"absolute path"_s, 1);
    row("symlink then file of the same name", true, {}, 0);
    row("symlink then file through it", false, u"through the link"_s);
    row("symlink to a folder then file under it", false, u"through the link"_s);
    row("symlink chain going up through a link", true, u"through another link"_s, 1);
    row("symlink over a folder", true, u"has a folder"_s, 1);
    row("symlink as the root", true, u"in place of the target folder"_s, 1);
    row("hardlink to /etc/passwd", true, u"not a path inside the extracted folder"_s, 1);
    row("hardlink to the victim", true, u"not a path inside the extracted folder"_s, 1);
    row("hardlink inside", true, {}, 0);
    row("hardlink to a missing file", true, u"hard link to missing.txt, which the archive does not"_s, 1);
    row("hardlink to a later file", true, u"hard link to late.txt, which the archive does not"_s, 1);
    row("hardlink to a folder", true, u"hard link to d, which the archive does not"_s, 1);
    row("hardlink to a symlink", true, u"hard link to s, which the archive does not"_s, 1);
    row("hardlink then its target replaced", true, {}, 0);
    row("character device", true, u"character device"_s, 1);
    row("block device", true, u"block device"_s, 1);
    row("FIFO", true, u"FIFO"_s, 1);
    row("setuid setgid sticky", true, {}, 0);
    row("gzip bomb", false, u"expands to more than 50 MiB"_s, 0, 50 * MiB);
    row("gzip bomb in many files", false, u"expands to more than 5 MiB"_s, 0, 5 * MiB);
    row("file over the entry cap", false, u"larger than 1 MiB"_s, 0, 0, 0, MiB);
    row("huge pax size, short body", false, u"ends early"_s);
    row("huge pax size over the entry cap", false, u"larger than 8 GiB"_s);
    row("truncated gzip", false, u"ends early"_s);
    row("corrupt gzip (stored data)", false, u"damaged"_s);
    row("corrupt gzip (compressed data)", false, u"damaged"_s);
    row("gzip checksum wrong", false, u"CRC-32 checksum of gzip member 1 does not match"_s);
    row("not gzip at all", false, u"not a gzip-compressed tar"_s);
    row("zero-byte file", false, u"not a gzip-compressed tar"_s);
    row("gzip of something else", false, u"not a gzip-compressed tar"_s);
    row("tar.gz gzip'd twice", false, u"not a gzip-compressed tar"_s);
    row("plain uncompressed tar", false, u"plain, uncompressed tar"_s);
    row("100,000 entries", false, u"more than 50000 entries"_s, 0, 0, 50'000);
    row("300-byte name", false, u"name longer than 255 bytes"_s);
    row("5,000-byte path", false, u"path longer than 4096 bytes"_s);
    row("empty archive", true, {}, 0);
    row("duplicate entries", true, {}, 0);
    row("file and folder of the same name", false, u"both a file and a folder"_s);
}

void TestHostileArchives::hostile()
{
    QFETCH(bool, ok);
    QFETCH(QString, keyword);
    QFETCH(int, skipped);
    QFETCH(qint64, maxTotalBytes);
    QFETCH(qint64, maxEntries);
    QFETCH(qint64, maxEntryBytes);
    const QString name = QString::fromUtf8(QTest::currentDataTag());

    const QString rowDir = m_dir.filePath(QString::number(++m_row));
    RowPaths p{rowDir + u"/in/archive.tar.gz"_s, rowDir + u"/work"_s, rowDir + u"/work/out"_s,
               rowDir + u"/work/victim.txt"_s, m_token};
    QVERIFY(QDir().mkpath(rowDir + u"/in"_s) && QDir().mkpath(p.work));
    QVERIFY(A::writeFile(p.victim, "victim\n"));
    QVERIFY(QFile::setPermissions(p.victim, QFile::ReadOwner | QFile::WriteOwner));
    QVERIFY2(buildArchive(name, p), "could not build the archive");

    ExtractionLimits limits;
    if (maxTotalBytes)
        limits.maxTotalBytes = maxTotalBytes;
    if (maxEntries)
        limits.maxEntries = maxEntries;
    if (maxEntryBytes)
        limits.maxEntryBytes = maxEntryBytes;
    std::atomic_bool cancel{false};
    const ExtractionReport report = SafeExtractor::extract(p.archive, p.target, limits, cancel, {});

    // The outcome and its words.
    QVERIFY2(report.ok == ok, qPrintable(u"ok=%1 error: %2"_s.arg(report.ok).arg(report.error)));
    QVERIFY(!report.cancelled);
    QVERIFY2(report.skipped.size() == skipped, qPrintable(report.skipped.join(u" | "_s)));
    if (ok) {
        QVERIFY(report.error.isEmpty());
        for (const QString &line : report.skipped)
            QVERIFY2(line.contains(keyword) && line.contains(u": "_s), qPrintable(line));
    } else {
        QVERIFY2(report.error.contains(keyword), qPrintable(report.error));
        QVERIFY(report.error.endsWith(u'.'));
    }

    // Nothing outside the target: the work folder holds the victim and, on success only, the target.
    QCOMPARE(entriesOf(p.work), ok ? QStringList({u"out"_s, u"victim.txt"_s}) : QStringList(u"victim.txt"_s));
    QCOMPARE(A::readFile(p.victim), "victim\n");
    QCOMPARE(modeOf(p.victim), 0600);
    QVERIFY(!QFileInfo::exists(QFile::decodeName(m_token)));
    const QString tmpParent = QFileInfo(m_dir.path()).path();
    QVERIFY(!QFileInfo::exists(tmpParent + u'/' + QFile::decodeName(m_token)));
    QVERIFY(!QFileInfo::exists(u"/etc/"_s + QFile::decodeName(m_token)));
    QDirIterator it(m_dir.path(), QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        QVERIFY2(!info.fileName().startsWith(QFile::decodeName(m_token)), qPrintable(info.filePath()));
        QVERIFY2(!info.fileName().contains(u".partial-"_s), qPrintable(info.filePath()));
        if (!info.isSymLink() || !info.filePath().startsWith(rowDir + u'/'))
            continue;
        // Every link created resolves, lexically, inside the target.
        QVERIFY2(info.filePath().startsWith(p.target + u'/'), qPrintable(info.filePath()));
        const QString linkTarget = QDir::cleanPath(info.symLinkTarget());
        QVERIFY2(linkTarget.startsWith(p.target + u'/') || linkTarget == p.target, qPrintable(linkTarget));
    }

    // What some rows leave behind.
    if (name == u"symlink then file of the same name") {
        QVERIFY(!QFileInfo(p.target + u"/v"_s).isSymLink());
        QCOMPARE(A::readFile(p.target + u"/v"_s), "pwned");
    }
    if (name == u"symlink chain going up through a link") {
        QVERIFY(QFileInfo(p.target + u"/d/up"_s).isSymLink());
        QVERIFY(!QFileInfo(p.target + u"/d/esc"_s).exists());
    }
    if (name == u"hardlink inside") {
        QCOMPARE(A::readFile(p.target + u"/a.txt"_s), "a");
        QCOMPARE(A::readFile(p.target + u"/b.txt"_s), "a");
        QCOMPARE(modeOf(p.target + u"/b.txt"_s), 0644);
        QCOMPARE(report.filesWritten, 2);
    }
    if (name == u"hardlink then its target replaced") {
        // The link keeps what the file held when the link entry came; the later entry is a new file.
        QCOMPARE(A::readFile(p.target + u"/sub/b.txt"_s), "one");
        QCOMPARE(A::readFile(p.target + u"/a.txt"_s), "two");
    }
    if (name == u"hardlink to a later file")
        QCOMPARE(entriesOf(p.target), QStringList({u"good.txt"_s, u"late.txt"_s}));
    if (name == u"hardlink to a symlink") {
        QVERIFY(QFileInfo(p.target + u"/s"_s).isSymLink());
        QVERIFY(!QFileInfo::exists(p.target + u"/h"_s));
    }
    if (name == u"setuid setgid sticky") {
        QCOMPARE(modeOf(p.target + u"/suid"_s), 0755);
        QCOMPARE(modeOf(p.target + u"/sgid"_s), 0644);
        QCOMPARE(modeOf(p.target + u"/tmp"_s), 0755);
    }
    if (name == u"empty archive")
        QVERIFY(entriesOf(p.target).isEmpty());
    if (name == u"duplicate entries") {
        // Each repeat replaces the whole file, its mode included.
        QCOMPARE(A::readFile(p.target + u"/dup.txt"_s), "third");
        QCOMPARE(modeOf(p.target + u"/dup.txt"_s), 0644);
        QCOMPARE(report.filesWritten, 1);
    }
    if (ok && (name.contains(u"device") || name.contains(u"FIFO") || name.contains(u"hardlink to /") ||
               name.contains(u"the victim") || name.contains(u"missing")))
        QCOMPARE(entriesOf(p.target), QStringList(u"good.txt"_s));
    if (name == u"hardlink to a folder")
        QCOMPARE(entriesOf(p.target), QStringList({u"d"_s, u"good.txt"_s}));
}

QTEST_GUILESS_MAIN(TestHostileArchives)
#include "tst_hostilearchives.moc"
