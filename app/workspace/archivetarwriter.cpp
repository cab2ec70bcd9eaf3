#include "workspace/archivetarwriter.h"

#include "workspace/archivewalker.h"
#include "workspace/parallelgzipwriter.h"
#include "workspace/utf8threadlocale.h"

#include <archive_entry.h>

#include <algorithm>
#include <cerrno>

#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace {

class FileDescriptor
{
public:
    explicit FileDescriptor(int fd) : m_fd(fd) {}
    ~FileDescriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Q_DISABLE_COPY_MOVE(FileDescriptor)
    int get() const { return m_fd; }

private:
    int m_fd = -1;
};

} // namespace

ArchiveTarWriter::ArchiveTarWriter(ParallelGzipWriter *sink)
    : m_utf8Locale(std::make_unique<Utf8ThreadLocale>()), m_sink(sink),
      m_buffer(static_cast<size_t>(ReadBlockSize))
{}

ArchiveTarWriter::~ArchiveTarWriter()
{
    if (m_entry)
        archive_entry_free(m_entry);
    if (m_archive)
        archive_write_free(m_archive); // also closes it if close() was not reached
}

bool ArchiveTarWriter::open()
{
    m_archive = archive_write_new();
    m_entry = archive_entry_new();
    if (!m_archive || !m_entry)
        return fail(QCoreApplication::translate("ArchiveTarWriter", "Out of memory"));
    // Restricted pax: plain ustar headers, with a pax header only where ustar cannot say it (long or
    // non-ASCII names, big files). No libarchive filter: the gzip layer is ours, and parallel.
    if (archive_write_set_format_pax_restricted(m_archive) != ARCHIVE_OK ||
        archive_write_add_filter_none(m_archive) != ARCHIVE_OK ||
        archive_write_set_bytes_in_last_block(m_archive, 1) != ARCHIVE_OK)
        return archiveFailed(QCoreApplication::translate("ArchiveTarWriter", "Cannot set up the archive"));
    const int status =
        archive_write_open(m_archive, this, nullptr, &ArchiveTarWriter::writeCallback, nullptr);
    if (status != ARCHIVE_OK)
        return archiveFailed(QCoreApplication::translate("ArchiveTarWriter", "Cannot start the archive"));
    return true;
}

bool ArchiveTarWriter::add(const ArchiveWalkEntry &entry, const BlockDone &blockDone)
{
    archive_entry_clear(m_entry);
    if (!archive_entry_update_pathname_utf8(m_entry, entry.archivePath.toUtf8().constData()) ||
        !archive_entry_pathname(m_entry))
        return fail(
            QCoreApplication::translate("ArchiveTarWriter", "Cannot store the name %1 (no UTF-8 locale)")
                .arg(entry.archivePath));
    archive_entry_set_uid(m_entry, 0);
    archive_entry_set_gid(m_entry, 0);
    archive_entry_set_mtime(m_entry, entry.mtime, 0);
    archive_entry_set_perm(m_entry, static_cast<mode_t>(entry.permissions));

    FileDescriptor file(-1);
    qint64 size = 0;
    switch (entry.type) {
    case ArchiveWalkEntry::Type::File: {
        // O_NOFOLLOW: if the file was swapped for a link since the walk, fail rather than follow it.
        FileDescriptor opened(::open(entry.diskPath.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
        struct stat info = {};
        if (opened.get() < 0 || ::fstat(opened.get(), &info) != 0)
            return fail(QCoreApplication::translate("ArchiveTarWriter", "Cannot read %1: %2")
                            .arg(entry.archivePath, qt_error_string(errno)));
        if (!S_ISREG(info.st_mode))
            return fail(
                QCoreApplication::translate("ArchiveTarWriter", "%1 changed while it was being packed")
                    .arg(entry.archivePath));
        size = info.st_size;
        archive_entry_set_filetype(m_entry, AE_IFREG);
        archive_entry_set_perm(m_entry, static_cast<mode_t>(info.st_mode & 07777));
        archive_entry_set_size(m_entry, size);
        const int status = archive_write_header(m_archive, m_entry);
        if (status < ARCHIVE_WARN)
            return archiveFailed(
                QCoreApplication::translate("ArchiveTarWriter", "Cannot add %1").arg(entry.archivePath));
        if (!addFileContent(entry, opened.get(), size, blockDone))
            return false;
        break;
    }
    case ArchiveWalkEntry::Type::Directory:
        archive_entry_set_filetype(m_entry, AE_IFDIR);
        break;
    case ArchiveWalkEntry::Type::Symlink:
        archive_entry_set_filetype(m_entry, AE_IFLNK);
        if (!archive_entry_update_symlink_utf8(m_entry, entry.linkTarget.toUtf8().constData()))
            return fail(
                QCoreApplication::translate("ArchiveTarWriter", "Cannot store the link %1 (no UTF-8 locale)")
                    .arg(entry.archivePath));
        break;
    case ArchiveWalkEntry::Type::Special:
        return fail(QCoreApplication::translate("ArchiveTarWriter", "Cannot add %1: %2")
                        .arg(entry.archivePath, entry.skipReason));
    }
    if (entry.type != ArchiveWalkEntry::Type::File) {
        const int status = archive_write_header(m_archive, m_entry);
        if (status < ARCHIVE_WARN)
            return archiveFailed(
                QCoreApplication::translate("ArchiveTarWriter", "Cannot add %1").arg(entry.archivePath));
    }
    const int status = archive_write_finish_entry(m_archive);
    if (status < ARCHIVE_WARN)
        return archiveFailed(
            QCoreApplication::translate("ArchiveTarWriter", "Cannot add %1").arg(entry.archivePath));
    return true;
}

bool ArchiveTarWriter::addFileContent(const ArchiveWalkEntry &entry, int fd, qint64 size,
                                      const BlockDone &blockDone)
{
    // The header already promised `size` bytes: a file that grew is cut there, and one that shrank is
    // padded with zeros by archive_write_finish_entry(), so the archive stays well formed either way.
    qint64 remaining = size;
    while (remaining > 0) {
        const auto wanted = static_cast<size_t>(std::min(remaining, ReadBlockSize));
        const ssize_t got = ::read(fd, m_buffer.data(), wanted);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return fail(QCoreApplication::translate("ArchiveTarWriter", "Cannot read %1: %2")
                            .arg(entry.archivePath, qt_error_string(errno)));
        }
        if (got == 0)
            break;
        const la_ssize_t written = archive_write_data(m_archive, m_buffer.data(), static_cast<size_t>(got));
        if (written < 0)
            return archiveFailed(
                QCoreApplication::translate("ArchiveTarWriter", "Cannot add %1").arg(entry.archivePath));
        remaining -= got;
        if (blockDone && !blockDone(got)) {
            m_stopped = true;
            return false;
        }
    }
    return true;
}

bool ArchiveTarWriter::close()
{
    const int status = archive_write_close(m_archive);
    if (status != ARCHIVE_OK)
        return archiveFailed(QCoreApplication::translate("ArchiveTarWriter", "Cannot finish the archive"));
    return true;
}

QString ArchiveTarWriter::errorString() const
{
    return m_error;
}

la_ssize_t ArchiveTarWriter::writeCallback(struct archive *, void *client, const void *buffer, size_t length)
{
    auto *self = static_cast<ArchiveTarWriter *>(client);
    if (!self->m_sink->write(static_cast<const char *>(buffer), static_cast<qint64>(length)))
        return -1;
    return static_cast<la_ssize_t>(length);
}

// The sink's message (disk full, cancelled) says more than libarchive's "write failed" that it causes.
bool ArchiveTarWriter::archiveFailed(const QString &what)
{
    if (m_sink->isCancelled()) {
        m_stopped = true;
        return false;
    }
    QString detail = m_sink->errorString();
    if (detail.isEmpty() && m_archive)
        detail = QString::fromUtf8(archive_error_string(m_archive));
    return fail(detail.isEmpty() ? what : what + u": "_s + detail);
}

bool ArchiveTarWriter::fail(const QString &message)
{
    m_error = message;
    return false;
}
