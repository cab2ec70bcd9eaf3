#include "workspace/parallelgzipdeflater.h"

#include <array>
#include <cmath>
#include <cstring>

namespace {

bool initStream(z_stream &stream, int level)
{
    // The deflateInit2 macro hides a C-style cast; calling the function keeps -Wold-style-cast quiet.
    return deflateInit2_(&stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                         static_cast<int>(sizeof(z_stream))) == Z_OK;
}

} // namespace

ParallelGzipDeflater::ParallelGzipDeflater(int level)
{
    const bool deflateOk = initStream(m_deflating, level);
    const bool storeOk = initStream(m_storing, 0);
    m_ok = deflateOk && storeOk;
    if (!m_ok && deflateOk)
        deflateEnd(&m_deflating);
    if (!m_ok && storeOk)
        deflateEnd(&m_storing);
}

ParallelGzipDeflater::~ParallelGzipDeflater()
{
    if (m_ok) {
        deflateEnd(&m_deflating);
        deflateEnd(&m_storing);
    }
}

bool ParallelGzipDeflater::compress(ParallelGzipBlock &block)
{
    const auto inputSize = static_cast<uLong>(block.inputSize);
    const bool store = looksIncompressible(block.input.data(), block.inputSize);
    z_stream &stream = store ? m_storing : m_deflating;
    if (!m_ok || deflateReset(&stream) != Z_OK)
        return false;
    // The dictionary is what keeps the ratio of blocks within a fraction of a percent of one stream.
    if (!store && block.dictionarySize > 0 &&
        deflateSetDictionary(&stream, block.dictionary.data(), static_cast<uInt>(block.dictionarySize)) !=
            Z_OK)
        return false;
    block.crc = static_cast<quint32>(crc32_z(0, block.input.data(), inputSize));
    // deflateBound covers Z_FINISH; a sync flush adds an empty stored block (5 bytes) and a few bits.
    const size_t bound = deflateBound(&stream, inputSize) + 64;
    if (block.output.size() < bound)
        block.output.resize(bound);
    stream.next_in = block.input.data();
    stream.avail_in = static_cast<uInt>(inputSize);
    stream.next_out = block.output.data();
    stream.avail_out = static_cast<uInt>(block.output.size());
    const int flush = block.last ? Z_FINISH : Z_SYNC_FLUSH;
    for (;;) {
        const int ret = deflate(&stream, flush);
        if (ret == Z_STREAM_ERROR)
            return false;
        const bool complete =
            block.last ? ret == Z_STREAM_END : (stream.avail_in == 0 && stream.avail_out != 0);
        if (complete)
            break;
        // Not expected with the bound above, but never truncate: grow and go on.
        const size_t used = block.output.size() - stream.avail_out;
        block.output.resize(block.output.size() * 2);
        stream.next_out = block.output.data() + used;
        stream.avail_out = static_cast<uInt>(block.output.size() - used);
    }
    block.outputSize = static_cast<qint64>(block.output.size() - stream.avail_out);
    return true;
}

// Two cheap passes, about 1% of deflate's time on a text block, which leaves after the first: the order-0
// entropy must be near 8 bits per byte, and 4-byte repeats (what LZ77 would use) rare. Deflating random
// data at level 6 runs at about 30 MB/s and gains nothing: stored blocks come out the same size.
bool ParallelGzipDeflater::looksIncompressible(const unsigned char *data, qint64 size)
{
    if (size < qint64{16} * 1024)
        return false;
    std::array<quint32, 256> counts{};
    for (qint64 i = 0; i < size; ++i)
        ++counts[data[i]];
    double entropy = 0;
    for (const quint32 count : counts) {
        if (count != 0) {
            const double p = static_cast<double>(count) / static_cast<double>(size);
            entropy -= p * std::log2(p);
        }
    }
    if (entropy < 7.9)
        return false;
    std::array<quint32, 4096> lastSeen{}; // 1 + the last position whose 4 bytes had this hash
    qint64 repeats = 0;
    for (qint64 i = 0; i + 4 <= size; ++i) {
        quint32 word;
        std::memcpy(&word, data + i, 4);
        const quint32 slot = (word * 2654435761u) >> 20;
        const quint32 previous = lastSeen[slot];
        if (previous != 0 && std::memcmp(data + previous - 1, data + i, 4) == 0)
            ++repeats;
        lastSeen[slot] = static_cast<quint32>(i + 1);
    }
    return repeats * 50 < size; // under 2% of positions start a repeat
}
