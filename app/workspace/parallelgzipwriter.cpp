#include "workspace/parallelgzipwriter.h"

#include "workspace/parallelgzipdeflater.h"

#include <QCoreApplication>
#include <QFileDevice>
#include <QIODevice>
#include <QThread>

#include <zlib.h>

#include <algorithm>
#include <cstring>

using namespace Qt::StringLiterals;

static_assert(ParallelGzipWriter::BlockSize == ParallelGzipBlock::Size);
static_assert(ParallelGzipWriter::DictionarySize == ParallelGzipBlock::DictionarySize);

ParallelGzipWriter::ParallelGzipWriter(QIODevice *device, int threads, int level)
    : m_device(device), m_threads(threads > 0 ? threads : std::max(1, QThread::idealThreadCount())),
      m_level(std::clamp(level, 1, 9))
{
    // Two blocks per thread keep every worker busy while the producer fills the next one.
    m_maxInFlight = qint64{2} * m_threads;
    if (m_threads == 1) {
        m_inlineDeflater = std::make_unique<ParallelGzipDeflater>(m_level);
        return;
    }
    m_workers.reserve(static_cast<size_t>(m_threads));
    for (int i = 0; i < m_threads; ++i)
        m_workers.emplace_back([this] { workerLoop(); });
}

ParallelGzipWriter::~ParallelGzipWriter()
{
    if (!m_finished)
        m_cancelled = true; // abandoned: queued blocks need no compressing
    stopWorkers();
}

bool ParallelGzipWriter::write(const char *data, qint64 size)
{
    if (m_failed || m_cancelled || m_finished || size < 0)
        return false;
    if (!m_headerWritten && !writeHeader())
        return false;
    while (size > 0) {
        if (!m_current)
            m_current = takeFreeBlock();
        // A full block is submitted only when more data arrives, so finish() always has a block to end with.
        if (m_current->inputSize == BlockSize) {
            if (!submitCurrent(false))
                return false;
            continue;
        }
        const qint64 chunk = std::min(size, BlockSize - m_current->inputSize);
        std::memcpy(m_current->input.data() + m_current->inputSize, data, static_cast<size_t>(chunk));
        m_current->inputSize += chunk;
        m_bytesIn += chunk;
        data += chunk;
        size -= chunk;
    }
    return true;
}

bool ParallelGzipWriter::finish()
{
    if (m_finished)
        return !m_failed;
    if (m_failed || m_cancelled)
        return false;
    if (!m_headerWritten && !writeHeader())
        return false;
    if (!m_current)
        m_current = takeFreeBlock();
    if (!submitCurrent(true) || !writeReadyBlocks(true))
        return false;
    const auto isize = static_cast<quint32>(m_bytesIn & 0xffffffff);
    const unsigned char trailer[8] = {
        static_cast<unsigned char>(m_crc),       static_cast<unsigned char>(m_crc >> 8),
        static_cast<unsigned char>(m_crc >> 16), static_cast<unsigned char>(m_crc >> 24),
        static_cast<unsigned char>(isize),       static_cast<unsigned char>(isize >> 8),
        static_cast<unsigned char>(isize >> 16), static_cast<unsigned char>(isize >> 24)};
    if (!writeBytes(trailer, sizeof trailer))
        return false;
    // A buffered QFile reports a full disk only when it flushes.
    if (auto *file = qobject_cast<QFileDevice *>(m_device); file && !file->flush()) {
        setError(
            QCoreApplication::translate("ParallelGzipWriter", "Could not write the compressed archive: %1")
                .arg(file->errorString()));
        return false;
    }
    stopWorkers();
    m_finished = true;
    return true;
}

QString ParallelGzipWriter::sha256() const
{
    return QString::fromLatin1(m_hash.resultView().toByteArray().toHex());
}

void ParallelGzipWriter::cancel()
{
    {
        std::lock_guard lock(m_mutex);
        m_cancelled = true;
    }
    m_blockDone.notify_all();
    m_workReady.notify_all();
}

QString ParallelGzipWriter::errorString() const
{
    std::lock_guard lock(m_mutex);
    if (m_error.isEmpty() && m_cancelled)
        return QCoreApplication::translate("ParallelGzipWriter", "Cancelled");
    return m_error;
}

std::unique_ptr<ParallelGzipBlock> ParallelGzipWriter::takeFreeBlock()
{
    std::unique_ptr<ParallelGzipBlock> block;
    if (m_free.empty()) {
        block = std::make_unique<ParallelGzipBlock>();
    } else {
        block = std::move(m_free.back());
        m_free.pop_back();
    }
    block->inputSize = 0;
    block->dictionarySize = 0;
    block->outputSize = 0;
    block->last = false;
    block->done = false;
    block->failed = false;
    return block;
}

bool ParallelGzipWriter::submitCurrent(bool last)
{
    std::unique_ptr<ParallelGzipBlock> next;
    if (!last) {
        // The next block is primed with this block's tail, as pigz does: nearly the ratio of one stream.
        next = takeFreeBlock();
        const qint64 tail = std::min(DictionarySize, m_current->inputSize);
        std::memcpy(next->dictionary.data(), m_current->input.data() + m_current->inputSize - tail,
                    static_cast<size_t>(tail));
        next->dictionarySize = tail;
    }
    std::unique_ptr<ParallelGzipBlock> block = std::move(m_current);
    m_current = std::move(next);
    block->last = last;

    if (m_inlineDeflater) {
        if (!m_inlineDeflater->compress(*block)) {
            setError(QCoreApplication::translate("ParallelGzipWriter", "Compression failed"));
            return false;
        }
        if (!writeBlock(*block))
            return false;
        m_free.push_back(std::move(block));
        return true;
    }
    {
        std::lock_guard lock(m_mutex);
        m_queue.push_back(block.get());
        m_inFlight.push_back(std::move(block));
    }
    m_workReady.notify_one();
    return writeReadyBlocks(false);
}

// Writes the finished blocks at the head of the queue, in order. Waits while the limit of blocks in flight
// is reached (that is the producer's back-pressure), or until all are written when waitForAll is set.
bool ParallelGzipWriter::writeReadyBlocks(bool waitForAll)
{
    for (;;) {
        std::unique_ptr<ParallelGzipBlock> ready;
        {
            std::unique_lock lock(m_mutex);
            if (m_inFlight.empty())
                return true;
            if (!m_inFlight.front()->done) {
                const bool mustWait = waitForAll || static_cast<qint64>(m_inFlight.size()) >= m_maxInFlight;
                if (!mustWait)
                    return true;
                m_blockDone.wait(lock, [this] { return m_inFlight.front()->done || m_cancelled; });
                if (m_cancelled)
                    return false;
            }
            ready = std::move(m_inFlight.front());
            m_inFlight.pop_front();
        }
        if (ready->failed) {
            setError(QCoreApplication::translate("ParallelGzipWriter", "Compression failed"));
            return false;
        }
        if (!writeBlock(*ready))
            return false;
        m_free.push_back(std::move(ready));
    }
}

bool ParallelGzipWriter::writeBlock(ParallelGzipBlock &block)
{
    if (m_cancelled)
        return false;
    m_crc = static_cast<quint32>(crc32_combine(m_crc, block.crc, static_cast<z_off_t>(block.inputSize)));
    return writeBytes(block.output.data(), block.outputSize);
}

bool ParallelGzipWriter::writeBytes(const void *data, qint64 size)
{
    const char *bytes = static_cast<const char *>(data);
    while (size > 0) {
        const qint64 written = m_device->write(bytes, size);
        if (written <= 0) {
            setError(QCoreApplication::translate("ParallelGzipWriter",
                                                 "Could not write the compressed archive: %1")
                         .arg(m_device->errorString()));
            return false;
        }
        m_hash.addData(QByteArrayView(bytes, written));
        bytes += written;
        size -= written;
        m_bytesOut += written;
    }
    return true;
}

bool ParallelGzipWriter::writeHeader()
{
    // No name and a zero mtime, so that the same input always gives the same bytes. OS 3 = Unix.
    const unsigned char extraFlags = m_level == 9 ? 2 : (m_level == 1 ? 4 : 0);
    const unsigned char header[10] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, extraFlags, 3};
    m_headerWritten = true;
    return writeBytes(header, sizeof header);
}

void ParallelGzipWriter::setError(const QString &message)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_error.isEmpty())
            m_error = message;
    }
    m_failed = true;
}

void ParallelGzipWriter::workerLoop()
{
    ParallelGzipDeflater deflater(m_level);
    for (;;) {
        ParallelGzipBlock *block = nullptr;
        {
            std::unique_lock lock(m_mutex);
            m_workReady.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
            if (m_queue.empty())
                return;
            block = m_queue.front();
            m_queue.pop_front();
        }
        const bool ok = m_cancelled || deflater.compress(*block);
        {
            std::lock_guard lock(m_mutex);
            block->done = true;
            block->failed = !ok;
        }
        m_blockDone.notify_one();
    }
}

void ParallelGzipWriter::stopWorkers()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_workReady.notify_all();
    for (std::thread &worker : m_workers)
        worker.join();
    m_workers.clear();
}
