#include "emulator/mcp/mcptoolsfilesystem.h"

#include "emulator/mcp/mcpschema.h"
#include "emulator/workspace/workspace.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using S = McpSchema;

constexpr int maxWriteBytes = 1 << 20; // one call writes at most 1 MiB

// The workspace path an argument names ("" is the root), or the reason it names none.
QString workspacePath(const QJsonObject &arguments, QString *error)
{
    QString path = arguments.value(u"path"_s).toString();
    while (path.startsWith(u'/'))
        path.remove(0, 1); // the workspace is the server's root: "/notes" and "notes" are one file
    return Workspace::normalizePath(path, error);
}

McpToolSpec listDirectory()
{
    McpToolSpec tool{
        u"list_directory"_s,
        u"List directory"_s,
        u"List a folder of the workspace: [DIR] and [FILE] entries. The root is \"\" or \"/\"."_s,
        S::object(QJsonObject{{u"path"_s, S::string(u"Folder path, default the root"_s)}}),
        S::listOutput(u"entries"_s, QJsonObject{{u"name"_s, S::string(u"Name"_s)},
                                                {u"type"_s, S::string(u"file, directory or symlink"_s)}}),
        true,
        false,
        {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        QString error;
        const QString folder = workspacePath(arguments, &error);
        if (!error.isEmpty())
            return McpToolOutcome::error(error);
        if (!folder.isEmpty()) {
            const Workspace::Entry *entry = context.workspace->entry(folder);
            if (!entry || entry->type != Workspace::EntryType::Directory)
                return McpToolOutcome::error(u"ENOENT: no such directory: %1"_s.arg(folder));
        }
        const QString prefix = folder.isEmpty() ? QString() : folder + u'/';
        QJsonArray entries;
        QStringList lines;
        const auto &all = context.workspace->entries();
        for (auto it = all.constBegin(); it != all.constEnd(); ++it) {
            if (!it.key().startsWith(prefix) || it.key().size() == prefix.size())
                continue;
            const QString name = it.key().mid(prefix.size());
            if (name.contains(u'/'))
                continue;
            const bool directory = it->type == Workspace::EntryType::Directory;
            const QString type = directory                                   ? u"directory"_s
                                 : it->type == Workspace::EntryType::Symlink ? u"symlink"_s
                                                                             : u"file"_s;
            entries.append(QJsonObject{{u"name"_s, name}, {u"type"_s, type}});
            lines.append((directory ? u"[DIR] "_s : u"[FILE] "_s) + name);
        }
        McpToolOutcome outcome = McpToolOutcome::object(QJsonObject{{u"entries"_s, entries}});
        outcome.text = lines.join(u'\n');
        return outcome;
    };
    return tool;
}

McpToolSpec readFile()
{
    McpToolSpec tool{u"read_file"_s,
                     u"Read file"_s,
                     u"Read a UTF-8 text file of the workspace."_s,
                     S::object(QJsonObject{{u"path"_s, S::string(u"File path"_s)}}, {u"path"_s}),
                     {},
                     true,
                     false,
                     {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        QString error;
        const QString path = workspacePath(arguments, &error);
        if (!error.isEmpty())
            return McpToolOutcome::error(error);
        const Workspace::Entry *entry = context.workspace->entry(path);
        if (!entry || entry->type != Workspace::EntryType::File)
            return McpToolOutcome::error(u"ENOENT: no such file: %1"_s.arg(path));
        return McpToolOutcome::message(QString::fromUtf8(entry->data));
    };
    return tool;
}

McpToolSpec writeFile()
{
    QJsonObject content = S::string(u"The whole new content"_s);
    content.insert(u"maxLength"_s, maxWriteBytes);
    McpToolSpec tool{u"write_file"_s,
                     u"Write file"_s,
                     u"Create a file or replace its content; missing folders are created."_s,
                     S::object(QJsonObject{{u"path"_s, S::string(u"File path"_s)}, {u"content"_s, content}},
                               {u"path"_s, u"content"_s}),
                     {},
                     false,
                     true,
                     {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        QString error;
        const QString path = workspacePath(arguments, &error);
        if (error.isEmpty() && path.isEmpty())
            error = u"a file path is needed"_s;
        if (!error.isEmpty())
            return McpToolOutcome::error(error);
        const QByteArray data = arguments.value(u"content"_s).toString().toUtf8();
        if (data.size() > maxWriteBytes)
            return McpToolOutcome::error(u"content over %1 bytes"_s.arg(maxWriteBytes));
        if (const QString refused = context.workspace->addFile(path, data); !refused.isEmpty())
            return McpToolOutcome::error(refused);
        return McpToolOutcome::message(u"Wrote %1 bytes to %2"_s.arg(data.size()).arg(path));
    };
    return tool;
}

} // namespace

QList<McpToolSpec> McpToolsFilesystem::tools()
{
    return {listDirectory(), readFile(), writeFile()};
}

} // namespace Emulator
