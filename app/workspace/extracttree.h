#pragma once

#include "workspace/extractpathset.h"

#include <QByteArray>
#include <QString>

// File-system operations inside the staging folder, by paths built from checked relative ones (the
// process working directory is never used or changed). No symbolic link exists in the tree until the
// very end, and every open uses O_NOFOLLOW, so nothing is ever written through a link.
// Per entry the work is constant: folders made or checked once are remembered, and files are created
// relative to a descriptor of their folder, which consecutive entries share.
// Every call returns an error message, empty on success.
class ExtractTree
{
public:
    enum class Kind
    {
        Missing,
        File,
        Folder,
        Other
    };

    ExtractTree(const QByteArray &root, const QString &spaceFolder);
    ~ExtractTree();
    Q_DISABLE_COPY_MOVE(ExtractTree)

    Kind kind(const QByteArray &relative) const;
    // Creates every missing folder on the way (mode 0755); an existing component must be a real folder.
    QString makeFolders(const QByteArray &relative);
    // Creates a new file for writing, mode 0755 or 0644; a regular file already there is replaced
    // (*replaced set to true).
    QString createFile(const QByteArray &relative, bool executable, int *fd, bool *replaced);
    // Writes at offset: a sparse entry's holes are never written, so they stay holes on disk.
    QString writeAt(int fd, const char *data, qsizetype size, qint64 offset, const QByteArray &relative);
    // Extends the file to size with a hole (a sparse entry that ends in one).
    QString resize(int fd, qint64 size, const QByteArray &relative);
    // Sets the archive's modification time (and the mode, if the umask kept it from the creation), then
    // closes fd whatever happens.
    QString closeFile(int fd, const QByteArray &relative, bool executable, qint64 mtime, long mtimeNsec);
    // Makes relative a hard link to the regular file target, both inside the tree; a regular file already
    // at relative is replaced. Where the file system has no hard links, copies target instead, refusing
    // with overBudget if it holds more than maxCopyBytes. *copiedBytes says what a copy wrote.
    QString linkFile(const QByteArray &target, const QByteArray &relative, qint64 maxCopyBytes,
                     const QString &overBudget, qint64 *copiedBytes, bool *replaced);
    // Replaces a regular file at relative if there is one.
    QString makeLink(const QByteArray &relative, const QByteArray &target);
    QString removeFile(const QByteArray &relative);

    qint64 foldersCreated() const { return m_foldersCreated; }
    static QString conflictMessage(const QByteArray &relative);

private:
    QByteArray absolute(const QByteArray &relative) const;
    // What failed, so that the message is one whole sentence per action (for translators).
    enum class Action
    {
        SetPermissions,
        SetTime,
        CreateFolder,
        OpenFolder,
        Create,
        Replace,
        Read,
        Write,
        CreateHardLink,
        CreateLink,
    };
    QString systemError(int error, Action action, const QByteArray &relative) const;
    // A descriptor of the folder that holds relative, and the last component of relative.
    QString openParent(const QByteArray &relative, int *folderFd, QByteArray *name);
    // Frees the name for a new entry: a regular file there is removed (*replaced), anything else refused.
    QString clearName(int folderFd, const QByteArray &name, const QByteArray &relative, bool *replaced);
    QString copyFile(const QByteArray &target, int folderFd, const QByteArray &name,
                     const QByteArray &relative, qint64 maxCopyBytes, const QString &overBudget,
                     qint64 *copiedBytes);

    QByteArray m_root;
    QString m_spaceFolder;
    ExtractPathSet m_folders; // made or found to be real folders; a folder is never replaced later
    QByteArray m_parentPath;  // the folder m_parentFd is open on
    int m_parentFd = -1;
    bool m_umaskKeepsModes = false; // files and folders are created with their final mode
    qint64 m_foldersCreated = 0;
};
