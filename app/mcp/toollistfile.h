#pragma once

#include "mcp/mcptool.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

// A tool list saved to a file and read back for a diff. It reads what `sandboxdeck-cli mcp tools URL --json`
// prints (a JSON array of the tools as the server sent them), a raw tools/list result ({"tools": [...]}) and
// a whole JSON-RPC reply around one ({"result": {"tools": [...]}}); it writes the first shape.
//
// A file may come from anywhere: it is read up to maxFileBytes, a tool must be an object with a string name
// (the problem names the tool's index), at most maxTools are accepted, and every problem is a sentence.
class ToolListFile
{
public:
    static constexpr qint64 maxFileBytes = qint64{64} * 1024 * 1024;
    static constexpr qsizetype maxTools = 100'000;

    // The tools in `path`, or nothing with *problem saying why (naming the file).
    static std::optional<QList<McpTool>> read(const QString &path, QString *problem);
    // The tools in `json`; *problem does not name a file.
    static std::optional<QList<McpTool>> parse(const QByteArray &json, QString *problem);

    // The JSON array of each tool's raw object, indented, as `mcp tools --json` prints it.
    static QByteArray serialize(const QList<McpTool> &tools);
    // Written whole or not at all (QSaveFile); false with *problem when it cannot be.
    static bool write(const QString &path, const QList<McpTool> &tools, QString *problem);
};
