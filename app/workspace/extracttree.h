#pragma once

#include <QByteArray>
#include <QString>

// File-system operations inside the staging folder, by absolute paths built from checked relative ones
// (the process working directory is never used or changed). No symbolic link exists in the tree until the
// very end, and every open uses O_NOFOLLOW, so nothing is ever written through a link.
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

    Kind kind(const QByteArray &relative) const;
    // Creates every missing folder on the way (mode 0755); an existing component must be a real folder.
    QString makeFolders(const QByteArray &relative);
    // Creates a new file for writing; a regular file already there is replaced (*replaced set to true).
    QString createFile(const QByteArray &relative, int *fd, bool *replaced);
    QString write(int fd, const char *data, qsizetype size, const QByteArray &relative);
    // Sets the masked mode and the archive's modification time, then closes fd whatever happens.
    QString closeFile(int fd, const QByteArray &relative, bool executable, qint64 mtime, long mtimeNsec);
    // Replaces a regular file at relative if there is one.
    QString makeLink(const QByteArray &relative, const QByteArray &target);
    QString removeFile(const QByteArray &relative);

    qint64 foldersCreated() const { return m_foldersCreated; }
    static QString conflictMessage(const QByteArray &relative);

private:
    QByteArray absolute(const QByteArray &relative) const;
    QString systemError(int error, const QString &action, const QByteArray &relative) const;

    QByteArray m_root;
    QString m_spaceFolder;
    QByteArray m_lastFolder; // most entries share the folder of the previous one
    qint64 m_foldersCreated = 0;
};
