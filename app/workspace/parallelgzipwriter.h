#pragma once

#include <QCryptographicHash>
#include <QString>
#include <QtGlobal>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

class QIODevice;
class ParallelGzipDeflater;
struct ParallelGzipBlock;

// Writes one standard gzip stream (RFC 1952) to a device, compressing fixed 128 KiB input blocks on worker
// threads the way pigz does: each block is raw deflate primed with the previous 32 KiB as dictionary, ends
// with a sync flush (the last one with Z_FINISH), and the per-block CRCs are combined. The block layout does
// not depend on the thread count, so the output bytes are the same for 1 or N threads (reproducible
// archives).
//
// Not thread-safe except cancel(): one producer thread calls write() and finish(); the device is only ever
// touched on that thread. Memory stays bounded: at most 2 x threads blocks are in flight, the producer waits.
class ParallelGzipWriter
{
public:
    static constexpr qint64 BlockSize = qint64{128} * 1024;
    static constexpr qint64 DictionarySize = qint64{32} * 1024;

    // threads <= 0 means QThread::idealThreadCount(); level is a zlib level 1..9.
    explicit ParallelGzipWriter(QIODevice *device, int threads = 0, int level = 6);
    ~ParallelGzipWriter();
    Q_DISABLE_COPY_MOVE(ParallelGzipWriter)

    // Both return false once an error happened or after cancel(); errorString() says why.
    bool write(const char *data, qint64 size);
    bool finish(); // compresses what is left, writes the trailer and flushes the device

    void cancel(); // callable from any thread
    bool isCancelled() const { return m_cancelled.load(); }
    QString errorString() const;

    qint64 bytesOut() const { return m_bytesOut; }
    // The SHA-256 of every byte written to the device so far, lowercase hex: after finish(), the
    // archive's, without reading it back.
    QString sha256() const;

private:
    std::unique_ptr<ParallelGzipBlock> takeFreeBlock();
    bool submitCurrent(bool last);
    bool writeReadyBlocks(bool waitForAll);
    bool writeBlock(ParallelGzipBlock &block);
    bool writeBytes(const void *data, qint64 size);
    bool writeHeader();
    void setError(const QString &message);
    void workerLoop();
    void stopWorkers();

    QIODevice *m_device = nullptr;
    int m_threads = 1;
    int m_level = 6;
    qint64 m_maxInFlight = 2;
    std::unique_ptr<ParallelGzipDeflater>
        m_inlineDeflater; // the single-threaded path compresses on the caller's thread

    std::unique_ptr<ParallelGzipBlock> m_current;
    std::vector<std::unique_ptr<ParallelGzipBlock>> m_free;
    bool m_headerWritten = false;
    bool m_finished = false;

    quint32 m_crc = 0;
    qint64 m_bytesIn = 0;
    qint64 m_bytesOut = 0;
    QCryptographicHash m_hash{QCryptographicHash::Sha256}; // the producer's, like the device

    // Shared with the workers, guarded by m_mutex.
    mutable std::mutex m_mutex;
    std::condition_variable m_workReady;
    std::condition_variable m_blockDone;
    std::deque<ParallelGzipBlock *> m_queue;                   // blocks waiting for a worker
    std::deque<std::unique_ptr<ParallelGzipBlock>> m_inFlight; // submitted blocks in output order
    bool m_stopping = false;
    QString m_error;
    std::atomic_bool m_failed = false;
    std::atomic_bool m_cancelled = false;
    std::vector<std::thread> m_workers;
};
