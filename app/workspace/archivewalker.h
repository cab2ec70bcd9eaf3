#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>

// One thing found on disk, as it will be stored in the archive.
struct ArchiveWalkEntry
{
    enum class Type
    {
        File,
        Directory,
        Symlink,
        Special
    };

    Type type = Type::File;
    QString archivePath;  // relative, '/'-separated, no trailing slash
    QByteArray diskPath;  // absolute, in the file system's encoding
    qint64 size = 0;      // regular files only
    uint permissions = 0; // st_mode & 07777, as on disk
    qint64 mtime = 0;     // seconds; sub-second parts are dropped so that headers stay plain ustar
    QString linkTarget;   // symlinks: the link's text, as is (never resolved)
    QString skipReason;   // Special: why it is not archived
};

// Walks the sources for packing: never follows a symlink (lstat only), visits each directory's entries in
// byte order of their names, so that the same tree always gives the same archive. Streams the entries to a
// visitor instead of building a list, so memory does not grow with the number of files.
//
// Root rule: one source that is a directory has its contents at the archive root; otherwise every source
// (file, directory or link) appears at the root under its base name.
class ArchiveWalker
{
public:
    // Return false to stop the walk (a cancel); walk() then returns false with an empty error.
    using Visitor = std::function<bool(const ArchiveWalkEntry &entry)>;

    // Returns false when stopped or on an error, which is then set in *error.
    static bool walk(const QStringList &sources, const Visitor &visit, QString *error);

private:
    explicit ArchiveWalker(const Visitor &visit) : m_visit(visit) {}
    bool visitPath(const QByteArray &diskPath, const QString &archivePath);
    bool walkDirectory(const QByteArray &diskPath, const QString &archivePrefix);
    bool fail(const QString &message);

    const Visitor &m_visit;
    QString m_error;
};
