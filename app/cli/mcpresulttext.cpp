#include "cli/mcpresulttext.h"

#include "mcp/mcpcontentblock.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

using namespace Qt::StringLiterals;

QByteArray McpResultText::compactJson(const QJsonValue &value)
{
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2);
}

QString McpResultText::capabilities(const QJsonObject &capabilities)
{
    QStringList parts;
    for (auto it = capabilities.begin(); it != capabilities.end(); ++it) {
        QStringList flags;
        const QJsonObject details = it.value().toObject();
        for (auto flag = details.begin(); flag != details.end(); ++flag) {
            if (flag.value().toBool())
                flags << flag.key();
        }
        parts << (flags.isEmpty() ? it.key() : it.key() + u" ("_s + flags.join(u", "_s) + u')');
    }
    return parts.join(u", "_s);
}

QString McpResultText::annotations(const QJsonObject &annotations)
{
    QStringList hints;
    if (annotations.value(u"readOnlyHint"_s).toBool())
        hints << u"read-only"_s;
    if (annotations.value(u"destructiveHint"_s).toBool())
        hints << u"destructive"_s;
    if (annotations.value(u"idempotentHint"_s).toBool())
        hints << u"idempotent"_s;
    if (annotations.value(u"openWorldHint"_s).toBool())
        hints << u"open-world"_s;
    return hints.join(u", "_s);
}

QString McpResultText::contentBlock(const McpContentBlock &block)
{
    switch (block.kind) {
    case McpContentBlock::Kind::Text:
        return block.text;
    case McpContentBlock::Kind::Image:
    case McpContentBlock::Kind::Audio:
        return u"[%1, %2 bytes]"_s.arg(block.mimeType.isEmpty() ? u"binary"_s : block.mimeType)
            .arg(block.data.size());
    case McpContentBlock::Kind::Resource:
        if (!block.text.isEmpty())
            return u"[resource %1]\n%2"_s.arg(block.uri, block.text);
        return u"[resource %1, %2, %3 bytes]"_s
            .arg(block.uri, block.mimeType.isEmpty() ? u"binary"_s : block.mimeType)
            .arg(block.data.size());
    case McpContentBlock::Kind::ResourceLink:
        return u"[link %1]"_s.arg(block.uri);
    case McpContentBlock::Kind::Unknown:
        break;
    }
    return QString::fromUtf8(compactJson(block.raw));
}
