#include "workspace/parallelgzipdeflater.h"
#include "workspace/parallelgzipwriter.h"

#include <QBuffer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>
#include <zlib.h>

#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;

QByteArray randomBytes(qint64 size, quint32 seed)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator generator(seed);
    for (qint64 i = 0; i < size; ++i)
        bytes[i] = static_cast<char>(generator.generate() & 0xff);
    return bytes;
}

// Text with repeats near and far (further than 32 KiB), like source files in a workspace.
QByteArray compressibleBytes(qint64 size)
{
    QByteArray bytes;
    bytes.reserve(size);
    QRandomGenerator generator(7);
    static const char *const words[] = {"int ",         "return ", "value", "(",        ");\n",
                                        "    ",         "if ",     "else ", "QString ", "std::vector<int> ",
                                        "// comment\n", "{\n",     "}\n"};
    while (bytes.size() < size)
        bytes.append(words[generator.bounded(static_cast<quint32>(std::size(words)))]);
    bytes.truncate(size);
    return bytes;
}

// The reference reader: zlib's own inflate with gzip decoding (windowBits 31), which is what Qt uses.
QByteArray gunzip(const QByteArray &compressed, QString *error)
{
    z_stream stream{};
    if (inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, static_cast<int>(sizeof(z_stream))) != Z_OK) {
        *error = u"inflateInit2 failed"_s;
        return {};
    }
    QByteArray out;
    QByteArray chunk(256 * KiB, Qt::Uninitialized);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(compressed.constData()));
    stream.avail_in = static_cast<uInt>(compressed.size());
    int ret = Z_OK;
    while (ret != Z_STREAM_END) {
        stream.next_out = reinterpret_cast<Bytef *>(chunk.data());
        stream.avail_out = static_cast<uInt>(chunk.size());
        ret = inflate(&stream, Z_NO_FLUSH);
        if (ret != Z_OK && ret != Z_STREAM_END) {
            *error = u"inflate: %1 (%2)"_s.arg(ret).arg(QString::fromUtf8(stream.msg ? stream.msg : ""));
            break;
        }
        out.append(chunk.constData(), chunk.size() - stream.avail_out);
    }
    if (ret == Z_STREAM_END && stream.avail_in != 0)
        *error = u"trailing bytes after the gzip member"_s;
    inflateEnd(&stream);
    return out;
}

// Feeds the writer in odd-sized pieces so that writes straddle block boundaries.
QByteArray gzipWith(const QByteArray &input, int threads, int level = 6)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    ParallelGzipWriter writer(&buffer, threads, level);
    qint64 offset = 0;
    qint64 piece = 1;
    while (offset < input.size()) {
        const qint64 n = std::min(piece, input.size() - offset);
        if (!writer.write(input.constData() + offset, n))
            return {};
        offset += n;
        piece = piece * 3 + 7;
        if (piece > 300 * KiB)
            piece = 1;
    }
    if (!writer.finish())
        return {};
    return buffer.data();
}

// A device that takes `capacity` bytes, then fails the way a full disk does.
class FailingDevice final : public QIODevice
{
public:
    explicit FailingDevice(qint64 capacity) : m_capacity(capacity) {}

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *, qint64 size) override
    {
        if (m_written + size > m_capacity) {
            setErrorString(u"No space left on device"_s);
            return -1;
        }
        m_written += size;
        return size;
    }

private:
    qint64 m_capacity = 0;
    qint64 m_written = 0;
};

} // namespace

class TestParallelGzipWriter final : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void sameBytesForAnyThreadCount();
    void ratioCloseToOneStream();
    void incompressibleBlocksAreStored();
    void libarchiveReadsIt();
    void gzipToolAccepts_data();
    void gzipToolAccepts();
    void writeFailureIsReported_data();
    void writeFailureIsReported();
    void cancelFromAnotherThread();
};

void TestParallelGzipWriter::roundTrip_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<bool>("compressible");
    QTest::addColumn<int>("threads");
    const qint64 block = ParallelGzipWriter::BlockSize;
    const struct
    {
        const char *name;
        qint64 size;
        bool compressible;
    } inputs[] = {{"empty", 0, false},           {"one byte", 1, false},
                  {"block-1", block - 1, false}, {"block", block, false},
                  {"block+1", block + 1, true},  {"5 MiB random", 5 * MiB, false},
                  {"5 MiB text", 5 * MiB, true}};
    for (const auto &input : inputs) {
        for (int threads : {1, 2, 4})
            QTest::addRow("%s, %d threads", input.name, threads)
                << input.size << input.compressible << threads;
    }
}

void TestParallelGzipWriter::roundTrip()
{
    QFETCH(qint64, size);
    QFETCH(bool, compressible);
    QFETCH(int, threads);
    const QByteArray input = compressible ? compressibleBytes(size) : randomBytes(size, 42);
    const QByteArray compressed = gzipWith(input, threads);
    QVERIFY(compressed.size() >= 20);
    QString error;
    const QByteArray output = gunzip(compressed, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(output.size(), input.size());
    QVERIFY(output == input);
}

void TestParallelGzipWriter::sameBytesForAnyThreadCount()
{
    const QByteArray input = compressibleBytes(3 * MiB + 12345);
    const QByteArray one = gzipWith(input, 1);
    QVERIFY(!one.isEmpty());
    QCOMPARE(gzipWith(input, 2), one);
    QCOMPARE(gzipWith(input, 4), one);
}

void TestParallelGzipWriter::ratioCloseToOneStream()
{
    // The dictionary priming is what keeps blocks from costing ratio: within 1% of a single deflate stream.
    const QByteArray input = compressibleBytes(4 * MiB);
    uLongf singleSize = compressBound(static_cast<uLong>(input.size()));
    QByteArray single(static_cast<qsizetype>(singleSize), Qt::Uninitialized);
    QCOMPARE(compress2(reinterpret_cast<Bytef *>(single.data()), &singleSize,
                       reinterpret_cast<const Bytef *>(input.constData()), static_cast<uLong>(input.size()),
                       6),
             Z_OK);
    const qint64 ours = gzipWith(input, 2).size();
    QVERIFY2(ours < static_cast<qint64>(singleSize) * 101 / 100,
             qPrintable(u"%1 vs %2"_s.arg(ours).arg(singleSize)));
}

void TestParallelGzipWriter::incompressibleBlocksAreStored()
{
    // Random data is stored: a few bytes per block over its size, as small as gzip -6 makes it.
    const QByteArray random = randomBytes(2 * MiB, 11);
    const QByteArray stored = gzipWith(random, 2);
    QVERIFY2(stored.size() <= random.size() + random.size() / 4000,
             qPrintable(QString::number(stored.size())));
    QVERIFY(ParallelGzipDeflater::looksIncompressible(
        reinterpret_cast<const unsigned char *>(random.constData()), ParallelGzipBlock::Size));
    // High entropy but repeated: the LZ check must keep it deflated.
    const QByteArray repeated = randomBytes(4096, 12).repeated(512);
    QVERIFY(!ParallelGzipDeflater::looksIncompressible(
        reinterpret_cast<const unsigned char *>(repeated.constData()), ParallelGzipBlock::Size));
    QVERIFY(gzipWith(repeated, 2).size() < repeated.size() / 10);
    // Text never reaches the second pass.
    const QByteArray text = compressibleBytes(ParallelGzipBlock::Size);
    QVERIFY(!ParallelGzipDeflater::looksIncompressible(
        reinterpret_cast<const unsigned char *>(text.constData()), ParallelGzipBlock::Size));
    QString error;
    QVERIFY(gunzip(stored, &error) == random);
    QVERIFY(error.isEmpty());
}

void TestParallelGzipWriter::libarchiveReadsIt()
{
    const QByteArray input = compressibleBytes(MiB + 777);
    const QByteArray compressed = gzipWith(input, 2);
    struct archive *reader = archive_read_new();
    archive_read_support_filter_gzip(reader);
    archive_read_support_format_raw(reader);
    QCOMPARE(archive_read_open_memory(reader, compressed.constData(), static_cast<size_t>(compressed.size())),
             ARCHIVE_OK);
    struct archive_entry *entry = nullptr;
    QCOMPARE(archive_read_next_header(reader, &entry), ARCHIVE_OK);
    QByteArray output;
    char chunk[64 * 1024];
    la_ssize_t n = 0;
    while ((n = archive_read_data(reader, chunk, sizeof chunk)) > 0)
        output.append(chunk, n);
    QCOMPARE(n, la_ssize_t(0));
    archive_read_free(reader);
    QVERIFY(output == input);
}

// gzip(1) checks the one trailer against everything: the CRC-32 joined from the blocks' (crc32_combine),
// and the size. Sizes around the block size, as many blocks as threads and more, and nothing at all.
void TestParallelGzipWriter::gzipToolAccepts_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<int>("threads");
    const qint64 block = ParallelGzipWriter::BlockSize;
    const struct
    {
        const char *name;
        qint64 size;
    } inputs[] = {{"0 bytes", 0},
                  {"1 byte", 1},
                  {"block-1", block - 1},
                  {"one block", block},
                  {"block+1", block + 1},
                  {"7 blocks+5", 7 * block + 5},
                  {"2.3 MiB", 2 * MiB + 300 * KiB}};
    for (const auto &input : inputs) {
        for (int threads : {1, 2})
            QTest::addRow("%s, %d threads", input.name, threads) << input.size << threads;
    }
}

void TestParallelGzipWriter::gzipToolAccepts()
{
    QFETCH(qint64, size);
    QFETCH(int, threads);
    const QString gzip = QStandardPaths::findExecutable(u"gzip"_s);
    QVERIFY2(!gzip.isEmpty(), "gzip is not installed: packaging/install-deps.sh installs it");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Text, then random data (stored blocks) in the second half.
    const QByteArray input = compressibleBytes(size / 2) + randomBytes(size - size / 2, 3);
    QFile file(dir.filePath(u"data.gz"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    {
        ParallelGzipWriter writer(&file, threads);
        QVERIFY(writer.write(input.constData(), input.size()));
        QVERIFY(writer.finish());
        QCOMPARE(writer.bytesOut(), file.size());
    }
    file.close();

    QProcess test;
    test.start(gzip, {u"-t"_s, file.fileName()});
    QVERIFY(test.waitForFinished());
    QVERIFY2(test.exitCode() == 0, test.readAllStandardError().constData());
    QVERIFY(test.readAllStandardError().isEmpty()); // no warning either ("trailing garbage ignored")
    QProcess cat;
    cat.start(gzip, {u"-dc"_s, file.fileName()});
    QVERIFY(cat.waitForFinished());
    QCOMPARE(cat.exitCode(), 0);
    QVERIFY(cat.readAllStandardOutput() == input);
}

void TestParallelGzipWriter::writeFailureIsReported_data()
{
    QTest::addColumn<int>("threads");
    QTest::addColumn<bool>("devFull");
    QTest::newRow("failing device, 1 thread") << 1 << false;
    QTest::newRow("failing device, 2 threads") << 2 << false;
    QTest::newRow("/dev/full, 2 threads") << 2 << true;
}

void TestParallelGzipWriter::writeFailureIsReported()
{
    QFETCH(int, threads);
    QFETCH(bool, devFull);
    std::unique_ptr<QIODevice> device;
    if (devFull) {
        QVERIFY2(QFile::exists(u"/dev/full"_s), "/dev/full is missing: this test needs a Linux /dev");
        device = std::make_unique<QFile>(u"/dev/full"_s);
    } else {
        device = std::make_unique<FailingDevice>(200 * KiB);
    }
    QVERIFY(device->open(QIODevice::WriteOnly));
    const QByteArray input = randomBytes(2 * MiB, 9);
    ParallelGzipWriter writer(device.get(), threads);
    bool ok = true;
    for (qint64 offset = 0; ok && offset < input.size(); offset += 64 * KiB)
        ok = writer.write(input.constData() + offset, 64 * KiB);
    ok = ok && writer.finish();
    QVERIFY(!ok);
    QVERIFY2(writer.errorString().contains(u"No space left on device"_s), qPrintable(writer.errorString()));
    QVERIFY(!writer.write("x", 1)); // stays failed
}

void TestParallelGzipWriter::cancelFromAnotherThread()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    ParallelGzipWriter writer(&buffer, 2);
    const QByteArray chunk = randomBytes(256 * KiB, 5);
    std::atomic_bool started = false;
    std::thread canceller([&] {
        while (!started)
            std::this_thread::yield();
        writer.cancel();
    });
    bool ok = true;
    for (int i = 0; ok && i < 10000; ++i) { // 2.5 GB if cancel() were ignored
        ok = writer.write(chunk.constData(), chunk.size());
        started = true;
    }
    canceller.join();
    QVERIFY(!ok);
    QVERIFY(writer.isCancelled());
    QVERIFY(!writer.finish());
    QCOMPARE(writer.errorString(), u"Cancelled"_s);
}

QTEST_GUILESS_MAIN(TestParallelGzipWriter)
#include "tst_parallelgzipwriter.moc"
