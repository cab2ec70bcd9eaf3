// The gzip layer of an extraction on multi-member streams: every member extracts and is checked, and a
// damaged byte in any part of any member (header, deflate data, CRC-32, size) or after the last one is
// refused with a sentence naming the member, leaving nothing behind; the download check (GzipEndCheck)
// agrees. Archives are built here with zlib and with gzip(1), in a temporary folder.
#include "extracttestarchive.h"
#include "workspace/extractgzipstream.h"
#include "workspace/gzipendcheck.h"
#include "workspace/safeextractor.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

#include <atomic>

using namespace Qt::StringLiterals;
using A = ExtractTestArchive;

namespace {

QStringList entriesOf(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                                  QDir::Name);
}

// One gzip member (RFC 1952: 10-byte header without a name, deflate data, CRC-32 and size), by zlib.
QByteArray gzipMember(const QByteArray &data)
{
    z_stream stream{};
    if (deflateInit2_(&stream, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                      static_cast<int>(sizeof(z_stream))) != Z_OK)
        return {};
    QByteArray out(qsizetype(deflateBound(&stream, uLong(data.size()))) + 64, Qt::Uninitialized);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    stream.avail_in = uInt(data.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    const bool ok = deflate(&stream, Z_FINISH) == Z_STREAM_END;
    out.resize(qsizetype(stream.total_out));
    deflateEnd(&stream);
    return ok ? out : QByteArray();
}

// Text, so that the deflate data is real Huffman-coded data and not stored blocks.
QByteArray text(const QByteArray &word, qsizetype size)
{
    QByteArray bytes;
    for (int line = 0; bytes.size() < size; ++line)
        bytes += word + ' ' + QByteArray::number(line * 7919 % 1000) + (line % 9 == 0 ? "\n" : " ");
    bytes.truncate(size);
    return bytes;
}

QList<TestEntry> tree(const QByteArray &folder)
{
    return {A::folder(folder + '/'), A::file(folder + "/one.txt", text("alpha", 40'000)),
            A::file(folder + "/two.txt", text("beta", 30'000)), A::file(folder + "/three.txt", "three\n")};
}

// A tar cut into members at arbitrary places (not at tar blocks), and where each member starts.
struct MultiMember
{
    QByteArray bytes;
    QList<qsizetype> starts;

    qsizetype end(int member) const { return member < starts.size() ? starts[member] : bytes.size(); }
    qsizetype headerAt(int member) const { return starts[member - 1]; }
    qsizetype crcAt(int member) const { return end(member) - 8; }
    qsizetype sizeAt(int member) const { return end(member) - 4; }
};

MultiMember splitIntoMembers(const QByteArray &tar, int members)
{
    MultiMember result;
    const qsizetype step = tar.size() / members + 1;
    for (qsizetype at = 0; at < tar.size(); at += step) {
        result.starts.append(result.bytes.size());
        result.bytes += gzipMember(tar.mid(at, step));
    }
    return result;
}

void flip(QByteArray &bytes, qsizetype at, char mask = 0x01)
{
    bytes[at] = char(bytes[at] ^ mask);
}

} // namespace

class TestGzipMembers final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyMemberIsChecked_data();
    void everyMemberIsChecked();
    void multiMemberExtractsFully_data();
    void multiMemberExtractsFully();
    void damagedByteIsRefused_data();
    void damagedByteIsRefused();
    void downloadCheckAgrees_data();
    void downloadCheckAgrees();

private:
    QString gzipTool(const QString &tarFile);
    QByteArray damagedArchive(const QString &damage) const;

    QTemporaryDir m_dir;
    QByteArray m_tar;
};

void TestGzipMembers::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_tar = A::tar(tree("project"));
    QVERIFY(m_tar.size() > 70'000);
    QCOMPARE(splitIntoMembers(m_tar, 3).starts.size(), 3);
}

// gzip(1) on a tar file: its members carry the file name (FNAME), which zlib's writer above does not.
QString TestGzipMembers::gzipTool(const QString &tarFile)
{
    const QString gzip = QStandardPaths::findExecutable(u"gzip"_s);
    if (gzip.isEmpty())
        return u"gzip is not installed: packaging/install-deps.sh installs it"_s;
    QProcess process;
    process.start(gzip, {u"-f"_s, tarFile});
    if (!process.waitForFinished() || process.exitCode() != 0)
        return u"gzip failed: "_s + QString::fromLocal8Bit(process.readAllStandardError());
    return {};
}

void TestGzipMembers::everyMemberIsChecked_data()
{
    QTest::addColumn<int>("members");
    QTest::newRow("one member") << 1;
    QTest::newRow("two members") << 2;
    QTest::newRow("three members") << 3;
    QTest::newRow("twenty members") << 20;
}

// The bytes the tar reader gets are the bytes zlib inflated and checked, member by member.
void TestGzipMembers::everyMemberIsChecked()
{
    QFETCH(int, members);
    const MultiMember archive = splitIntoMembers(m_tar, members);
    QCOMPARE(archive.starts.size(), members);
    const QString path = m_dir.filePath(u"stream-%1.tar.gz"_s.arg(members));
    QVERIFY(A::writeFile(path, archive.bytes));

    std::atomic_bool cancel{false};
    ExtractGzipStream stream(cancel, {});
    QCOMPARE(stream.open(path), QString());
    QByteArray inflated;
    for (;;) {
        const void *block = nullptr;
        const la_ssize_t size = ExtractGzipStream::readCallback(nullptr, &stream, &block);
        QVERIFY2(size >= 0, qPrintable(stream.failure()));
        if (size == 0)
            break;
        inflated.append(static_cast<const char *>(block), size);
    }
    QCOMPARE(stream.finish(), QString());
    QCOMPARE(stream.membersChecked(), members);
    QVERIFY(inflated == m_tar);
}

void TestGzipMembers::multiMemberExtractsFully_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<QStringList>("folders");
    const QStringList one{u"project"_s};
    QTest::newRow("one tar in two members") << u"split-2"_s << one;
    QTest::newRow("one tar in three members") << u"split-3"_s << one;
    QTest::newRow("two .tar.gz concatenated (zlib)") << u"cat-2"_s << QStringList{u"first"_s, u"second"_s};
    QTest::newRow("three .tar.gz concatenated (gzip)")
        << u"gzip-3"_s << QStringList{u"first"_s, u"second"_s, u"third"_s};
    QTest::newRow("three .tar.gz concatenated, zero padding after")
        << u"cat-3-padded"_s << QStringList{u"first"_s, u"second"_s, u"third"_s};
}

// Concatenated .tar.gz files hold one tar archive per member, each with its own end-of-archive blocks:
// all of them are extracted, not only the first.
void TestGzipMembers::multiMemberExtractsFully()
{
    QFETCH(QString, layout);
    QFETCH(QStringList, folders);
    const QString parent = m_dir.filePath(u"full-"_s + layout);
    QVERIFY(QDir().mkpath(parent));
    QByteArray bytes;
    if (layout.startsWith(u"split-"_s)) {
        bytes = splitIntoMembers(m_tar, layout.back().digitValue()).bytes;
    } else {
        for (const QString &folder : std::as_const(folders)) {
            const QByteArray tar = A::tar(tree(folder.toUtf8()));
            if (layout.startsWith(u"gzip"_s)) {
                const QString tarFile = parent + u'/' + folder + u".tar"_s;
                QVERIFY(A::writeFile(tarFile, tar));
                const QString error = gzipTool(tarFile);
                QVERIFY2(error.isEmpty(), qPrintable(error));
                const QByteArray member = A::readFile(tarFile + u".gz"_s);
                QCOMPARE(uchar(member[3]) & 0x08, 0x08); // FNAME: a header longer than 10 bytes
                QVERIFY(QFile::remove(tarFile + u".gz"_s));
                bytes += member;
            } else {
                bytes += gzipMember(tar);
            }
        }
        if (layout.endsWith(u"padded"_s))
            bytes.append(10240 - bytes.size() % 10240, '\0');
    }
    const QString archive = parent + u"/a.tar.gz"_s;
    QVERIFY(A::writeFile(archive, bytes));

    std::atomic_bool cancel{false};
    const ExtractionReport report = SafeExtractor::extract(archive, parent + u"/out"_s, {}, cancel, {});
    QVERIFY2(report.ok, qPrintable(report.error));
    QCOMPARE(report.filesWritten, 3 * folders.size());
    QCOMPARE(entriesOf(parent + u"/out"_s), folders);
    for (const QString &folder : std::as_const(folders)) {
        QCOMPARE(A::readFile(parent + u"/out/"_s + folder + u"/one.txt"_s), text("alpha", 40'000));
        QCOMPARE(A::readFile(parent + u"/out/"_s + folder + u"/three.txt"_s), "three\n");
    }
}

void TestGzipMembers::damagedByteIsRefused_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("keyword");
    // (1) a member header: the magic, the flags.
    QTest::newRow("magic of member 1") << u"magic1"_s << u"not a gzip-compressed tar"_s;
    QTest::newRow("flags of member 1") << u"flags1"_s << u"gzip member 1 has an invalid header"_s;
    QTest::newRow("second magic byte of member 2")
        << u"magic2b"_s << u"gzip member 2 has an invalid header"_s;
    QTest::newRow("first magic byte of member 2")
        << u"magic2a"_s << u"unexpected data after gzip member 1, at byte"_s;
    QTest::newRow("flags of member 3") << u"flags3"_s << u"gzip member 3 has an invalid header"_s;
    // (2) the deflate data: zlib finds a bad code, or the CRC-32 of what it made does not match.
    QTest::newRow("deflate data of member 2") << u"data2"_s << u"gzip member 2"_s;
    // (3)-(6) the trailers.
    QTest::newRow("CRC-32 of member 1")
        << u"crc1"_s << u"the CRC-32 checksum of gzip member 1 does not match"_s;
    QTest::newRow("ISIZE of member 1")
        << u"size1"_s << u"the size recorded at the end of gzip member 1 does not match"_s;
    QTest::newRow("CRC-32 of the last member")
        << u"crc3"_s << u"the CRC-32 checksum of gzip member 3 does not match"_s;
    QTest::newRow("ISIZE of the last member")
        << u"size3"_s << u"the size recorded at the end of gzip member 3 does not match"_s;
    // (7) a truncated last member.
    QTest::newRow("last member cut in its trailer") << u"cut-trailer"_s << u"ends early"_s;
    QTest::newRow("last member cut in its data") << u"cut-data"_s << u"ends early"_s;
    // (8) trailing garbage, refused rather than ignored as gzip(1) does.
    QTest::newRow("garbage after the last member")
        << u"garbage"_s << u"unexpected data after gzip member 3"_s;
    QTest::newRow("zero padding, then garbage")
        << u"padding-garbage"_s << u"unexpected data after gzip member 3"_s;
}

// A three-member archive with one kind of damage; empty for an unknown kind.
QByteArray TestGzipMembers::damagedArchive(const QString &damage) const
{
    MultiMember archive = splitIntoMembers(m_tar, 3);
    QByteArray &bytes = archive.bytes;
    if (damage == u"magic1")
        flip(bytes, archive.headerAt(1));
    else if (damage == u"flags1")
        flip(bytes, archive.headerAt(1) + 3, char(0xe0)); // the reserved flag bits
    else if (damage == u"magic2a")
        flip(bytes, archive.headerAt(2));
    else if (damage == u"magic2b")
        flip(bytes, archive.headerAt(2) + 1);
    else if (damage == u"flags3")
        flip(bytes, archive.headerAt(3) + 3, char(0xe0));
    else if (damage == u"data2")
        flip(bytes, (archive.headerAt(2) + archive.crcAt(2)) / 2, char(0x55));
    else if (damage == u"crc1")
        flip(bytes, archive.crcAt(1));
    else if (damage == u"size1")
        flip(bytes, archive.sizeAt(1));
    else if (damage == u"crc3")
        flip(bytes, archive.crcAt(3) + 3);
    else if (damage == u"size3")
        flip(bytes, archive.sizeAt(3) + 1);
    else if (damage == u"cut-trailer")
        bytes.chop(3);
    else if (damage == u"cut-data")
        bytes.truncate((archive.headerAt(3) + archive.crcAt(3)) / 2);
    else if (damage == u"garbage")
        bytes += "trailing garbage\n";
    else if (damage == u"padding-garbage")
        bytes += QByteArray(5000, '\0') + "x" + QByteArray(100, '\0');
    else
        return {};
    return bytes;
}

void TestGzipMembers::damagedByteIsRefused()
{
    QFETCH(QString, damage);
    QFETCH(QString, keyword);
    const QByteArray bytes = damagedArchive(damage);
    QVERIFY(!bytes.isEmpty());
    const QString parent = m_dir.filePath(u"damaged-"_s + damage);
    QVERIFY(QDir().mkpath(parent + u"/work"_s));
    const QString archivePath = parent + u"/a.tar.gz"_s;
    QVERIFY(A::writeFile(archivePath, bytes));
    // The target exists as an empty folder (allowed, replaced on success) next to a file of the user's.
    const QString work = parent + u"/work"_s;
    QVERIFY(QDir().mkpath(work + u"/out"_s));
    QVERIFY(A::writeFile(work + u"/mine.txt"_s, "mine\n"));

    std::atomic_bool cancel{false};
    const ExtractionReport report = SafeExtractor::extract(archivePath, work + u"/out"_s, {}, cancel, {});
    QVERIFY(!report.ok);
    QVERIFY(!report.cancelled);
    QVERIFY2(report.error.contains(keyword), qPrintable(report.error));
    QVERIFY2(report.error.endsWith(u'.'), qPrintable(report.error));
    // Nothing half-extracted: no staging folder, the target as it was, the user's file untouched.
    QCOMPARE(entriesOf(work), QStringList({u"mine.txt"_s, u"out"_s}));
    QVERIFY(entriesOf(work + u"/out"_s).isEmpty());
    QCOMPARE(A::readFile(work + u"/mine.txt"_s), "mine\n");
}

void TestGzipMembers::downloadCheckAgrees_data()
{
    damagedByteIsRefused_data();
}

// A download kept as a .tar.gz (GzipEndCheck, fed as the bytes arrive) is judged as the extractor would
// judge it: a cut archive is not complete yet, any other damage is broken for good.
void TestGzipMembers::downloadCheckAgrees()
{
    QFETCH(QString, damage);
    const QByteArray bytes = damagedArchive(damage);
    QVERIFY(!bytes.isEmpty());
    for (const qsizetype piece : {qsizetype(1000), bytes.size()}) {
        GzipEndCheck check;
        for (qsizetype at = 0; at < bytes.size(); at += piece)
            check.feed(QByteArrayView(bytes).sliced(at, std::min(piece, bytes.size() - at)));
        QVERIFY(!check.isComplete());
        QCOMPARE(check.isBroken(), !damage.startsWith(u"cut-"_s));
    }
    // The same archive whole, then with zero padding, is complete.
    const QByteArray whole = splitIntoMembers(m_tar, 3).bytes;
    const QByteArray padded = whole + QByteArray(10240 - whole.size() % 10240, '\0');
    for (const QByteArray &good : {whole, padded}) {
        GzipEndCheck check;
        for (qsizetype at = 0; at < good.size(); at += 1000)
            check.feed(QByteArrayView(good).sliced(at, std::min<qsizetype>(1000, good.size() - at)));
        QVERIFY(check.isComplete());
        QVERIFY(!check.isBroken());
    }
}

QTEST_GUILESS_MAIN(TestGzipMembers)
#include "tst_gzipmembers.moc"
