#pragma once

#include <QByteArray>
#include <QString>

// The fresh folder an extraction writes into: ".<target>.partial-XXXXXX" beside the target, so that the
// final rename stays on one file system and is atomic. Removed on destruction unless committed, so that
// any early return, failure or cancel leaves nothing behind.
class ExtractStaging
{
public:
    ExtractStaging() = default;
    ~ExtractStaging();
    Q_DISABLE_COPY_MOVE(ExtractStaging)

    // Checks the target (absent, or an empty folder) and creates the staging folder; error or empty.
    QString prepare(const QString &targetDir);
    // Why `targetDir` cannot take an extraction (it exists and is no folder, or has something in it); empty
    // for a new or empty folder. The one home of that rule: the job, the GUI's folder choice and prepare().
    static QString targetProblem(const QString &targetDir);
    // Renames the staging folder onto the target; error or empty. An empty target folder is replaced.
    QString commit();

    const QByteArray &root() const { return m_root; }
    // The folder that holds target and staging, for "The disk is full: not enough space in ..." messages.
    const QString &parentFolder() const { return m_parentFolder; }

    // Deletes a tree without following any symbolic link in it.
    static bool removeTree(const QByteArray &path);

private:
    QByteArray m_root;
    QByteArray m_target;
    QString m_targetFolder;
    QString m_parentFolder;
    bool m_committed = false;
};
