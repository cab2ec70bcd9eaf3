#include "emulator/workspace/workspace.h"

using namespace Qt::StringLiterals;

namespace Emulator {

QString Workspace::normalizePath(const QString &name, QString *error)
{
    if (name.startsWith(u'/')) {
        *error = u"absolute path '%1' is not allowed"_s.arg(name);
        return {};
    }
    QStringList kept;
    for (const QString &part : name.split(u'/')) {
        if (part.isEmpty() || part == u".")
            continue;
        if (part == u"..") {
            *error = u"path '%1' leaves the workspace (..)"_s.arg(name);
            return {};
        }
        kept.append(part);
    }
    return kept.join(u'/');
}

QString Workspace::prepareParents(const QString &path)
{
    const QStringList parts = path.split(u'/');
    QString parent;
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        parent = parent.isEmpty() ? parts.at(i) : parent + u'/' + parts.at(i);
        const auto it = m_entries.constFind(parent);
        if (it == m_entries.constEnd()) {
            m_entries.insert(parent, Entry{EntryType::Directory, 0755, {}, {}});
        } else if (it->type == EntryType::Symlink) {
            return u"'%1' goes through the symbolic link '%2'"_s.arg(path, parent);
        } else if (it->type == EntryType::File) {
            return u"'%1' is below the file '%2'"_s.arg(path, parent);
        }
    }
    return {};
}

// An archive may repeat a member (the later one wins, as with tar), but a folder with content is not replaced
// by a file or a link.
QString Workspace::replaceable(const QString &path, EntryType type) const
{
    const auto it = m_entries.constFind(path);
    if (it == m_entries.constEnd() || type == EntryType::Directory || it->type != EntryType::Directory)
        return {};
    const QString prefix = path + u'/';
    for (auto child = m_entries.constBegin(); child != m_entries.constEnd(); ++child) {
        if (child.key().startsWith(prefix))
            return u"'%1' would replace a non-empty folder"_s.arg(path);
    }
    return {};
}

QString Workspace::addDirectory(const QString &path, int mode)
{
    if (path.isEmpty())
        return {};
    if (QString error = prepareParents(path); !error.isEmpty())
        return error;
    const auto it = m_entries.constFind(path);
    if (it != m_entries.constEnd() && it->type != EntryType::Directory)
        return u"'%1' is already a file or link"_s.arg(path);
    m_entries.insert(path, Entry{EntryType::Directory, mode & 0755, {}, {}});
    return {};
}

QString Workspace::addFile(const QString &path, const QByteArray &data, int mode)
{
    if (path.isEmpty())
        return u"a file entry has no name"_s;
    if (QString error = prepareParents(path); !error.isEmpty())
        return error;
    if (QString error = replaceable(path, EntryType::File); !error.isEmpty())
        return error;
    m_entries.insert(path, Entry{EntryType::File, mode & 0755, data, {}});
    return {};
}

QString Workspace::addSymlink(const QString &path, const QString &target)
{
    if (path.isEmpty())
        return u"a link entry has no name"_s;
    if (target.isEmpty() || target.startsWith(u'/'))
        return u"link '%1' points to an absolute or empty target"_s.arg(path);
    // Resolve lexically from the link's folder: the link must stay inside the workspace. ".." is accepted
    // only at the start of the target, since after a name that could be a link it would climb from elsewhere.
    QStringList resolved = path.split(u'/');
    resolved.removeLast();
    bool descended = false;
    for (const QString &part : target.split(u'/')) {
        if (part.isEmpty() || part == u".")
            continue;
        if (part == u"..") {
            if (resolved.isEmpty() || descended)
                return u"link '%1' points outside the workspace ('%2')"_s.arg(path, target);
            resolved.removeLast();
        } else {
            resolved.append(part);
            descended = true;
        }
    }
    if (QString error = prepareParents(path); !error.isEmpty())
        return error;
    if (QString error = replaceable(path, EntryType::Symlink); !error.isEmpty())
        return error;
    m_entries.insert(path, Entry{EntryType::Symlink, 0777, {}, target});
    return {};
}

QStringList Workspace::paths() const
{
    return m_entries.keys();
}

const Workspace::Entry *Workspace::entry(const QString &path) const
{
    const auto it = m_entries.constFind(path);
    return it == m_entries.constEnd() ? nullptr : &it.value();
}

void Workspace::removeTree(const QString &path)
{
    const QString prefix = path + u'/';
    m_entries.removeIf([&](const auto &item) { return item.key() == path || item.key().startsWith(prefix); });
}

QString Workspace::addTree(const QString &folder, const Workspace &tree)
{
    if (QString error = addDirectory(folder); !error.isEmpty())
        return error;
    for (auto it = tree.m_entries.constBegin(); it != tree.m_entries.constEnd(); ++it) {
        const QString path = folder + u'/' + it.key();
        const Entry &item = it.value();
        QString error;
        switch (item.type) {
        case EntryType::Directory:
            error = addDirectory(path, item.mode);
            break;
        case EntryType::File:
            error = addFile(path, item.data, item.mode);
            break;
        case EntryType::Symlink:
            error = addSymlink(path, item.linkTarget);
            break;
        }
        if (!error.isEmpty())
            return error;
    }
    return {};
}

Workspace Workspace::subtree(const QString &folder) const
{
    const QString prefix = folder + u'/';
    Workspace tree;
    for (auto it = m_entries.constBegin(); it != m_entries.constEnd(); ++it) {
        if (!it.key().startsWith(prefix))
            continue;
        const QString path = it.key().mid(prefix.size());
        const Entry &item = it.value();
        if (item.type == EntryType::Directory)
            tree.addDirectory(path, item.mode);
        else if (item.type == EntryType::File)
            tree.addFile(path, item.data, item.mode);
        else
            tree.addSymlink(path, item.linkTarget); // refused when it leaves `folder`
    }
    return tree;
}

qint64 Workspace::totalFileBytes() const
{
    qint64 total = 0;
    for (const Entry &entry : m_entries)
        total += entry.data.size();
    return total;
}

} // namespace Emulator
