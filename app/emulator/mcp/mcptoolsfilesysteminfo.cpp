#include "emulator/mcp/mcptoolsfilesysteminfo.h"

#include "emulator/mcp/mcpfilesystempaths.h"
#include "emulator/mcp/mcptoolsfilesystem.h"
#include "emulator/mcp/mcptoolsfilesystemlist.h"

#include <QDateTime>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using Fs = McpToolsFilesystem;
using Paths = McpFilesystemPaths;

// Date.prototype.toString in UTC, as the VM prints it.
QString dateText(const QDateTime &moment)
{
    return QLocale::c().toString(moment.toUTC(), u"ddd MMM dd yyyy HH:mm:ss"_s) +
           u" GMT+0000 (Coordinated Universal Time)"_s;
}

} // namespace

McpToolSpec McpToolsFilesystemInfo::getFileInfo()
{
    McpToolSpec tool = Fs::spec(
        u"filesystem_get_file_info"_s, u"Get File Info"_s,
        u"Retrieve detailed metadata about a file or directory. Returns comprehensive information including "
        "size, creation time, last modified time, permissions, and type. Only works within allowed "
        "directories."_s,
        QJsonObject{{u"path"_s, Fs::plain(u"string"_s)}}, {u"path"_s}, true, false);
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const Paths::Resolved item =
            Paths::validate(*context.workspace, arguments.value(u"path"_s).toString());
        if (!item.error.isEmpty())
            return McpToolOutcome::error(item.error);
        if (item.kind == Paths::Kind::Missing)
            return McpToolOutcome::error(Paths::nodeError(u"ENOENT"_s, u"stat"_s, item.absolute()));
        const bool isFile = item.kind == Paths::Kind::File;
        // The workspace keeps no times: each is the moment of the call.
        const QString now = dateText(QDateTime::currentDateTimeUtc());
        const int mode = item.entry ? item.entry->mode : 0755;
        return Fs::text(QStringList{
            u"size: %1"_s.arg(isFile ? item.entry->data.size() : McpToolsFilesystemList::folderSize),
            u"created: "_s + now, u"modified: "_s + now, u"accessed: "_s + now,
            u"isDirectory: "_s + (isFile ? u"false"_s : u"true"_s),
            u"isFile: "_s + (isFile ? u"true"_s : u"false"_s),
            u"permissions: "_s + QString::number(mode, 8).right(3)}
                            .join(u'\n'));
    };
    return tool;
}

McpToolSpec McpToolsFilesystemInfo::listAllowedDirectories()
{
    McpToolSpec tool = Fs::spec(u"filesystem_list_allowed_directories"_s, u"List Allowed Directories"_s,
                                u"Returns the list of directories that this server is allowed to access. "
                                "Subdirectories within these allowed directories are also accessible."_s,
                                QJsonObject(), {}, true, false);
    tool.run = [](McpToolContext &, const QJsonObject &) {
        return Fs::text(u"Allowed directories:\n"_s + Paths::root());
    };
    return tool;
}

} // namespace Emulator
