#pragma once

#include <QtGlobal>

#include <zlib.h>

#include <vector>

// One block of a ParallelGzipWriter stream: its input, the dictionary it is primed with, its output.
struct ParallelGzipBlock
{
    static constexpr qint64 Size = qint64{128} * 1024;          // input bytes per block, as pigz
    static constexpr qint64 DictionarySize = qint64{32} * 1024; // deflate's whole window

    std::vector<unsigned char> input = std::vector<unsigned char>(Size);
    qint64 inputSize = 0;
    std::vector<unsigned char> dictionary = std::vector<unsigned char>(DictionarySize);
    qint64 dictionarySize = 0;
    std::vector<unsigned char> output;
    qint64 outputSize = 0;
    quint32 crc = 0;
    bool last = false;
    bool done = false; // guarded by the writer's mutex while in flight
    bool failed = false;
};

// Compresses blocks into raw deflate that concatenates into one stream: each block is primed with the
// previous block's tail as dictionary and ends with a sync flush (Z_FINISH for the last one). One per
// thread: the zlib state (about 256 KiB) is allocated once and reset for every block.
class ParallelGzipDeflater
{
public:
    explicit ParallelGzipDeflater(int level);
    ~ParallelGzipDeflater();
    Q_DISABLE_COPY_MOVE(ParallelGzipDeflater)

    bool compress(ParallelGzipBlock &block);

    // Already compressed data (images, archives, .git packs): deflate would spend as much CPU on it as on
    // text for no gain, so such blocks are stored instead.
    static bool looksIncompressible(const unsigned char *data, qint64 size);

private:
    z_stream m_deflating{};
    z_stream m_storing{}; // level 0, for incompressible blocks
    bool m_ok = false;
};
