#pragma once

// Builds tar archives in memory for the tests, including the hostile kinds a careful extractor must refuse.

#include <QByteArray>
#include <QList>
#include <QString>

#include <archive.h>
#include <archive_entry.h>

namespace EmulatorTest {

struct TarEntry
{
    enum Kind
    {
        File,
        Directory,
        Symlink,
        Hardlink,
        Fifo
    };
    QString name;
    Kind kind = File;
    QByteArray data;
    QString target;
};

inline la_ssize_t appendTo(archive *, void *clientData, const void *buffer, size_t length)
{
    static_cast<QByteArray *>(clientData)->append(static_cast<const char *>(buffer), qsizetype(length));
    return la_ssize_t(length);
}

inline QByteArray makeTar(const QList<TarEntry> &entries, bool gzip = true)
{
    QByteArray out;
    archive *a = archive_write_new();
    if (gzip)
        archive_write_add_filter_gzip(a);
    archive_write_set_format_pax_restricted(a);
    archive_write_open(a, &out, nullptr, appendTo, nullptr);
    for (const TarEntry &item : entries) {
        archive_entry *entry = archive_entry_new();
        archive_entry_set_pathname_utf8(entry, item.name.toUtf8().constData());
        archive_entry_set_mtime(entry, 1700000000, 0);
        switch (item.kind) {
        case TarEntry::File:
            archive_entry_set_filetype(entry, AE_IFREG);
            archive_entry_set_perm(entry, 0644);
            archive_entry_set_size(entry, item.data.size());
            break;
        case TarEntry::Directory:
            archive_entry_set_filetype(entry, AE_IFDIR);
            archive_entry_set_perm(entry, 0755);
            break;
        case TarEntry::Symlink:
            archive_entry_set_filetype(entry, AE_IFLNK);
            archive_entry_set_perm(entry, 0777);
            archive_entry_set_symlink_utf8(entry, item.target.toUtf8().constData());
            break;
        case TarEntry::Hardlink:
            archive_entry_set_filetype(entry, AE_IFREG);
            archive_entry_set_perm(entry, 0644);
            archive_entry_set_hardlink_utf8(entry, item.target.toUtf8().constData());
            break;
        case TarEntry::Fifo:
            archive_entry_set_filetype(entry, AE_IFIFO);
            archive_entry_set_perm(entry, 0644);
            break;
        }
        archive_write_header(a, entry);
        if (item.kind == TarEntry::File && !item.data.isEmpty())
            archive_write_data(a, item.data.constData(), size_t(item.data.size()));
        archive_entry_free(entry);
    }
    archive_write_close(a);
    archive_write_free(a);
    return out;
}

} // namespace EmulatorTest
