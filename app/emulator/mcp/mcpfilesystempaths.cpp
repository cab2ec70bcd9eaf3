#include "emulator/mcp/mcpfilesystempaths.h"

#include <QHash>
#include <QRegularExpression>

#include <optional>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

constexpr int maxLinkHops = 40; // Linux's limit before ELOOP

// path.resolve's lexical part: "." and empty parts dropped, ".." climbs (never above "/").
QStringList lexicalParts(const QString &absolute)
{
    QStringList parts;
    for (const QString &part : absolute.split(u'/')) {
        if (part.isEmpty() || part == u".")
            continue;
        if (part == u"..") {
            if (!parts.isEmpty())
                parts.removeLast();
            continue;
        }
        parts.append(part);
    }
    return parts;
}

QString display(const QStringList &parts)
{
    return u"/"_s + parts.join(u'/');
}

// The parts below the root, or nullopt when `parts` lie outside it.
std::optional<QStringList> belowRoot(const QStringList &parts)
{
    const QStringList root = lexicalParts(McpFilesystemPaths::root());
    if (parts.mid(0, root.size()) != root)
        return std::nullopt;
    return parts.mid(root.size());
}

} // namespace

QString McpFilesystemPaths::absolute(const QString &path)
{
    return path.isEmpty() ? root() : root() + u'/' + path;
}

QString McpFilesystemPaths::join(const QString &folder, const QString &name)
{
    return folder.isEmpty() ? name : folder + u'/' + name;
}

QString McpFilesystemPaths::nodeError(const QString &code, const QString &syscall, const QString &path)
{
    static const QHash<QString, QString> texts{{u"ENOENT"_s, u"no such file or directory"_s},
                                               {u"EISDIR"_s, u"illegal operation on a directory"_s},
                                               {u"ENOTDIR"_s, u"not a directory"_s},
                                               {u"EEXIST"_s, u"file already exists"_s},
                                               {u"ELOOP"_s, u"too many symbolic links encountered"_s},
                                               {u"EINVAL"_s, u"invalid argument"_s},
                                               {u"EBUSY"_s, u"resource busy or locked"_s}};
    QString text = u"%1: %2, %3"_s.arg(code, texts.value(code), syscall);
    if (!path.isEmpty())
        text += u" '%1'"_s.arg(path);
    return text;
}

McpFilesystemPaths::Resolved McpFilesystemPaths::validate(const Workspace &workspace,
                                                          const QString &requested)
{
    Resolved resolved;
    // Kept from the reference: a drive path on a POSIX host would otherwise become a file named "C:\...".
    static const QRegularExpression windowsDrive(u"^[A-Za-z]:([\\\\/]|$)"_s);
    if (windowsDrive.match(requested).hasMatch()) {
        resolved.error = u"Access denied - Windows-style path received on a POSIX host: "_s + requested;
        return resolved;
    }
    const QStringList requestedParts =
        lexicalParts(requested.startsWith(u'/') ? requested : root() + u'/' + requested);
    std::optional<QStringList> pending = belowRoot(requestedParts);
    if (!pending) {
        resolved.error = u"Access denied - path outside allowed directories: %1 not in %2"_s.arg(
            display(requestedParts), root());
        return resolved;
    }
    // realpath in the workspace: each link met is replaced by its target and the walk restarts from the root.
    QStringList done;
    int hops = 0;
    while (!pending->isEmpty()) {
        const QString part = pending->takeFirst();
        const QString candidate = join(done.join(u'/'), part);
        const Workspace::Entry *entry = workspace.entry(candidate);
        if (!entry) {
            resolved.parentExists = pending->isEmpty();
            resolved.path = (done + QStringList{part} + *pending).join(u'/');
            return resolved;
        }
        if (entry->type == Workspace::EntryType::Symlink) {
            if (++hops > maxLinkHops) {
                resolved.error = nodeError(u"ELOOP"_s, u"realpath"_s, display(requestedParts));
                return resolved;
            }
            const QString from = absolute(done.join(u'/'));
            const QStringList targetParts = lexicalParts(
                entry->linkTarget.startsWith(u'/') ? entry->linkTarget : from + u'/' + entry->linkTarget);
            const std::optional<QStringList> inside = belowRoot(targetParts);
            if (!inside) {
                resolved.error =
                    u"Access denied - symlink target outside allowed directories: %1 not in %2"_s.arg(
                        display(targetParts), root());
                return resolved;
            }
            *pending = *inside + *pending;
            done.clear();
            continue;
        }
        if (entry->type == Workspace::EntryType::File && !pending->isEmpty()) {
            resolved.error = nodeError(u"ENOTDIR"_s, u"realpath"_s, display(requestedParts));
            return resolved;
        }
        done.append(part);
    }
    resolved.path = done.join(u'/');
    resolved.entry = workspace.entry(resolved.path);
    resolved.kind =
        resolved.entry && resolved.entry->type == Workspace::EntryType::File ? Kind::File : Kind::Directory;
    return resolved;
}

QList<QPair<QString, const Workspace::Entry *>> McpFilesystemPaths::children(const Workspace &workspace,
                                                                             const QString &folder)
{
    const QString prefix = folder.isEmpty() ? QString() : folder + u'/';
    const QMap<QString, Workspace::Entry> &all = workspace.entries();
    QList<QPair<QString, const Workspace::Entry *>> found;
    // Keys are sorted, so a folder's descendants follow one another from the first key after its prefix.
    for (auto it = all.lowerBound(prefix); it != all.constEnd() && it.key().startsWith(prefix); ++it) {
        const QString name = it.key().mid(prefix.size());
        if (!name.isEmpty() && !name.contains(u'/'))
            found.append({name, &it.value()});
    }
    return found;
}

} // namespace Emulator
