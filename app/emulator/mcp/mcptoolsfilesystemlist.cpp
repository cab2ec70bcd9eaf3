#include "emulator/mcp/mcptoolsfilesystemlist.h"

#include "emulator/mcp/mcpfilesystempaths.h"
#include "emulator/mcp/mcptoolsfilesystem.h"
#include "emulator/server/globpattern.h"

#include <QJsonDocument>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using Fs = McpToolsFilesystem;
using Paths = McpFilesystemPaths;

// A listing is bounded like a file's content: one reply, one SSE event.
McpToolOutcome bounded(const QString &text, const QString &hint)
{
    if (text.size() > Fs::maxReadBytes)
        return McpToolOutcome::error(
            u"The answer would be %1 characters, over the %2 one reply may hold; %3"_s.arg(text.size())
                .arg(Fs::maxReadBytes)
                .arg(hint));
    return Fs::text(text);
}

// The folder a listing reads, or the error readdir gives.
Paths::Resolved folderOf(const Workspace &workspace, const QString &requested)
{
    Paths::Resolved folder = Paths::validate(workspace, requested);
    if (folder.error.isEmpty() && folder.kind != Paths::Kind::Directory)
        folder.error = Paths::nodeError(folder.kind == Paths::Kind::File ? u"ENOTDIR"_s : u"ENOENT"_s,
                                        u"scandir"_s, folder.absolute());
    return folder;
}

// stat, which follows a link; a link that cannot be followed is 0 bytes, as the reference's catch makes it.
qint64 statSize(const Workspace &workspace, const QString &path, const Workspace::Entry &entry)
{
    if (entry.type == Workspace::EntryType::Directory)
        return McpToolsFilesystemList::folderSize;
    if (entry.type == Workspace::EntryType::File)
        return entry.data.size();
    const Paths::Resolved target = Paths::validate(workspace, Paths::absolute(path));
    if (!target.error.isEmpty() || target.kind == Paths::Kind::Missing)
        return 0;
    return target.kind == Paths::Kind::File ? target.entry->data.size() : McpToolsFilesystemList::folderSize;
}

QString jsonString(const QString &text)
{
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(1, array.size() - 2));
}

// JSON.stringify(tree, null, 2) of [{name, type, children?}], in that key order.
void writeTree(const Workspace &workspace, const QString &folder, const QString &relative,
               const QList<GlobPattern> &excludes, const QString &indent, QStringList &out)
{
    QStringList items;
    for (const auto &[name, entry] : Paths::children(workspace, folder)) {
        const QString path = relative.isEmpty() ? name : relative + u'/' + name;
        if (GlobPattern::anyMatches(excludes, path))
            continue;
        const bool isFolder = entry->type == Workspace::EntryType::Directory;
        const QString inner = indent + u"    "_s;
        QString item = indent + u"  {\n"_s + inner + u"\"name\": "_s + jsonString(name) + u",\n"_s + inner +
                       u"\"type\": \""_s + (isFolder ? u"directory"_s : u"file"_s) + u'"';
        if (isFolder) {
            QStringList children;
            writeTree(workspace, Paths::join(folder, name), path, excludes, inner, children);
            item += u",\n"_s + inner + u"\"children\": "_s + children.join(QString());
        }
        items.append(item + u'\n' + indent + u"  }"_s);
    }
    out.append(items.isEmpty() ? u"[]"_s : u"[\n"_s + items.join(u",\n"_s) + u'\n' + indent + u']');
}

void search(const Workspace &workspace, const QString &root, const QString &folder,
            const GlobPattern &pattern, const QList<GlobPattern> &excludes, QStringList &results)
{
    for (const auto &[name, entry] : Paths::children(workspace, folder)) {
        const QString path = Paths::join(folder, name);
        if (!Paths::validate(workspace, Paths::absolute(path)).error.isEmpty())
            continue; // a link that leads out is skipped, as the reference's validatePath makes it
        const QString relative = root.isEmpty() ? path : path.mid(root.size() + 1);
        if (GlobPattern::anyMatches(excludes, relative))
            continue;
        if (pattern.matches(relative))
            results.append(Paths::absolute(path));
        if (entry->type == Workspace::EntryType::Directory)
            search(workspace, root, path, pattern, excludes, results);
    }
}

} // namespace

QString McpToolsFilesystemList::formatSize(qint64 bytes)
{
    static const QStringList units{u"B"_s, u"KB"_s, u"MB"_s, u"GB"_s, u"TB"_s};
    if (bytes <= 0)
        return u"0 B"_s;
    const auto power = qint64(std::floor(std::log(double(bytes)) / std::log(1024.0)));
    if (power <= 0)
        return u"%1 B"_s.arg(bytes);
    const qint64 unit = std::min<qint64>(power, units.size() - 1);
    return u"%1 %2"_s.arg(double(bytes) / std::pow(1024.0, double(unit)), 0, 'f', 2).arg(units.at(unit));
}

McpToolSpec McpToolsFilesystemList::listDirectory()
{
    McpToolSpec tool = Fs::spec(
        u"filesystem_list_directory"_s, u"List Directory"_s,
        u"Get a detailed listing of all files and directories in a specified path. Results clearly "
        u"distinguish "
        "between files and directories with [FILE] and [DIR] prefixes. Only works within allowed directories."_s,
        QJsonObject{{u"path"_s, Fs::plain(u"string"_s)}}, {u"path"_s}, true, false);
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const Paths::Resolved folder = folderOf(*context.workspace, arguments.value(u"path"_s).toString());
        if (!folder.error.isEmpty())
            return McpToolOutcome::error(folder.error);
        QStringList lines;
        for (const auto &[name, entry] : Paths::children(*context.workspace, folder.path))
            lines.append((entry->type == Workspace::EntryType::Directory ? u"[DIR] "_s : u"[FILE] "_s) +
                         name);
        return bounded(lines.join(u'\n'), u"list a folder deeper down"_s);
    };
    return tool;
}

McpToolSpec McpToolsFilesystemList::listDirectoryWithSizes()
{
    McpToolSpec tool = Fs::spec(
        u"filesystem_list_directory_with_sizes"_s, u"List Directory with Sizes"_s,
        u"Get a detailed listing of all files and directories in a specified path, including sizes. Results "
        "clearly distinguish between files and directories with [FILE] and [DIR] prefixes. Only works within "
        "allowed directories."_s,
        QJsonObject{{u"path"_s, Fs::plain(u"string"_s)},
                    {u"sortBy"_s, QJsonObject{{u"type"_s, u"string"_s},
                                              {u"enum"_s, QJsonArray{u"name"_s, u"size"_s}},
                                              {u"default"_s, u"name"_s},
                                              {u"description"_s, u"Sort entries by name or size"_s}}}},
        {u"path"_s}, true, false);
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const Paths::Resolved folder = folderOf(*context.workspace, arguments.value(u"path"_s).toString());
        if (!folder.error.isEmpty())
            return McpToolOutcome::error(folder.error);
        struct Item
        {
            QString name;
            bool isFolder;
            qint64 size;
        };
        QList<Item> items;
        for (const auto &[name, entry] : Paths::children(*context.workspace, folder.path))
            items.append({name, entry->type == Workspace::EntryType::Directory,
                          statSize(*context.workspace, Paths::join(folder.path, name), *entry)});
        if (arguments.value(u"sortBy"_s).toString() == u"size") {
            std::stable_sort(items.begin(), items.end(),
                             [](const Item &a, const Item &b) { return a.size > b.size; });
        } else {
            // localeCompare's order: letters before case, and lower case first among equals.
            std::stable_sort(items.begin(), items.end(), [](const Item &a, const Item &b) {
                const int folded = a.name.compare(b.name, Qt::CaseInsensitive);
                return folded != 0 ? folded < 0 : a.name > b.name;
            });
        }
        QStringList lines;
        qint64 total = 0;
        qsizetype files = 0;
        for (const Item &item : std::as_const(items)) {
            lines.append((item.isFolder ? u"[DIR] "_s : u"[FILE] "_s) + item.name.leftJustified(30) + u' ' +
                         (item.isFolder ? QString() : formatSize(item.size).rightJustified(10)));
            if (!item.isFolder) {
                ++files;
                total += item.size;
            }
        }
        lines << QString() << u"Total: %1 files, %2 directories"_s.arg(files).arg(items.size() - files)
              << u"Combined size: "_s + formatSize(total);
        return bounded(lines.join(u'\n'), u"list a folder deeper down"_s);
    };
    return tool;
}

McpToolSpec McpToolsFilesystemList::directoryTree()
{
    McpToolSpec tool = Fs::spec(
        u"filesystem_directory_tree"_s, u"Directory Tree"_s,
        u"Get a recursive tree view of files and directories as a JSON structure. Each entry includes "
        u"'name', "
        "'type' (file/directory), and 'children' for directories. Files have no children array, while "
        "directories always have a children array (which may be empty). Only works within allowed "
        "directories."_s,
        QJsonObject{{u"path"_s, Fs::plain(u"string"_s)},
                    {u"excludePatterns"_s,
                     [] {
                         QJsonObject list = Fs::stringList();
                         list.insert(u"default"_s, QJsonArray());
                         return list;
                     }()}},
        {u"path"_s}, true, false);
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const Paths::Resolved folder = folderOf(*context.workspace, arguments.value(u"path"_s).toString());
        if (!folder.error.isEmpty())
            return McpToolOutcome::error(folder.error);
        // The reference excludes a pattern without '*' wherever it names a path segment, and all below it.
        QList<GlobPattern> excludes;
        for (const auto &value : arguments.value(u"excludePatterns"_s).toArray()) {
            const QString pattern = value.toString();
            excludes.append(GlobPattern(pattern));
            if (!pattern.contains(u'*')) {
                excludes.append(GlobPattern(u"**/"_s + pattern));
                excludes.append(GlobPattern(u"**/"_s + pattern + u"/**"_s));
            }
        }
        QStringList out;
        writeTree(*context.workspace, folder.path, QString(), excludes, QString(), out);
        return bounded(out.join(QString()), u"ask for a folder deeper down or exclude more"_s);
    };
    return tool;
}

McpToolSpec McpToolsFilesystemList::searchFiles()
{
    QJsonObject excludes = Fs::stringList();
    excludes.insert(u"default"_s, QJsonArray());
    McpToolSpec tool = Fs::spec(
        u"filesystem_search_files"_s, u"Search Files"_s,
        u"Recursively search for files and directories matching a pattern. The patterns should be glob-style "
        "patterns that match paths relative to the working directory. Use pattern like '*.ext' to match "
        "files "
        "in current directory, and '**/*.ext' to match files in all subdirectories. Returns full paths to "
        "all "
        "matching items. Only searches within allowed directories."_s,
        QJsonObject{{u"path"_s, Fs::plain(u"string"_s)},
                    {u"pattern"_s, Fs::plain(u"string"_s)},
                    {u"excludePatterns"_s, excludes}},
        {u"path"_s, u"pattern"_s}, true, false);
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const Paths::Resolved folder = folderOf(*context.workspace, arguments.value(u"path"_s).toString());
        if (!folder.error.isEmpty())
            return McpToolOutcome::error(folder.error);
        QStringList excludePatterns;
        for (const auto &pattern : arguments.value(u"excludePatterns"_s).toArray())
            excludePatterns.append(pattern.toString());
        QStringList results;
        search(*context.workspace, folder.path, folder.path,
               GlobPattern(arguments.value(u"pattern"_s).toString()), GlobPattern::compile(excludePatterns),
               results);
        return bounded(results.isEmpty() ? u"No matches found"_s : results.join(u'\n'),
                       u"narrow the pattern or exclude more"_s);
    };
    return tool;
}

} // namespace Emulator
