#include "workspace/gzipendcheck.h"

#include <zlib.h>

#include <algorithm>
#include <array>

struct GzipEndCheck::Stream
{
    z_stream z = {};
    bool open = false;
};

GzipEndCheck::GzipEndCheck() : m_stream(std::make_unique<Stream>())
{
    reset();
}

GzipEndCheck::~GzipEndCheck()
{
    if (m_stream->open)
        inflateEnd(&m_stream->z);
}

void GzipEndCheck::reset()
{
    if (m_stream->open)
        inflateEnd(&m_stream->z);
    m_stream->z = {};
    // 16 + MAX_WBITS: gzip framing only, so that the trailer is checked.
    m_stream->open = inflateInit2(&m_stream->z, 16 + MAX_WBITS) == Z_OK;
    m_broken = !m_stream->open;
    m_atMemberEnd = false;
    m_sawData = false;
    m_inPadding = false;
}

void GzipEndCheck::checkPadding(QByteArrayView bytes)
{
    if (std::any_of(bytes.begin(), bytes.end(), [](char byte) { return byte != 0; }))
        m_broken = true;
}

void GzipEndCheck::feed(QByteArrayView bytes)
{
    if (m_broken || bytes.isEmpty())
        return;
    m_sawData = true;
    if (m_inPadding) {
        checkPadding(bytes);
        return;
    }
    z_stream &z = m_stream->z;
    // zlib's API predates const; it never writes through next_in.
    z.next_in = const_cast<Bytef *>(reinterpret_cast<const Bytef *>(bytes.data()));
    z.avail_in = uInt(bytes.size());
    std::array<Bytef, std::size_t{64} * 1024> sink;
    while (z.avail_in > 0 || !m_atMemberEnd) {
        if (m_atMemberEnd) {
            // Concatenated members are one valid gzip file: the next one starts with the magic byte. After
            // a whole member only zero padding may follow (libarchive fills the last block with zeros).
            // Anything else is refused, as the extractor refuses it (ExtractGzipStream): gzip(1) ignores
            // it with a warning, but it is most likely a member whose header is damaged.
            if (*z.next_in != 0x1f) {
                m_inPadding = true;
                checkPadding(QByteArrayView(z.next_in, qsizetype(z.avail_in)));
                return;
            }
            if (inflateReset(&z) != Z_OK) {
                m_broken = true;
                return;
            }
            m_atMemberEnd = false;
        }
        z.next_out = sink.data();
        z.avail_out = uInt(sink.size());
        const int result = inflate(&z, Z_NO_FLUSH);
        if (result == Z_STREAM_END) {
            m_atMemberEnd = true;
            continue;
        }
        if (result == Z_BUF_ERROR || (result == Z_OK && z.avail_in == 0 && z.avail_out > 0))
            return; // everything fed is used: wait for more
        if (result != Z_OK) {
            m_broken = true;
            return;
        }
    }
}
