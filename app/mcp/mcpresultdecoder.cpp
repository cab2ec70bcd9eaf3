#include "mcp/mcpresultdecoder.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {

QByteArray decodeBase64(const QJsonValue &value)
{
    const auto decoded =
        QByteArray::fromBase64Encoding(value.toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    return decoded ? decoded.decoded : QByteArray();
}

} // namespace

namespace McpResultDecoder {

std::optional<McpTool> tool(const QJsonObject &object)
{
    const QString name = object.value(u"name"_s).toString();
    if (name.isEmpty())
        return std::nullopt;
    McpTool tool;
    tool.name = name;
    tool.title = object.value(u"title"_s).toString();
    tool.description = object.value(u"description"_s).toString();
    tool.inputSchema = object.value(u"inputSchema"_s).toObject();
    tool.outputSchema = object.value(u"outputSchema"_s).toObject();
    tool.annotations = object.value(u"annotations"_s).toObject();
    if (tool.title.isEmpty())
        tool.title = tool.annotations.value(u"title"_s).toString();
    tool.raw = object;
    return tool;
}

McpContentBlock contentBlock(const QJsonObject &object)
{
    McpContentBlock block;
    block.raw = object;
    const QString type = object.value(u"type"_s).toString();
    block.mimeType = object.value(u"mimeType"_s).toString();
    if (type == u"text"_s) {
        block.kind = McpContentBlock::Kind::Text;
        block.text = object.value(u"text"_s).toString();
    } else if (type == u"image"_s || type == u"audio"_s) {
        block.kind = type == u"image"_s ? McpContentBlock::Kind::Image : McpContentBlock::Kind::Audio;
        block.data = decodeBase64(object.value(u"data"_s));
    } else if (type == u"resource"_s) {
        block.kind = McpContentBlock::Kind::Resource;
        const QJsonObject resource = object.value(u"resource"_s).toObject();
        block.uri = resource.value(u"uri"_s).toString();
        block.mimeType = resource.value(u"mimeType"_s).toString();
        block.text = resource.value(u"text"_s).toString();
        if (resource.contains(u"blob"_s))
            block.data = decodeBase64(resource.value(u"blob"_s));
    } else if (type == u"resource_link"_s) {
        block.kind = McpContentBlock::Kind::ResourceLink;
        block.uri = object.value(u"uri"_s).toString();
        block.text = object.value(u"name"_s).toString();
    }
    return block;
}

McpToolResult toolResult(const QJsonObject &object)
{
    McpToolResult result;
    result.raw = object;
    result.isError = object.value(u"isError"_s).toBool();
    result.structuredContent = object.value(u"structuredContent"_s);
    const QJsonArray content = object.value(u"content"_s).toArray();
    result.content.reserve(content.size());
    for (const QJsonValue &entry : content)
        result.content.append(contentBlock(entry.toObject()));
    return result;
}

} // namespace McpResultDecoder
