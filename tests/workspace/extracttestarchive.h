#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

// One entry of an archive built by a test. Bodies can be streamed (zeros, random bytes) so that bombs
// and large archives never sit in memory.
struct TestEntry
{
    enum class Kind
    {
        File,
        Folder,
        Symlink,
        Hardlink,
        CharDevice,
        BlockDevice,
        Fifo
    };

    Kind kind = Kind::File;
    QByteArray path;
    QByteArray data;
    int mode = 0644;
    QByteArray link; // symlink or hard link target
    qint64 zeroBytes = 0;
    qint64 randomBytes = 0;
};

// Builds test archives with libarchive's writer (pax restricted, gzip), plus raw tar bytes for the
// hand-edited hostile cases.
class ExtractTestArchive
{
public:
    static constexpr qint64 kMtime = 1'700'000'000;
    using EntryAt = std::function<TestEntry(qint64 index)>;

    static TestEntry file(const QByteArray &path, const QByteArray &data = {}, int mode = 0644);
    static TestEntry folder(const QByteArray &path, int mode = 0755);
    static TestEntry symlink(const QByteArray &path, const QByteArray &target);
    static TestEntry hardlink(const QByteArray &path, const QByteArray &target);
    static TestEntry special(TestEntry::Kind kind, const QByteArray &path);

    // A .tar.gz, or a plain .tar when gzip is false. Returns false (with a warning) on failure.
    static bool write(const QString &fileName, const QList<TestEntry> &entries, bool gzip = true);
    // A .tar.gz of count entries made one at a time, for archives too large to list in memory.
    static bool writeGenerated(const QString &fileName, qint64 count, const EntryAt &entryAt);
    // The uncompressed tar bytes of small entries.
    static QByteArray tar(const QList<TestEntry> &entries);
    // gzip-compresses arbitrary bytes (libarchive's "raw" writer), for hand-made tar streams. The output
    // has no padding: concatenated, such files form one multi-member gzip stream.
    static bool writeGzip(const QString &fileName, const QByteArray &bytes);
    static QByteArray gzipped(const QByteArray &bytes, const QString &scratchFile);

    // Hand-made tar pieces for what libarchive's writer refuses to produce: a 512-byte ustar header
    // (type '0' file, 'x' pax extension) and a pax extension block holding "key=value" records.
    static QByteArray ustarHeader(const QByteArray &name, qint64 size, char type = '0');
    static QByteArray paxExtension(const QList<QByteArray> &records);
    // A sparse file (pax, GNU sparse 0.1) of realSize bytes whose only data is data at dataOffset.
    static QByteArray sparseEntry(const QByteArray &name, qint64 realSize, qint64 dataOffset,
                                  const QByteArray &data);
    static QByteArray padded(const QByteArray &body); // to a multiple of 512 bytes

    static QByteArray readFile(const QString &fileName);
    static bool writeFile(const QString &fileName, const QByteArray &bytes);
};
