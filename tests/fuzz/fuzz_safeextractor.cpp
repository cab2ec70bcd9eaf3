// SafeExtractor on arbitrary bytes, caps on, into a throwaway folder under /tmp. The first byte says how
// the rest is fed: gzip-compressed here (so that mutations reach the tar headers through a valid gzip
// stream) or as it is (the gzip layer itself). Whatever the archive holds, nothing is written beside the
// target folder, and a failed extraction leaves no target folder at all.
#include "fuzzcheck.h"
#include "workspace/safeextractor.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <zlib.h>

#include <atomic>

using namespace Qt::StringLiterals;

namespace {

QByteArray gzip(const uint8_t *data, size_t size)
{
    z_stream stream{};
    // 15 + 16: a gzip header and trailer around the deflate stream.
    if (deflateInit2(&stream, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        std::abort();
    QByteArray out(qsizetype(deflateBound(&stream, uLong(size))) + 64, Qt::Uninitialized);
    stream.next_in = const_cast<Bytef *>(data);
    stream.avail_in = uInt(size);
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    FUZZ_CHECK(deflate(&stream, Z_FINISH) == Z_STREAM_END);
    out.resize(qsizetype(stream.total_out));
    deflateEnd(&stream);
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static QTemporaryDir work(QDir::tempPath() + u"/sandboxdeck-fuzz-XXXXXX"_s);
    FUZZ_CHECK(work.isValid());
    const QString archivePath = work.filePath(u"in.tar.gz"_s);
    const QString targetDir = work.filePath(u"out"_s);

    QFile archive(archivePath);
    FUZZ_CHECK(archive.open(QIODevice::WriteOnly | QIODevice::Truncate));
    const QByteArray bytes = (data[0] & 1)
                                 ? gzip(data + 1, size - 1)
                                 : QByteArray(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    FUZZ_CHECK(archive.write(bytes) == bytes.size());
    archive.close();

    ExtractionLimits limits;
    limits.maxTotalBytes = 8 << 20;
    limits.maxEntryBytes = 2 << 20;
    limits.maxEntries = 2000;
    limits.maxLinks = 200;
    const std::atomic_bool cancel(false);
    const ExtractionReport report = SafeExtractor::extract(archivePath, targetDir, limits, cancel, {});

    const QStringList beside =
        QDir(work.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    if (report.ok) {
        FUZZ_CHECK(report.error.isEmpty());
        FUZZ_CHECK(beside == (QStringList{u"in.tar.gz"_s, u"out"_s}));
        FUZZ_CHECK(report.bytesWritten <= limits.maxTotalBytes);
    } else {
        FUZZ_CHECK(!report.error.isEmpty());
        FUZZ_CHECK(beside == QStringList{u"in.tar.gz"_s});
    }
    // Links inside the tree are removed as links, never followed.
    QDir(targetDir).removeRecursively();
    return 0;
}
