#include "extracttestarchive.h"

#include <QBuffer>
#include <QFile>
#include <QRandomGenerator>

#include <archive.h>
#include <archive_entry.h>

#include <vector>

namespace {
constexpr qint64 kChunk = 64 * 1024;

la_ssize_t writeToDevice(struct archive *, void *client, const void *buffer, size_t size)
{
    return la_ssize_t(
        static_cast<QIODevice *>(client)->write(static_cast<const char *>(buffer), qint64(size)));
}

bool writeStreamed(struct archive *writer, qint64 bytes, bool random)
{
    std::vector<quint32> chunk(kChunk / sizeof(quint32), 0);
    while (bytes > 0) {
        const qint64 size = std::min(bytes, kChunk);
        if (random)
            QRandomGenerator::global()->fillRange(chunk.data(), chunk.size());
        if (archive_write_data(writer, chunk.data(), size_t(size)) != size)
            return false;
        bytes -= size;
    }
    return true;
}

bool writeEntries(QIODevice *device, qint64 count, const ExtractTestArchive::EntryAt &entryAt, bool gzip,
                  bool fastest = false)
{
    struct archive *writer = archive_write_new();
    archive_write_set_format_pax_restricted(writer);
    if (gzip) {
        archive_write_add_filter_gzip(writer);
        // The fastest level keeps an archive of a million headers quick to make.
        if (fastest)
            archive_write_set_filter_option(writer, "gzip", "compression-level", "1");
    }
    bool ok = archive_write_open(writer, device, nullptr, writeToDevice, nullptr) == ARCHIVE_OK;
    for (qint64 index = 0; index < count && ok; ++index) {
        const TestEntry e = entryAt(index);
        struct archive_entry *entry = archive_entry_new();
        archive_entry_copy_pathname(entry, e.path.constData());
        archive_entry_set_perm(entry, mode_t(e.mode));
        archive_entry_set_mtime(entry, ExtractTestArchive::kMtime, 0);
        switch (e.kind) {
        case TestEntry::Kind::File:
            archive_entry_set_filetype(entry, AE_IFREG);
            archive_entry_set_size(entry, e.data.size() + e.zeroBytes + e.randomBytes);
            break;
        case TestEntry::Kind::Folder:
            archive_entry_set_filetype(entry, AE_IFDIR);
            break;
        case TestEntry::Kind::Symlink:
            archive_entry_set_filetype(entry, AE_IFLNK);
            archive_entry_copy_symlink(entry, e.link.constData());
            break;
        case TestEntry::Kind::Hardlink:
            archive_entry_set_filetype(entry, AE_IFREG);
            archive_entry_copy_hardlink(entry, e.link.constData());
            break;
        case TestEntry::Kind::CharDevice:
        case TestEntry::Kind::BlockDevice:
            archive_entry_set_filetype(entry, e.kind == TestEntry::Kind::CharDevice ? AE_IFCHR : AE_IFBLK);
            archive_entry_set_rdevmajor(entry, 1);
            archive_entry_set_rdevminor(entry, 3);
            break;
        case TestEntry::Kind::Fifo:
            archive_entry_set_filetype(entry, AE_IFIFO);
            break;
        }
        // WARN is expected for names that are not UTF-8: libarchive then stores them as raw bytes.
        const int result = archive_write_header(writer, entry);
        ok = result == ARCHIVE_OK || result == ARCHIVE_WARN;
        if (ok && e.kind == TestEntry::Kind::File) {
            ok = archive_write_data(writer, e.data.constData(), size_t(e.data.size())) == e.data.size() &&
                 writeStreamed(writer, e.zeroBytes, false) && writeStreamed(writer, e.randomBytes, true);
        }
        if (!ok)
            qWarning("archive_write failed for %s: %s", e.path.constData(), archive_error_string(writer));
        archive_entry_free(entry);
    }
    ok = archive_write_close(writer) == ARCHIVE_OK && ok;
    archive_write_free(writer);
    return ok;
}

bool writeEntries(QIODevice *device, const QList<TestEntry> &entries, bool gzip)
{
    return writeEntries(
        device, entries.size(), [&entries](qint64 index) { return entries.at(index); }, gzip);
}
} // namespace

TestEntry ExtractTestArchive::file(const QByteArray &path, const QByteArray &data, int mode)
{
    TestEntry entry;
    entry.path = path;
    entry.data = data;
    entry.mode = mode;
    return entry;
}

TestEntry ExtractTestArchive::folder(const QByteArray &path, int mode)
{
    TestEntry entry;
    entry.kind = TestEntry::Kind::Folder;
    entry.path = path;
    entry.mode = mode;
    return entry;
}

TestEntry ExtractTestArchive::symlink(const QByteArray &path, const QByteArray &target)
{
    TestEntry entry;
    entry.kind = TestEntry::Kind::Symlink;
    entry.path = path;
    entry.link = target;
    entry.mode = 0777;
    return entry;
}

TestEntry ExtractTestArchive::hardlink(const QByteArray &path, const QByteArray &target)
{
    TestEntry entry = symlink(path, target);
    entry.kind = TestEntry::Kind::Hardlink;
    entry.mode = 0644;
    return entry;
}

TestEntry ExtractTestArchive::special(TestEntry::Kind kind, const QByteArray &path)
{
    TestEntry entry;
    entry.kind = kind;
    entry.path = path;
    return entry;
}

bool ExtractTestArchive::write(const QString &fileName, const QList<TestEntry> &entries, bool gzip)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && writeEntries(&file, entries, gzip);
}

bool ExtractTestArchive::writeGenerated(const QString &fileName, qint64 count, const EntryAt &entryAt)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && writeEntries(&file, count, entryAt, true, true);
}

QByteArray ExtractTestArchive::tar(const QList<TestEntry> &entries)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    return writeEntries(&buffer, entries, false) ? buffer.data() : QByteArray();
}

bool ExtractTestArchive::writeGzip(const QString &fileName, const QByteArray &bytes)
{
    QFile file(fileName);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    struct archive *writer = archive_write_new();
    archive_write_set_format_raw(writer);
    archive_write_add_filter_gzip(writer);
    // No zero padding after the gzip data, so that outputs can be concatenated into gzip members.
    archive_write_set_bytes_in_last_block(writer, 1);
    bool ok = archive_write_open(writer, &file, nullptr, writeToDevice, nullptr) == ARCHIVE_OK;
    struct archive_entry *entry = archive_entry_new();
    archive_entry_set_pathname(entry, "data");
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_entry_set_size(entry, bytes.size());
    ok = ok && archive_write_header(writer, entry) == ARCHIVE_OK &&
         archive_write_data(writer, bytes.constData(), size_t(bytes.size())) == bytes.size();
    archive_entry_free(entry);
    ok = archive_write_close(writer) == ARCHIVE_OK && ok;
    archive_write_free(writer);
    return ok;
}

QByteArray ExtractTestArchive::gzipped(const QByteArray &bytes, const QString &scratchFile)
{
    return writeGzip(scratchFile, bytes) ? readFile(scratchFile) : QByteArray();
}

QByteArray ExtractTestArchive::ustarHeader(const QByteArray &name, qint64 size, char type)
{
    QByteArray header(512, '\0');
    const auto put = [&header](int offset, const QByteArray &field) {
        header.replace(offset, field.size(), field);
    };
    put(0, name.left(100));
    put(100, "0000644");
    put(108, "0000000");
    put(116, "0000000");
    put(124, QByteArray::number(size, 8).rightJustified(11, '0'));
    put(136, QByteArray::number(kMtime, 8).rightJustified(11, '0'));
    put(148, "        ");
    header[156] = type;
    put(257, QByteArray("ustar\0", 6));
    put(263, "00");
    int sum = 0;
    for (const char c : std::as_const(header))
        sum += uchar(c);
    put(148, QByteArray::number(sum, 8).rightJustified(6, '0') + QByteArray("\0 ", 2));
    return header;
}

QByteArray ExtractTestArchive::paxExtension(const QList<QByteArray> &records)
{
    QByteArray body;
    for (const QByteArray &record : records) {
        // Each record is "<length> key=value\n", the length counting its own digits.
        qsizetype length = record.size() + 2;
        while (QByteArray::number(length).size() + record.size() + 2 != length)
            ++length;
        body += QByteArray::number(length) + ' ' + record + '\n';
    }
    return ustarHeader("PaxHeader/entry", body.size(), 'x') + padded(body);
}

QByteArray ExtractTestArchive::sparseEntry(const QByteArray &name, qint64 realSize, qint64 dataOffset,
                                           const QByteArray &data)
{
    // GNU sparse format 0.1 in pax records: the header's size is the stored data, the map says where it
    // goes, and GNU.sparse.size is the size of the file it describes.
    const QByteArray map = QByteArray::number(dataOffset) + ',' + QByteArray::number(data.size());
    return paxExtension({"GNU.sparse.size=" + QByteArray::number(realSize), "GNU.sparse.map=" + map}) +
           ustarHeader(name, data.size()) + padded(data);
}

QByteArray ExtractTestArchive::padded(const QByteArray &body)
{
    QByteArray result = body;
    result.append((512 - body.size() % 512) % 512, '\0');
    return result;
}

QByteArray ExtractTestArchive::readFile(const QString &fileName)
{
    QFile file(fileName);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool ExtractTestArchive::writeFile(const QString &fileName, const QByteArray &bytes)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}
