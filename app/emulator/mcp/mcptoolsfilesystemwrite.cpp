#include "emulator/mcp/mcptoolsfilesystemwrite.h"

#include "emulator/mcp/mcpfileedits.h"
#include "emulator/mcp/mcpfilesystempaths.h"
#include "emulator/mcp/mcptoolsfilesystem.h"
#include "emulator/mcp/mcptoolsfilesystemread.h"
#include "emulator/mcp/mcpunifieddiff.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using Fs = McpToolsFilesystem;
using Paths = McpFilesystemPaths;

QString tooLarge(qsizetype size)
{
    return u"Content is %1 bytes, over the %2 one write may hold"_s.arg(size).arg(Fs::maxWriteBytes);
}

// Replaces `path`'s content keeping its mode, or creates it in an existing folder, as fs.writeFile does.
QString writeContent(Workspace &workspace, const Paths::Resolved &file, const QByteArray &data)
{
    if (data.size() > Fs::maxWriteBytes)
        return tooLarge(data.size());
    if (file.kind == Paths::Kind::Directory)
        return Paths::nodeError(u"EISDIR"_s, u"open"_s, file.absolute());
    if (!file.parentExists)
        return Paths::nodeError(u"ENOENT"_s, u"open"_s, file.absolute());
    return workspace.addFile(file.path, data, file.entry ? file.entry->mode : 0644);
}

// fs.rename of `from` (with all below it) to `to`, into a copy that replaces the workspace only when every
// entry was accepted: a link whose target would leave the workspace from its new place refuses the move.
QString moveEntries(Workspace &workspace, const QString &from, const QString &to)
{
    const QString prefix = from + u'/';
    QList<QPair<QString, Workspace::Entry>> moving;
    for (auto it = workspace.entries().constBegin(); it != workspace.entries().constEnd(); ++it) {
        if (it.key() == from || it.key().startsWith(prefix))
            moving.append({to + it.key().mid(from.size()), it.value()});
    }
    Workspace staging = workspace;
    staging.removeTree(from);
    for (const auto &[path, entry] : std::as_const(moving)) {
        QString error;
        switch (entry.type) {
        case Workspace::EntryType::Directory:
            error = staging.addDirectory(path, entry.mode);
            break;
        case Workspace::EntryType::File:
            error = staging.addFile(path, entry.data, entry.mode);
            break;
        case Workspace::EntryType::Symlink:
            error = staging.addSymlink(path, entry.linkTarget);
            break;
        }
        if (!error.isEmpty())
            return error;
    }
    workspace = staging;
    return {};
}

} // namespace

McpToolSpec McpToolsFilesystemWrite::writeFile()
{
    McpToolSpec tool =
        Fs::spec(u"filesystem_write_file"_s, u"Write File"_s,
                 u"Create a new file or completely overwrite an existing file with new content. Use with "
                 u"caution as it "
                 "will overwrite existing files without warning. Only works within allowed directories."_s,
                 QJsonObject{{u"path"_s, Fs::plain(u"string"_s)}, {u"content"_s, Fs::plain(u"string"_s)}},
                 {u"path"_s, u"content"_s}, false, true);
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const QString requested = arguments.value(u"path"_s).toString();
        const Paths::Resolved file = Paths::validate(*context.workspace, requested);
        if (!file.error.isEmpty())
            return McpToolOutcome::error(file.error);
        const QString error =
            writeContent(*context.workspace, file, arguments.value(u"content"_s).toString().toUtf8());
        return error.isEmpty() ? Fs::text(u"Successfully wrote to "_s + requested)
                               : McpToolOutcome::error(error);
    };
    return tool;
}

McpToolSpec McpToolsFilesystemWrite::editFile()
{
    const QJsonObject edit{
        {u"type"_s, u"object"_s},
        {u"properties"_s,
         QJsonObject{
             {u"oldText"_s, QJsonObject{{u"type"_s, u"string"_s},
                                        {u"description"_s, u"Text to search for - must match exactly"_s}}},
             {u"newText"_s,
              QJsonObject{{u"type"_s, u"string"_s}, {u"description"_s, u"Text to replace with"_s}}}}},
        {u"required"_s, QJsonArray{u"oldText"_s, u"newText"_s}},
        {u"additionalProperties"_s, false}};
    McpToolSpec tool = Fs::spec(
        u"filesystem_edit_file"_s, u"Edit File"_s,
        u"Make line-based edits to a text file. Each edit replaces exact line sequences with new content. "
        "Returns a git-style diff showing the changes made. Only works within allowed directories."_s,
        QJsonObject{
            {u"path"_s, Fs::plain(u"string"_s)},
            {u"edits"_s, QJsonObject{{u"type"_s, u"array"_s}, {u"items"_s, edit}}},
            {u"dryRun"_s, QJsonObject{{u"type"_s, u"boolean"_s},
                                      {u"default"_s, false},
                                      {u"description"_s, u"Preview changes using git-style diff format"_s}}}},
        {u"path"_s, u"edits"_s}, false, true);
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const Paths::Resolved file =
            Paths::validate(*context.workspace, arguments.value(u"path"_s).toString());
        QString error = file.error;
        const QByteArray *data = error.isEmpty() ? McpToolsFilesystemRead::contentOf(file, &error) : nullptr;
        if (!data)
            return McpToolOutcome::error(error);
        const QString original = McpFileEdits::normalizeLineEndings(QString::fromUtf8(*data));
        const QString modified = McpFileEdits::apply(original, arguments.value(u"edits"_s).toArray(), &error);
        if (!error.isEmpty())
            return McpToolOutcome::error(error);
        const QString diff = McpFileEdits::fenced(McpUnifiedDiff::patch(file.absolute(), original, modified));
        if (!arguments.value(u"dryRun"_s).toBool()) {
            error = writeContent(*context.workspace, file, modified.toUtf8());
            if (!error.isEmpty())
                return McpToolOutcome::error(error);
        }
        return Fs::text(diff);
    };
    return tool;
}

McpToolSpec McpToolsFilesystemWrite::createDirectory()
{
    McpToolSpec tool = Fs::spec(
        u"filesystem_create_directory"_s, u"Create Directory"_s,
        u"Create a new directory or ensure a directory exists. Can create multiple nested directories in one "
        "operation. If the directory already exists, this operation will succeed silently. Only works within "
        "allowed directories."_s,
        QJsonObject{{u"path"_s, Fs::plain(u"string"_s)}}, {u"path"_s}, false, false);
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const QString requested = arguments.value(u"path"_s).toString();
        const Paths::Resolved folder = Paths::validate(*context.workspace, requested);
        if (!folder.error.isEmpty())
            return McpToolOutcome::error(folder.error);
        if (folder.kind == Paths::Kind::File)
            return McpToolOutcome::error(Paths::nodeError(u"EEXIST"_s, u"mkdir"_s, folder.absolute()));
        if (folder.kind == Paths::Kind::Missing) {
            if (const QString error = context.workspace->addDirectory(folder.path); !error.isEmpty())
                return McpToolOutcome::error(error);
        }
        return Fs::text(u"Successfully created directory "_s + requested);
    };
    return tool;
}

McpToolSpec McpToolsFilesystemWrite::moveFile()
{
    McpToolSpec tool = Fs::spec(
        u"filesystem_move_file"_s, u"Move File"_s,
        u"Move or rename files and directories. If the destination exists, the operation will fail. Both "
        "source and destination must be within allowed directories."_s,
        QJsonObject{{u"source"_s, Fs::plain(u"string"_s)}, {u"destination"_s, Fs::plain(u"string"_s)}},
        {u"source"_s, u"destination"_s}, false, false);
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const QString source = arguments.value(u"source"_s).toString();
        const QString destination = arguments.value(u"destination"_s).toString();
        const Paths::Resolved from = Paths::validate(*context.workspace, source);
        if (!from.error.isEmpty())
            return McpToolOutcome::error(from.error);
        const Paths::Resolved to = Paths::validate(*context.workspace, destination);
        if (!to.error.isEmpty())
            return McpToolOutcome::error(to.error);
        const QString syscall = u"rename '%1' ->"_s.arg(from.absolute());
        if (from.kind == Paths::Kind::Missing || !to.parentExists)
            return McpToolOutcome::error(Paths::nodeError(u"ENOENT"_s, syscall, to.absolute()));
        if (to.kind != Paths::Kind::Missing)
            return McpToolOutcome::error(u"Destination already exists: "_s + to.absolute());
        if (from.path.isEmpty())
            return McpToolOutcome::error(Paths::nodeError(u"EBUSY"_s, syscall, to.absolute()));
        if (to.path.startsWith(from.path + u'/'))
            return McpToolOutcome::error(Paths::nodeError(u"EINVAL"_s, syscall, to.absolute()));
        if (const QString error = moveEntries(*context.workspace, from.path, to.path); !error.isEmpty())
            return McpToolOutcome::error(error);
        return Fs::text(u"Successfully moved %1 to %2"_s.arg(source, destination));
    };
    return tool;
}

} // namespace Emulator
