#include "workspace/extractgzipstream.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace {
constexpr int kReadBlockBytes = 64 * 1024;
constexpr qsizetype kGzipMinimumBytes = 18; // 10-byte header, empty deflate block, 8-byte trailer
// The tar reader stops at its end-of-archive blocks; what follows is record padding (10 KiB for bsdtar
// and GNU tar). Past this much trailing data the CRC is not worth decompressing for.
constexpr qint64 kMaxTrailingBytes = 16 * 1024 * 1024;
// Writers that pad their output to 10 KiB records (bsdtar writing to a pipe) put zeros after the trailer.
constexpr qint64 kTailBytes = 16 * 1024;

using CrcTables = std::array<std::array<quint32, 256>, 8>;

constexpr CrcTables makeCrcTables()
{
    CrcTables tables{};
    for (quint32 i = 0; i < 256; ++i) {
        quint32 c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        tables[0][i] = c;
    }
    for (size_t slice = 1; slice < tables.size(); ++slice) {
        for (size_t i = 0; i < 256; ++i)
            tables[slice][i] = (tables[slice - 1][i] >> 8) ^ tables[0][tables[slice - 1][i] & 0xff];
    }
    return tables;
}

constexpr CrcTables kCrcTables = makeCrcTables();

quint32 readLittleEndian32(const uchar *p)
{
    return quint32(p[0]) | quint32(p[1]) << 8 | quint32(p[2]) << 16 | quint32(p[3]) << 24;
}

// CRC-32 as gzip defines it, eight bytes at a time so that it costs little next to inflate.
quint32 updateCrc32(quint32 crc, const uchar *data, size_t size)
{
    // Plain pointers: std::array's checked operator[] makes debug builds several times slower here.
    const quint32 *t[8];
    for (size_t i = 0; i < 8; ++i)
        t[i] = kCrcTables[i].data();
    crc = ~crc;
    for (; size >= 8; data += 8, size -= 8) {
        const quint32 low = readLittleEndian32(data) ^ crc;
        const quint32 high = readLittleEndian32(data + 4);
        crc = t[7][low & 0xff] ^ t[6][(low >> 8) & 0xff] ^ t[5][(low >> 16) & 0xff] ^ t[4][low >> 24] ^
              t[3][high & 0xff] ^ t[2][(high >> 8) & 0xff] ^ t[1][(high >> 16) & 0xff] ^ t[0][high >> 24];
    }
    for (; size > 0; ++data, --size)
        crc = t[0][(crc ^ *data) & 0xff] ^ (crc >> 8);
    return ~crc;
}

QString describeGzipError(struct archive *gzip)
{
    const QString detail = QString::fromUtf8(archive_error_string(gzip));
    if (detail.contains(u"truncated"_s, Qt::CaseInsensitive) ||
        detail.contains(u"premature"_s, Qt::CaseInsensitive))
        return ExtractGzipStream::truncatedMessage();
    return QCoreApplication::translate("ExtractGzipStream",
                                       "The archive is damaged (%1); nothing was extracted.")
        .arg(detail);
}
} // namespace

ExtractGzipStream::ExtractGzipStream(const std::atomic_bool &cancelRequested, const Progress &progress)
    : m_cancelRequested(cancelRequested), m_progress(progress)
{}

ExtractGzipStream::~ExtractGzipStream()
{
    if (m_gzip)
        archive_read_free(m_gzip);
}

QString ExtractGzipStream::truncatedMessage()
{
    return QCoreApplication::translate(
        "ExtractGzipStream", "The archive ends early (truncated download?); nothing was extracted.");
}

QString ExtractGzipStream::notGzipTarMessage()
{
    return QCoreApplication::translate("ExtractGzipStream", "The archive is not a gzip-compressed tar file.");
}

QString ExtractGzipStream::open(const QString &archivePath)
{
    const QFileInfo info(archivePath);
    // A FIFO or device would block or never end; only a regular file has a size to report progress on.
    if (!info.exists())
        return QCoreApplication::translate("ExtractGzipStream", "The archive %1 does not exist.")
            .arg(archivePath);
    if (!info.isFile())
        return QCoreApplication::translate("ExtractGzipStream", "The archive %1 is not a regular file.")
            .arg(archivePath);
    QFile file(info.absoluteFilePath());
    if (!file.open(QIODevice::ReadOnly))
        return QCoreApplication::translate("ExtractGzipStream", "Cannot open the archive %1: %2")
            .arg(archivePath, file.errorString());
    m_archiveSize = file.size();
    const QByteArray head = file.read(512);
    if (head.size() < 2 || uchar(head[0]) != 0x1f || uchar(head[1]) != 0x8b) {
        if (head.size() >= 262 && head.mid(257, 5) == "ustar")
            return QCoreApplication::translate(
                "ExtractGzipStream",
                "The archive is not a gzip-compressed tar file (it is a plain, uncompressed tar).");
        return notGzipTarMessage();
    }
    if (m_archiveSize < kGzipMinimumBytes)
        return truncatedMessage();
    if (file.seek(std::max<qint64>(0, m_archiveSize - kTailBytes)))
        m_tail = file.read(kTailBytes);
    file.close();

    // Only gzip and the "raw" format: whatever else the bytes are, the tar reader says so afterwards.
    m_gzip = archive_read_new();
    archive_read_support_filter_gzip(m_gzip);
    archive_read_support_format_raw(m_gzip);
    struct archive_entry *entry = nullptr;
    if (archive_read_open_filename(m_gzip, QFile::encodeName(info.absoluteFilePath()).constData(),
                                   kReadBlockBytes) != ARCHIVE_OK ||
        archive_read_next_header(m_gzip, &entry) != ARCHIVE_OK)
        return describeGzipError(m_gzip);
    // The magic matched but libarchive's gzip reader did not accept the header.
    if (archive_filter_code(m_gzip, 0) != ARCHIVE_FILTER_GZIP)
        return QCoreApplication::translate(
            "ExtractGzipStream", "The archive is damaged (invalid gzip header); nothing was extracted.");
    // libarchive stacks a second gzip reader when the content is gzip again (gzip, then the file itself).
    if (archive_filter_count(m_gzip) != 2)
        return notGzipTarMessage();
    return {};
}

la_ssize_t ExtractGzipStream::readCallback(struct archive *reader, void *client, const void **buffer)
{
    Q_UNUSED(reader);
    return static_cast<ExtractGzipStream *>(client)->read(buffer);
}

la_ssize_t ExtractGzipStream::read(const void **buffer)
{
    if (m_cancelRequested.load(std::memory_order_relaxed)) {
        m_cancelled = true;
        return -1;
    }
    for (;;) {
        const void *block = nullptr;
        size_t size = 0;
        la_int64_t offset = 0;
        const int result = archive_read_data_block(m_gzip, &block, &size, &offset);
        if (result == ARCHIVE_EOF) {
            m_atEnd = true;
            return 0;
        }
        if (result != ARCHIVE_OK) {
            m_failure = describeGzipError(m_gzip);
            return -1;
        }
        if (size == 0)
            continue;
        m_crc = updateCrc32(m_crc, static_cast<const uchar *>(block), size);
        m_expandedBytes += qint64(size);
        if (m_progress)
            m_progress(archive_filter_bytes(m_gzip, -1), m_archiveSize);
        *buffer = block;
        return la_ssize_t(size);
    }
}

QString ExtractGzipStream::finish()
{
    qint64 trailing = 0;
    while (!m_atEnd && trailing <= kMaxTrailingBytes) {
        const void *block = nullptr;
        const la_ssize_t size = read(&block);
        if (size < 0)
            return m_cancelled ? QString() : m_failure;
        trailing += size;
    }
    if (m_atEnd && !trailerMatches())
        return QCoreApplication::translate(
            "ExtractGzipStream",
            "The archive is damaged (its gzip checksum does not match); nothing was extracted.");
    return {};
}

void ExtractGzipStream::reportComplete()
{
    if (m_progress)
        m_progress(m_archiveSize, m_archiveSize);
}

bool ExtractGzipStream::trailerMatches() const
{
    // One gzip member: its trailer (CRC-32, then size modulo 2^32) covers the whole stream. Several
    // members (concatenated or parallel gzip): the last trailer covers only its own bytes, no size
    // matches and there is nothing to check against. Zero padding after the trailer is skipped.
    const auto *tail = reinterpret_cast<const uchar *>(m_tail.constData());
    qsizetype lastNonZero = m_tail.size() - 1;
    while (lastNonZero >= 0 && tail[lastNonZero] == 0)
        --lastNonZero;
    bool sizeMatched = false;
    for (qsizetype end = std::max<qsizetype>(8, lastNonZero + 1);
         end <= std::min(m_tail.size(), lastNonZero + 8); ++end) {
        if (readLittleEndian32(tail + end - 4) != quint32(m_expandedBytes))
            continue;
        if (readLittleEndian32(tail + end - 8) == m_crc)
            return true;
        sizeMatched = true;
    }
    return !sizeMatched;
}
