#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

namespace Emulator {

// A local sandbox's workspace, kept in memory: nothing an uploaded archive says can touch the machine the
// emulator runs on. Paths are relative, '/'-separated, without "." or ".." components.
class Workspace
{
public:
    enum class EntryType
    {
        File,
        Directory,
        Symlink
    };
    struct Entry
    {
        EntryType type = EntryType::File;
        int mode = 0644;
        QByteArray data;    // files
        QString linkTarget; // symlinks, relative
    };

    // Turns an archive member name into a workspace path: strips leading "./" and "." components. Answers an
    // empty path for the root itself, and sets `error` for an absolute path or one with "..".
    static QString normalizePath(const QString &name, QString *error);

    // Each add answers an error text when the entry is refused (empty when accepted). Missing parent folders
    // are created; an entry below a file or a symlink is refused.
    QString addDirectory(const QString &path, int mode = 0755);
    QString addFile(const QString &path, const QByteArray &data, int mode = 0644);
    QString addSymlink(const QString &path, const QString &target);

    QStringList paths() const; // sorted
    const Entry *entry(const QString &path) const;
    const QMap<QString, Entry> &entries() const { return m_entries; }
    qint64 totalFileBytes() const;
    bool isEmpty() const { return m_entries.isEmpty(); }
    void clear() { m_entries.clear(); }
    // Removes `path` and, for a folder, everything below it.
    void removeTree(const QString &path);
    // Adds every entry of `tree` below the folder `folder` (created); the first refusal's text, empty on
    // success (this workspace may then hold part of it).
    QString addTree(const QString &folder, const Workspace &tree);
    // What is below `folder`, with paths relative to it; a link that points out of it is left out.
    Workspace subtree(const QString &folder) const;

private:
    QString prepareParents(const QString &path);
    QString replaceable(const QString &path, EntryType type) const;

    QMap<QString, Entry> m_entries;
};

} // namespace Emulator
