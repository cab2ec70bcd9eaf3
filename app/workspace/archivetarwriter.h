#pragma once

#include "workspace/utf8threadlocale.h"

#include <QString>

#include <archive.h>

#include <functional>
#include <memory>
#include <vector>

struct ArchiveWalkEntry;
class ParallelGzipWriter;

// The tar layer of a pack: libarchive's pax (restricted) writer with no compression filter of its own,
// its bytes handed to a ParallelGzipWriter through a write callback. Entries carry no owner: uid and gid
// are 0 and the names empty, so an archive never leaks the user's account name.
//
// Use it on one thread only: for its lifetime that thread's locale is UTF-8 (Utf8ThreadLocale).
class ArchiveTarWriter
{
public:
    static constexpr qint64 ReadBlockSize = qint64{64} * 1024;

    // Called after each block of file content; return false to stop (cancel).
    using BlockDone = std::function<bool(qint64 bytes)>;

    explicit ArchiveTarWriter(ParallelGzipWriter *sink);
    ~ArchiveTarWriter();
    Q_DISABLE_COPY_MOVE(ArchiveTarWriter)

    bool open();
    // Files, directories and symlinks; a Special entry is a programming error. False on error or stop.
    bool add(const ArchiveWalkEntry &entry, const BlockDone &blockDone);
    bool close(); // writes the end-of-archive blocks into the sink (not the gzip trailer)

    bool wasStopped() const { return m_stopped; }
    QString errorString() const;

private:
    static la_ssize_t writeCallback(struct archive *archive, void *client, const void *buffer, size_t length);
    bool addFileContent(const ArchiveWalkEntry &entry, int fd, qint64 size, const BlockDone &blockDone);
    bool archiveFailed(const QString &what);
    bool fail(const QString &message);

    std::unique_ptr<Utf8ThreadLocale> m_utf8Locale;
    ParallelGzipWriter *m_sink = nullptr;
    struct archive *m_archive = nullptr;
    struct archive_entry *m_entry = nullptr;
    std::vector<char> m_buffer;
    QString m_error;
    bool m_stopped = false;
};
