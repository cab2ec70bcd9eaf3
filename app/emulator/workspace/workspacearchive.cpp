#include "emulator/workspace/workspacearchive.h"

#include "emulator/workspace/workspace.h"

#include <archive.h>
#include <archive_entry.h>

#include <memory>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

struct ReadCloser
{
    void operator()(archive *a) const { archive_read_free(a); }
};
struct WriteCloser
{
    void operator()(archive *a) const { archive_write_free(a); }
};
struct EntryFree
{
    void operator()(archive_entry *e) const { archive_entry_free(e); }
};

QString archiveError(archive *a)
{
    const char *text = archive_error_string(a);
    return text ? QString::fromUtf8(text) : u"unreadable archive"_s;
}

QString entryName(archive_entry *entry)
{
    if (const char *utf8 = archive_entry_pathname_utf8(entry))
        return QString::fromUtf8(utf8);
    const char *raw = archive_entry_pathname(entry);
    return raw ? QString::fromLocal8Bit(raw) : QString();
}

QString readEntry(archive *a, archive_entry *entry, Workspace &staging, qint64 &totalBytes,
                  const WorkspaceArchive::Limits &limits)
{
    const QString name = entryName(entry);
    if (name.size() > limits.maxPathLength)
        return u"entry name longer than %1 characters"_s.arg(limits.maxPathLength);
    QString error;
    const QString path = Workspace::normalizePath(name, &error);
    if (!error.isEmpty())
        return error;
    if (archive_entry_hardlink(entry))
        return u"'%1' is a hard link, which is not allowed"_s.arg(name);
    const int mode = int(archive_entry_perm(entry));
    switch (archive_entry_filetype(entry)) {
    case AE_IFDIR:
        return staging.addDirectory(path, mode);
    case AE_IFLNK: {
        const char *utf8 = archive_entry_symlink_utf8(entry);
        return staging.addSymlink(path, utf8 ? QString::fromUtf8(utf8) : QString());
    }
    case AE_IFREG: {
        const la_int64_t declared = archive_entry_size(entry);
        if (declared < 0 || totalBytes + declared > limits.maxTotalBytes)
            return u"the archive unpacks to more than %1 bytes"_s.arg(limits.maxTotalBytes);
        QByteArray data;
        data.reserve(qsizetype(declared));
        char buffer[64 * 1024];
        for (;;) {
            const la_ssize_t got = archive_read_data(a, buffer, sizeof buffer);
            if (got < 0)
                return u"'%1' cannot be read: %2"_s.arg(name, archiveError(a));
            if (got == 0)
                break;
            totalBytes += got;
            if (totalBytes > limits.maxTotalBytes)
                return u"the archive unpacks to more than %1 bytes"_s.arg(limits.maxTotalBytes);
            data.append(buffer, qsizetype(got));
        }
        if (path.isEmpty())
            return u"a file entry has no name"_s;
        return staging.addFile(path, data, mode);
    }
    default:
        return u"'%1' is neither a file, a folder nor a symbolic link"_s.arg(name);
    }
}

la_ssize_t appendToByteArray(archive *, void *clientData, const void *buffer, size_t length)
{
    static_cast<QByteArray *>(clientData)->append(static_cast<const char *>(buffer), qsizetype(length));
    return la_ssize_t(length);
}

} // namespace

QString WorkspaceArchive::extract(const QByteArray &tarGz, Workspace &workspace, const Limits &limits)
{
    std::unique_ptr<archive, ReadCloser> a(archive_read_new());
    archive_read_support_filter_gzip(a.get());
    archive_read_support_format_tar(a.get());
    if (archive_read_open_memory(a.get(), tarGz.constData(), size_t(tarGz.size())) != ARCHIVE_OK)
        return u"not a gzip-compressed tar archive: %1"_s.arg(archiveError(a.get()));

    Workspace staging = workspace;
    qint64 totalBytes = 0;
    int entries = 0;
    for (;;) {
        archive_entry *entry = nullptr;
        const int status = archive_read_next_header(a.get(), &entry);
        if (status == ARCHIVE_EOF)
            break;
        if (status < ARCHIVE_WARN)
            return u"not a valid tar.gz archive: %1"_s.arg(archiveError(a.get()));
        if (archive_filter_code(a.get(), 0) != ARCHIVE_FILTER_GZIP)
            return u"the archive is not gzip-compressed"_s;
        if (++entries > limits.maxEntries)
            return u"the archive has more than %1 entries"_s.arg(limits.maxEntries);
        if (QString error = readEntry(a.get(), entry, staging, totalBytes, limits); !error.isEmpty())
            return error;
    }
    if (entries == 0 && archive_filter_code(a.get(), 0) != ARCHIVE_FILTER_GZIP)
        return u"the archive is not gzip-compressed"_s;
    workspace = staging;
    return {};
}

QByteArray WorkspaceArchive::pack(const Workspace &workspace, const QDateTime &modified)
{
    QByteArray out;
    std::unique_ptr<archive, WriteCloser> a(archive_write_new());
    archive_write_add_filter_gzip(a.get());
    // The same workspace must pack to the same bytes: a resumed download is compared with a whole one, and
    // gzip's header would otherwise carry the second the dump was made.
    archive_write_set_filter_option(a.get(), "gzip", "timestamp", nullptr);
    archive_write_set_format_pax_restricted(a.get());
    archive_write_open(a.get(), &out, nullptr, appendToByteArray, nullptr);

    const time_t mtime = time_t(modified.toSecsSinceEpoch());
    const auto writeEntry = [&](const QString &name, const Workspace::Entry &item) {
        std::unique_ptr<archive_entry, EntryFree> entry(archive_entry_new());
        archive_entry_set_pathname_utf8(entry.get(), name.toUtf8().constData());
        archive_entry_set_mtime(entry.get(), mtime, 0);
        switch (item.type) {
        case Workspace::EntryType::Directory:
            archive_entry_set_filetype(entry.get(), AE_IFDIR);
            archive_entry_set_perm(entry.get(), mode_t(item.mode));
            break;
        case Workspace::EntryType::Symlink:
            archive_entry_set_filetype(entry.get(), AE_IFLNK);
            archive_entry_set_perm(entry.get(), 0777);
            archive_entry_set_symlink_utf8(entry.get(), item.linkTarget.toUtf8().constData());
            break;
        case Workspace::EntryType::File:
            archive_entry_set_filetype(entry.get(), AE_IFREG);
            archive_entry_set_perm(entry.get(), mode_t(item.mode));
            archive_entry_set_size(entry.get(), item.data.size());
            break;
        }
        archive_write_header(a.get(), entry.get());
        if (item.type == Workspace::EntryType::File && !item.data.isEmpty())
            archive_write_data(a.get(), item.data.constData(), size_t(item.data.size()));
    };
    writeEntry(u"."_s, Workspace::Entry{Workspace::EntryType::Directory, 0755, {}, {}});
    for (auto it = workspace.entries().constBegin(); it != workspace.entries().constEnd(); ++it)
        writeEntry(u"./"_s + it.key(), it.value());
    archive_write_close(a.get());
    return out;
}

} // namespace Emulator
