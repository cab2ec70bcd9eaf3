#include "workspace/archivefacts.h"

#include "workspace/extractionlimits.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>

#include <algorithm>

#include <archive.h>
#include <archive_entry.h>

namespace {

constexpr qsizetype blockSize = qsizetype{256} * 1024;

// The file as libarchive reads it: each block is hashed on its way through, so the walk and the hash are one
// pass. No skip callback: libarchive then reads what it skips, and every byte reaches the hash in order.
struct HashedSource
{
    QFile file;
    QCryptographicHash hash{QCryptographicHash::Sha256};
    QByteArray buffer;
    qint64 bytes = 0;
    bool readFailed = false;
    const std::atomic_bool *stop = nullptr;

    qint64 readBlock()
    {
        if (*stop)
            return -1;
        const qint64 got = file.read(buffer.data(), buffer.size());
        if (got < 0) {
            readFailed = true;
            return -1;
        }
        hash.addData(QByteArrayView(buffer.constData(), got));
        bytes += got;
        return got;
    }
};

la_ssize_t readCallback(struct archive *, void *data, const void **block)
{
    auto *source = static_cast<HashedSource *>(data);
    *block = source->buffer.constData();
    return static_cast<la_ssize_t>(source->readBlock());
}

// Regular files in the archive, -1 when the walk cannot finish.
qint64 regularFilesIn(HashedSource &source)
{
    const ExtractionLimits limits;
    struct archive *reader = archive_read_new();
    archive_read_support_filter_gzip(reader);
    archive_read_support_format_tar(reader);
    qint64 files = 0;
    qint64 entries = 0;
    qint64 declaredBytes = 0;
    bool complete = false;
    if (archive_read_open2(reader, &source, nullptr, readCallback, nullptr, nullptr) == ARCHIVE_OK) {
        for (;;) {
            struct archive_entry *entry = nullptr;
            const int status = archive_read_next_header(reader, &entry);
            if (status == ARCHIVE_EOF) {
                complete = true;
                break;
            }
            if (status < ARCHIVE_WARN)
                break;
            declaredBytes += std::max<qint64>(0, archive_entry_size(entry));
            if (++entries > limits.maxEntries || declaredBytes > limits.maxTotalBytes)
                break;
            // A hard link names a file counted already.
            if (archive_entry_filetype(entry) == AE_IFREG && !archive_entry_hardlink(entry))
                ++files;
            if (archive_read_data_skip(reader) < ARCHIVE_WARN)
                break;
        }
    }
    archive_read_free(reader);
    return complete ? files : -1;
}

} // namespace

ArchiveFacts ArchiveFacts::measure(const QString &path, bool countFiles, const std::atomic_bool &stop)
{
    HashedSource source;
    source.stop = &stop;
    source.file.setFileName(path);
    if (!source.file.open(QIODevice::ReadOnly))
        return {};
    source.buffer.resize(blockSize);
    ArchiveFacts facts;
    if (countFiles)
        facts.fileCount = regularFilesIn(source);
    // What the walk did not need (the gzip trailer, the tar's padding, the rest after a stop) is hashed too.
    while (source.readBlock() > 0) {
    }
    if (stop || source.readFailed)
        return {};
    facts.sha256 = QString::fromLatin1(source.hash.result().toHex());
    facts.bytes = source.bytes;
    return facts;
}
