#include "emulator/mcp/mcptoolspec.h"

#include "emulator/mcp/mcpschema.h"

namespace Emulator {

McpToolSpec McpToolSpec::listing(const QString &name, const QString &title, const QString &description,
                                 const QString &key, const QJsonObject &itemProperties,
                                 const std::function<QJsonArray(const QJsonObject &data)> &items)
{
    McpToolSpec tool{
        name, title, description, McpSchema::object({}), McpSchema::listOutput(key, itemProperties),
        true, false, {}};
    tool.run = [key, items](McpToolContext &context, const QJsonObject &) {
        return McpToolOutcome::object(QJsonObject{{key, items(*context.data)}});
    };
    return tool;
}

} // namespace Emulator
