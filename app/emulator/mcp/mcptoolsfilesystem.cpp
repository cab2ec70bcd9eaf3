#include "emulator/mcp/mcptoolsfilesystem.h"

#include "emulator/mcp/mcpschema.h"
#include "emulator/mcp/mcptoolsfilesysteminfo.h"
#include "emulator/mcp/mcptoolsfilesystemlist.h"
#include "emulator/mcp/mcptoolsfilesystemread.h"
#include "emulator/mcp/mcptoolsfilesystemwrite.h"

using namespace Qt::StringLiterals;

namespace Emulator {

McpToolOutcome McpToolsFilesystem::text(const QString &text)
{
    McpToolOutcome outcome = McpToolOutcome::message(text);
    outcome.structured = QJsonObject{{u"content"_s, text}};
    return outcome;
}

QJsonObject McpToolsFilesystem::textOutput()
{
    return QJsonObject{{u"type"_s, u"object"_s},
                       {u"properties"_s, QJsonObject{{u"content"_s, plain(u"string"_s)}}},
                       {u"required"_s, QJsonArray{u"content"_s}}};
}

QJsonObject McpToolsFilesystem::plain(const QString &type)
{
    return QJsonObject{{u"type"_s, type}};
}

QJsonObject McpToolsFilesystem::stringList(const QString &description)
{
    QJsonObject list{{u"type"_s, u"array"_s}, {u"items"_s, plain(u"string"_s)}};
    if (!description.isEmpty())
        list.insert(u"description"_s, description);
    return list;
}

McpToolSpec McpToolsFilesystem::spec(const QString &name, const QString &title, const QString &description,
                                     const QJsonObject &properties, const QStringList &required,
                                     bool readOnly, bool destructive)
{
    return McpToolSpec{name,         title,    description, McpSchema::object(properties, required),
                       textOutput(), readOnly, destructive, {}};
}

QList<McpToolSpec> McpToolsFilesystem::tools()
{
    return {McpToolsFilesystemRead::readFile(),
            McpToolsFilesystemRead::readTextFile(),
            McpToolsFilesystemRead::readMediaFile(),
            McpToolsFilesystemRead::readMultipleFiles(),
            McpToolsFilesystemWrite::writeFile(),
            McpToolsFilesystemWrite::editFile(),
            McpToolsFilesystemWrite::createDirectory(),
            McpToolsFilesystemList::listDirectory(),
            McpToolsFilesystemList::listDirectoryWithSizes(),
            McpToolsFilesystemList::directoryTree(),
            McpToolsFilesystemWrite::moveFile(),
            McpToolsFilesystemList::searchFiles(),
            McpToolsFilesystemInfo::getFileInfo(),
            McpToolsFilesystemInfo::listAllowedDirectories()};
}

} // namespace Emulator
