#include "emulator/blaxel/blaxelfoldersnapshot.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include <optional>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

// The event as the real server builds it from fsnotify's absolute name (sandbox-api/src/handler/
// filesystem.go, HandleWatchDirectory): everything before the last '/' is the path, so an entry of "/" has
// an empty path; nullopt when an ignore pattern is in the full name.
std::optional<BlaxelWatchEvent> event(const QString &op, const QString &sandboxPath, const QString &relative,
                                      const QStringList &ignore)
{
    const QString full = (sandboxPath == u"/" ? QString() : sandboxPath) + u'/' + relative;
    for (const QString &pattern : ignore)
        if (!pattern.isEmpty() && full.contains(pattern))
            return std::nullopt;
    const qsizetype slash = full.lastIndexOf(u'/');
    return BlaxelWatchEvent{op, full.left(slash), full.mid(slash + 1)};
}

} // namespace

BlaxelFolderSnapshot BlaxelFolderSnapshot::take(const QString &realFolder, bool recursive, int maxEntries)
{
    BlaxelFolderSnapshot snapshot;
    const QFileInfo top(realFolder);
    snapshot.m_exists = top.isDir();
    if (!snapshot.m_exists)
        return snapshot;
    // Breadth first, by name: the same entries fall within the bound from one snapshot to the next.
    QStringList pending{QString()};
    while (!pending.isEmpty()) {
        const QString relative = pending.takeFirst();
        const QDir dir(relative.isEmpty() ? realFolder : realFolder + u'/' + relative);
        const QFileInfoList infos = dir.entryInfoList(
            QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
        for (const QFileInfo &info : infos) {
            if (snapshot.m_entries.size() >= maxEntries) {
                snapshot.m_truncated = true;
                return snapshot;
            }
            const QString path = relative.isEmpty() ? info.fileName() : relative + u'/' + info.fileName();
            const bool folder = info.isDir() && !info.isSymLink();
            snapshot.m_entries.insert(
                path, Entry{folder, folder ? 0 : info.size(), info.lastModified().toMSecsSinceEpoch()});
            if (folder && recursive)
                pending.append(path);
        }
    }
    return snapshot;
}

QList<BlaxelWatchEvent> BlaxelFolderSnapshot::changesTo(BlaxelFolderSnapshot &next,
                                                        const QString &sandboxPath,
                                                        const QStringList &ignore) const
{
    QList<BlaxelWatchEvent> events;
    const auto add = [&](const QString &op, const QString &relative) {
        if (std::optional<BlaxelWatchEvent> e = event(op, sandboxPath, relative, ignore))
            events.append(*e);
    };
    // Children after their folder when made, before it when removed, as inotify reports them.
    for (auto it = m_entries.constEnd(); it != m_entries.constBegin();) {
        --it;
        const auto now = next.m_entries.constFind(it.key());
        if (now == next.m_entries.constEnd()) {
            if (next.m_truncated)
                next.m_entries.insert(it.key(), it.value());
            else
                add(u"REMOVE"_s, it.key());
        } else if (now->folder != it->folder) {
            add(u"REMOVE"_s, it.key());
        }
    }
    for (auto it = next.m_entries.constBegin(); it != next.m_entries.constEnd(); ++it) {
        const auto before = m_entries.constFind(it.key());
        const bool created = before == m_entries.constEnd() || before->folder != it->folder;
        if (created)
            add(u"CREATE"_s, it.key());
        // A file made with content is a CREATE then a WRITE to inotify (open with O_CREAT, then write); a
        // folder's own time changes with its entries, which inotify does not report as a WRITE of it.
        if (!it->folder && ((created && it->size > 0) ||
                            (!created && (before->size != it->size || before->modifiedMs != it->modifiedMs))))
            add(u"WRITE"_s, it.key());
    }
    return events;
}

QList<BlaxelWatchEvent> BlaxelFolderSnapshot::removal(const QString &sandboxPath,
                                                      const QStringList &ignore) const
{
    BlaxelFolderSnapshot gone;
    QList<BlaxelWatchEvent> events = changesTo(gone, sandboxPath, ignore);
    const QString folder = sandboxPath == u"/" ? sandboxPath : sandboxPath.section(u'/', 0, -2);
    for (const QString &pattern : ignore)
        if (!pattern.isEmpty() && sandboxPath.contains(pattern))
            return events;
    events.append(BlaxelWatchEvent{u"REMOVE"_s, folder, sandboxPath.section(u'/', -1)});
    return events;
}

} // namespace Emulator
