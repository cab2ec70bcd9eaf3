#include "emulator/mcp/mcptoolbox.h"

#include "emulator/mcp/mcpschema.h"
#include "emulator/mcp/mcptoolsfilesystem.h"
#include "emulator/mcp/mcptoolsgeneric.h"
#include "emulator/mcp/mcptoolsgithub.h"
#include "emulator/mcp/mcptoolsgmail.h"
#include "emulator/mcp/mcptoolsjira.h"
#include "emulator/mcp/mcptoolsnotion.h"
#include "emulator/mcp/mcptoolsslack.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

QList<McpToolSpec> ownTools(const QString &server)
{
    if (server == u"github")
        return McpToolsGithub::tools();
    if (server == u"slack")
        return McpToolsSlack::tools();
    if (server == u"jira")
        return McpToolsJira::tools();
    if (server == u"notion")
        return McpToolsNotion::tools();
    if (server == u"gmail")
        return McpToolsGmail::tools();
    if (server == u"filesystem")
        return McpToolsFilesystem::tools();
    return McpToolsGeneric::tools();
}

McpToolSpec generatedTool(int number)
{
    const QString name = u"extra_tool_%1"_s.arg(number, 3, 10, QLatin1Char('0'));
    McpToolSpec tool{name,
                     u"Extra tool %1"_s.arg(number),
                     u"Generated tool %1: echoes its text argument."_s.arg(number),
                     McpSchema::object(QJsonObject{{u"text"_s, McpSchema::string(u"Text to echo"_s)}}),
                     {},
                     true,
                     false,
                     {}};
    tool.run = [](McpToolContext &, const QJsonObject &arguments) {
        return McpToolOutcome::message(arguments.value(u"text"_s).toString());
    };
    return tool;
}

} // namespace

QList<McpToolSpec> McpToolbox::toolsFor(const QString &server, const QString &benchmark, int extraTools)
{
    QList<McpToolSpec> tools = ownTools(server);
    // Klavis's filesystem server is a published one whose 14 tools clients compare by name: nothing is added.
    if (server != u"filesystem")
        tools.append(McpToolsGeneric::wait());
    for (int i = 1; i <= extraTools; ++i)
        tools.append(generatedTool(i));
    if (benchmark == u"MCP_Atlas")
        tools.removeIf([](const McpToolSpec &tool) { return !tool.readOnly; });
    if (benchmark == u"Toolathlon") {
        for (McpToolSpec &tool : tools) {
            if (!tool.readOnly)
                tool.description += u" Toolathlon grades the task from the sandbox's dump after this call."_s;
        }
    }
    return tools;
}

} // namespace Emulator
