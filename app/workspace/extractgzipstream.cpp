#include "workspace/extractgzipstream.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <zlib.h>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
constexpr qint64 kInputBytes = qint64{64} * 1024;
constexpr qint64 kOutputBytes = qint64{128} * 1024;
constexpr qsizetype kGzipMinimumBytes = 18; // 10-byte header, empty deflate block, 8-byte trailer

QString damaged(const QString &what)
{
    return QCoreApplication::translate("ExtractGzipStream",
                                       "The archive is damaged (%1); nothing was extracted.")
        .arg(what);
}
} // namespace

struct ExtractGzipStream::Inflater
{
    z_stream z = {};
    // Filled in by zlib while it parses a member's header; done tells a header error from a data error.
    gz_header header = {};
    bool open = false;

    ~Inflater()
    {
        if (open)
            inflateEnd(&z);
    }
};

ExtractGzipStream::ExtractGzipStream(const std::atomic_bool &cancelRequested, const Progress &progress)
    : m_cancelRequested(cancelRequested), m_progress(progress)
{}

ExtractGzipStream::~ExtractGzipStream() = default;

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
    m_file.setFileName(info.absoluteFilePath());
    if (!m_file.open(QIODevice::ReadOnly))
        return QCoreApplication::translate("ExtractGzipStream", "Cannot open the archive %1: %2")
            .arg(archivePath, m_file.errorString());
    m_archiveSize = m_file.size();
    const QByteArray head = m_file.read(512);
    if (head.size() < 2 || uchar(head[0]) != 0x1f || uchar(head[1]) != 0x8b) {
        if (head.size() >= 262 && head.mid(257, 5) == "ustar")
            return QCoreApplication::translate(
                "ExtractGzipStream",
                "The archive is not a gzip-compressed tar file (it is a plain, uncompressed tar).");
        return notGzipTarMessage();
    }
    if (m_archiveSize < kGzipMinimumBytes)
        return truncatedMessage();
    if (!m_file.seek(0))
        return QCoreApplication::translate("ExtractGzipStream", "Cannot read the archive %1: %2")
            .arg(archivePath, m_file.errorString());

    m_inflater = std::make_unique<Inflater>();
    z_stream &z = m_inflater->z;
    // 16 + MAX_WBITS: gzip framing only (no zlib or raw data), with zlib checking each trailer. The
    // inflateInit2 macro hides a C-style cast; calling the function keeps -Wold-style-cast quiet.
    m_inflater->open =
        inflateInit2_(&z, 16 + MAX_WBITS, ZLIB_VERSION, static_cast<int>(sizeof(z_stream))) == Z_OK;
    if (!m_inflater->open || inflateGetHeader(&z, &m_inflater->header) != Z_OK)
        return QCoreApplication::translate("ExtractGzipStream",
                                           "Not enough memory to decompress the archive.");
    m_input.resize(size_t(kInputBytes));
    m_output.resize(size_t(kOutputBytes));
    return {};
}

la_ssize_t ExtractGzipStream::readCallback(struct archive *reader, void *client, const void **buffer)
{
    Q_UNUSED(reader);
    return static_cast<ExtractGzipStream *>(client)->read(buffer);
}

la_ssize_t ExtractGzipStream::fail(const QString &message)
{
    m_failure = message;
    return -1;
}

bool ExtractGzipStream::refill()
{
    z_stream &z = m_inflater->z;
    const qint64 got = m_file.read(reinterpret_cast<char *>(m_input.data()), qint64(m_input.size()));
    if (got < 0) {
        m_failure = QCoreApplication::translate("ExtractGzipStream", "Cannot read the archive: %1")
                        .arg(m_file.errorString());
        return false;
    }
    m_fileEnded = got == 0;
    m_fileRead += got;
    z.next_in = m_input.data();
    z.avail_in = uInt(got);
    return true;
}

// What may follow a whole member is another member or zero padding up to the end of the file (writers
// that fill their last 10 KiB record: bsdtar to a pipe, libarchive to a stream). Anything else is refused,
// where gzip(1) warns "trailing garbage ignored" and libarchive stops silently: the likeliest cause is a
// member whose header was damaged, and ignoring it would drop the rest of the archive without a word. It
// is the same answer as for a wrong trailer: damaged, nothing extracted.
bool ExtractGzipStream::startNextMember()
{
    z_stream &z = m_inflater->z;
    if (!m_inPadding && z.next_in[0] == 0x1f) {
        m_inflater->header = {};
        // inflateReset forgets the header record, so it is handed over again for every member.
        if (inflateReset(&z) != Z_OK || inflateGetHeader(&z, &m_inflater->header) != Z_OK) {
            m_failure = damaged(
                QCoreApplication::translate("ExtractGzipStream", "gzip member %1 could not be started")
                    .arg(m_member + 1));
            return false;
        }
        ++m_member;
        m_betweenMembers = false;
        return true;
    }
    const auto *begin = z.next_in;
    const auto *end = z.next_in + z.avail_in;
    const auto *garbage = std::find_if(begin, end, [](unsigned char byte) { return byte != 0; });
    if (garbage != end) {
        const qint64 offset = m_fileRead - qint64(end - garbage);
        m_failure = damaged(QCoreApplication::translate("ExtractGzipStream",
                                                        "unexpected data after gzip member %1, at byte %2: "
                                                        "neither another gzip member nor zero padding")
                                .arg(m_member)
                                .arg(offset));
        return false;
    }
    m_inPadding = true;
    z.avail_in = 0;
    return true;
}

QString ExtractGzipStream::inflateError(int result) const
{
    if (result == Z_MEM_ERROR)
        return QCoreApplication::translate("ExtractGzipStream",
                                           "Not enough memory to decompress the archive.");
    const z_stream &z = m_inflater->z;
    const QString detail = z.msg ? QString::fromLatin1(z.msg) : u"zlib error %1"_s.arg(result);
    // zlib sets done to 1 at the end of a gzip header, and to -1 when the bytes are no gzip header at all.
    if (m_inflater->header.done != 1)
        return damaged(
            QCoreApplication::translate("ExtractGzipStream", "gzip member %1 has an invalid header: %2")
                .arg(m_member)
                .arg(detail));
    // zlib's words for the two trailer fields, unchanged since zlib 1.0; tst_gzipmembers pins them.
    if (detail == u"incorrect data check"_s)
        return damaged(
            QCoreApplication::translate("ExtractGzipStream",
                                        "the CRC-32 checksum of gzip member %1 does not match its data")
                .arg(m_member));
    if (detail == u"incorrect length check"_s)
        return damaged(
            QCoreApplication::translate(
                "ExtractGzipStream", "the size recorded at the end of gzip member %1 does not match its data")
                .arg(m_member));
    return damaged(
        QCoreApplication::translate("ExtractGzipStream", "gzip member %1: %2").arg(m_member).arg(detail));
}

la_ssize_t ExtractGzipStream::read(const void **buffer)
{
    if (m_atEnd)
        return 0;
    if (!m_inflater)
        return fail(notGzipTarMessage());
    z_stream &z = m_inflater->z;
    for (;;) {
        if (m_cancelRequested.load(std::memory_order_relaxed)) {
            m_cancelled = true;
            return -1;
        }
        if (z.avail_in == 0 && !m_fileEnded && !refill())
            return -1;
        if (m_betweenMembers) {
            if (m_fileEnded && z.avail_in == 0) {
                m_atEnd = true;
                return 0;
            }
            if (!startNextMember())
                return -1;
            continue;
        }
        // Inflated even when the file has ended: zlib may still hold output that did not fit last time.
        z.next_out = m_output.data();
        z.avail_out = uInt(m_output.size());
        const int result = inflate(&z, Z_NO_FLUSH);
        const auto produced = la_ssize_t(m_output.size() - z.avail_out);
        if (result == Z_STREAM_END) {
            m_betweenMembers = true;
            ++m_membersChecked;
        } else if (result == Z_BUF_ERROR && z.avail_in == 0) {
            // No progress without more input.
            if (m_fileEnded)
                return fail(truncatedMessage());
        } else if (result != Z_OK) {
            return fail(inflateError(result));
        }
        if (produced == 0)
            continue;
        if (m_progress)
            m_progress(m_fileRead - qint64(z.avail_in), m_archiveSize);
        *buffer = m_output.data();
        return produced;
    }
}

QString ExtractGzipStream::finish()
{
    // The tar reader reads concatenated archives to the end of the data, so normally nothing is left
    // here; whatever is left is inflated all the same, or its members would go unchecked.
    while (!m_atEnd) {
        const void *block = nullptr;
        if (read(&block) < 0)
            return m_cancelled ? QString() : m_failure;
    }
    return {};
}

void ExtractGzipStream::reportComplete()
{
    if (m_progress)
        m_progress(m_archiveSize, m_archiveSize);
}
