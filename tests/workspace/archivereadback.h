#pragma once

// Reads a .tar.gz back with libarchive, entry by entry, for comparing what a packer wrote with what it was
// given: one line per entry (path, type, size, mode, link target), the file contents, and any error.
#include "workspace/utf8threadlocale.h"

#include <QFile>
#include <QHash>
#include <QString>
#include <QStringList>

#include <archive.h>
#include <archive_entry.h>

namespace ArchiveReadBack {

using namespace Qt::StringLiterals;

// One line per entry, in archive order, so that a failure shows the whole difference.
inline QString describe(const QString &path, const char *type, qint64 size, int perm,
                        const QString &link = {})
{
    return u"%1 %2 %3 %4%5"_s.arg(path, QLatin1StringView(type))
        .arg(size)
        .arg(perm, 4, 8, QChar(u'0'))
        .arg(link.isEmpty() ? QString() : u" -> "_s + link);
}

struct ReadBack
{
    QStringList entries;
    QHash<QString, QByteArray> contents;
    QString error;
};

// libarchive's reader mangles non-ASCII directory names in a non-UTF-8 locale: read in a UTF-8 one, on this
// thread only, so that the packer itself is still tested in whatever locale the suite runs in.
inline ReadBack readArchive(const QString &path)
{
    const Utf8ThreadLocale utf8;
    ReadBack result;
    struct archive *reader = archive_read_new();
    archive_read_support_filter_gzip(reader);
    archive_read_support_format_tar(reader);
    if (archive_read_open_filename(reader, QFile::encodeName(path).constData(), 65536) != ARCHIVE_OK) {
        result.error = QString::fromUtf8(archive_error_string(reader));
        archive_read_free(reader);
        return result;
    }
    struct archive_entry *entry = nullptr;
    int status = ARCHIVE_OK;
    // ARCHIVE_WARN: in a non-UTF-8 locale the reader warns that it cannot convert a name; the UTF-8 form
    // read below is still right.
    while ((status = archive_read_next_header(reader, &entry)) == ARCHIVE_OK || status == ARCHIVE_WARN) {
        QString name = QString::fromUtf8(archive_entry_pathname_utf8(entry));
        if (name.endsWith(u'/'))
            name.chop(1);
        const auto isEmpty = [](const char *text) { return !text || !*text; };
        if (archive_entry_uid(entry) != 0 || archive_entry_gid(entry) != 0 ||
            !isEmpty(archive_entry_uname(entry)) || !isEmpty(archive_entry_gname(entry)))
            result.error = u"%1 has an owner"_s.arg(name);
        const int perm = static_cast<int>(archive_entry_perm(entry));
        switch (archive_entry_filetype(entry)) {
        case AE_IFREG: {
            result.entries << describe(name, "file", archive_entry_size(entry), perm);
            QByteArray content;
            char chunk[65536];
            la_ssize_t n = 0;
            while ((n = archive_read_data(reader, chunk, sizeof chunk)) > 0)
                content.append(chunk, n);
            result.contents.insert(name, content);
            break;
        }
        case AE_IFDIR:
            result.entries << describe(name, "dir", archive_entry_size(entry), perm);
            break;
        case AE_IFLNK:
            result.entries << describe(name, "link", archive_entry_size(entry), perm,
                                       QString::fromUtf8(archive_entry_symlink_utf8(entry)));
            break;
        default:
            result.entries << describe(name, "other", archive_entry_size(entry), perm);
        }
    }
    if (status != ARCHIVE_EOF)
        result.error = QString::fromUtf8(archive_error_string(reader));
    archive_read_free(reader);
    return result;
}

} // namespace ArchiveReadBack
