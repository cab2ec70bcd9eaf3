#pragma once

#include "emulator/mcp/mcptooloutcome.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <functional>

namespace Emulator {

class Workspace;

// What a tool works on: the sandbox's data object for that server (the one dump answers), and for the local
// filesystem server the local sandbox's workspace. Both live in EmulatorState, under its lock.
struct McpToolContext
{
    QJsonObject *data = nullptr;
    Workspace *workspace = nullptr;
};

// One tool of an emulated MCP server: what tools/list shows, and what tools/call runs once the arguments
// have passed inputSchema.
struct McpToolSpec
{
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema; // empty: none
    bool readOnly = true;
    bool destructive = false;
    std::function<McpToolOutcome(McpToolContext &, const QJsonObject &)> run;

    // A read-only tool without arguments that answers {key: [...]}, the list `items` makes of the sandbox's
    // data, each item as `itemProperties` describe it: the schema's key and the answer's cannot drift apart.
    static McpToolSpec listing(const QString &name, const QString &title, const QString &description,
                               const QString &key, const QJsonObject &itemProperties,
                               const std::function<QJsonArray(const QJsonObject &data)> &items);

    QJsonObject toJson() const
    {
        QJsonObject tool{
            {QStringLiteral("name"), name},
            {QStringLiteral("title"), title},
            {QStringLiteral("description"), description},
            {QStringLiteral("inputSchema"), inputSchema},
            {QStringLiteral("annotations"), QJsonObject{{QStringLiteral("title"), title},
                                                        {QStringLiteral("readOnlyHint"), readOnly},
                                                        {QStringLiteral("destructiveHint"), destructive},
                                                        {QStringLiteral("openWorldHint"), false}}}};
        if (!outputSchema.isEmpty())
            tool.insert(QStringLiteral("outputSchema"), outputSchema);
        return tool;
    }
};

} // namespace Emulator
