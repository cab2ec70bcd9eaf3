#include "mcp/toollistfile.h"

#include "mcp/mcpresultdecoder.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace {

QString tooLarge()
{
    return u"it is larger than %1 MiB, more than any tool list"_s.arg(ToolListFile::maxFileBytes /
                                                                      (qint64{1024} * 1024));
}

// The array of tools in one of the accepted shapes, or nothing with *problem.
std::optional<QJsonArray> toolArray(const QJsonDocument &document, QString *problem)
{
    if (document.isArray())
        return document.array();
    QJsonObject object = document.object();
    if (object.value(u"result"_s).isObject())
        object = object.value(u"result"_s).toObject();
    const QJsonValue tools = object.value(u"tools"_s);
    if (tools.isArray())
        return tools.toArray();
    *problem =
        tools.isUndefined()
            ? u"it is neither a tool list (a JSON array of tools) nor a tools/list result ({\"tools\": [...]})"_s
            : u"its \"tools\" is not an array"_s;
    return std::nullopt;
}

} // namespace

std::optional<QList<McpTool>> ToolListFile::parse(const QByteArray &json, QString *problem)
{
    if (json.size() > maxFileBytes) {
        *problem = tooLarge();
        return std::nullopt;
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        *problem = u"it is not JSON: %1 at byte %2"_s.arg(error.errorString()).arg(error.offset);
        return std::nullopt;
    }
    const auto array = toolArray(document, problem);
    if (!array)
        return std::nullopt;
    if (array->size() > maxTools) {
        *problem = u"it lists %1 tools, more than the %2 accepted"_s.arg(array->size()).arg(maxTools);
        return std::nullopt;
    }
    QList<McpTool> tools;
    tools.reserve(array->size());
    for (qsizetype i = 0; i < array->size(); ++i) {
        const QJsonValue entry = array->at(i);
        const auto tool = entry.isObject() ? McpResultDecoder::tool(entry.toObject()) : std::nullopt;
        if (!tool) {
            *problem = entry.isObject() ? u"tool %1 (counting from 0) has no name"_s.arg(i)
                                        : u"tool %1 (counting from 0) is not a JSON object"_s.arg(i);
            return std::nullopt;
        }
        tools.append(*tool);
    }
    return tools;
}

std::optional<QList<McpTool>> ToolListFile::read(const QString &path, QString *problem)
{
    const QFileInfo info(path);
    if (info.isDir()) {
        *problem = u"%1 is a folder, not a tool list file"_s.arg(path);
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = u"cannot read %1: %2"_s.arg(path, file.errorString());
        return std::nullopt;
    }
    // Read one byte past the cap rather than trusting size(): a pipe or /proc file has none.
    const QByteArray bytes = file.read(maxFileBytes + 1);
    if (bytes.size() > maxFileBytes) {
        *problem = path + u": "_s + tooLarge();
        return std::nullopt;
    }
    QString why;
    auto tools = parse(bytes, &why);
    if (!tools)
        *problem = path + u": "_s + why;
    return tools;
}

QByteArray ToolListFile::serialize(const QList<McpTool> &tools)
{
    QJsonArray array;
    for (const McpTool &tool : tools) {
        QJsonObject object = tool.raw;
        if (object.isEmpty()) {
            // A tool built in code rather than read from a server: its decoded fields are all there is.
            object.insert(u"name"_s, tool.name);
            if (!tool.title.isEmpty())
                object.insert(u"title"_s, tool.title);
            if (!tool.description.isEmpty())
                object.insert(u"description"_s, tool.description);
            object.insert(u"inputSchema"_s, tool.inputSchema);
            if (!tool.outputSchema.isEmpty())
                object.insert(u"outputSchema"_s, tool.outputSchema);
            if (!tool.annotations.isEmpty())
                object.insert(u"annotations"_s, tool.annotations);
        }
        array.append(object);
    }
    return QJsonDocument(array).toJson(QJsonDocument::Indented);
}

bool ToolListFile::write(const QString &path, const QList<McpTool> &tools, QString *problem)
{
    const QByteArray text = serialize(tools);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit()) {
        *problem = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    return true;
}
