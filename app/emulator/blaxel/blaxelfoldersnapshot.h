#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace Emulator {

// One change a watch reports, as the sandbox API's FileEvent carries it: `path` the folder of the changed
// entry, `name` the entry's own name.
struct BlaxelWatchEvent
{
    QString op; // CREATE, WRITE or REMOVE
    QString path;
    QString name;
};

// What a watched folder held at one moment, for telling what changed since: the real server is told by
// inotify (fsnotify), which the emulator replaces with snapshots taken every few hundred milliseconds, so
// that a watch over a whole tree needs no watch per subfolder. Entries are the folder's own or, recursive,
// every one below it (symbolic links are listed, never followed), at most `maxEntries`, in a fixed order.
class BlaxelFolderSnapshot
{
public:
    static BlaxelFolderSnapshot take(const QString &realFolder, bool recursive, int maxEntries);

    bool exists() const { return m_exists; }
    // More entries were there than the bound: the ones past it are unknown, not gone.
    bool truncated() const { return m_truncated; }
    qsizetype size() const { return m_entries.size(); }

    // The events that lead from this snapshot to `next`, for a folder whose sandbox path is `sandboxPath`,
    // leaving out entries whose full path contains one of `ignore` (the real server's strings.Contains).
    // An entry of `this` missing from a truncated `next` is kept in `next` rather than reported REMOVEd. Past
    // the bound the window moves as entries before it come and go: one moving into it is reported CREATEd.
    QList<BlaxelWatchEvent> changesTo(BlaxelFolderSnapshot &next, const QString &sandboxPath,
                                      const QStringList &ignore) const;
    // The whole folder gone: every entry REMOVEd, children first, then the folder itself.
    QList<BlaxelWatchEvent> removal(const QString &sandboxPath, const QStringList &ignore) const;

private:
    struct Entry
    {
        bool folder = false;
        qint64 size = 0;
        qint64 modifiedMs = 0;
    };

    QMap<QString, Entry> m_entries; // by path relative to the folder, '/' separated
    bool m_exists = false;
    bool m_truncated = false;
};

} // namespace Emulator
