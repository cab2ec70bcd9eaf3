#include "mcp/toollistdiff.h"

#include "json/jsondiff.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// One side of a part as the server sent it: from the raw JSON when there is one (so an absent part and an
// empty one stay apart), else from the decoded fields.
QJsonValue partValue(const McpTool &tool, const QString &part)
{
    if (part == u"other") {
        QJsonObject rest = tool.raw;
        for (const QString &known : ToolListDiff::partNames())
            rest.remove(known);
        rest.remove(u"name"_s);
        return rest.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(rest);
    }
    if (!tool.raw.isEmpty())
        return tool.raw.value(part);
    if (part == u"title")
        return tool.title.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(tool.title);
    if (part == u"description")
        return tool.description.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(tool.description);
    const QJsonObject &object = part == u"inputSchema"    ? tool.inputSchema
                                : part == u"outputSchema" ? tool.outputSchema
                                                          : tool.annotations;
    return object.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(object);
}

// The part as a one-member object, so that JsonDiff's paths start with the part's name; "other" is already
// an object of the remaining members and is compared as it is.
QJsonObject wrapped(const QString &part, const QJsonValue &value)
{
    if (value.isUndefined())
        return {};
    if (part == u"other")
        return value.toObject();
    return QJsonObject{{part, value}};
}

// The first tool of each name, in list order; later ones of the same name are noted in *duplicates.
QHash<QString, const McpTool *> byName(const QList<McpTool> &tools, QSet<QString> *duplicates)
{
    QHash<QString, const McpTool *> index;
    index.reserve(tools.size());
    for (const McpTool &tool : tools) {
        if (index.contains(tool.name))
            duplicates->insert(tool.name);
        else
            index.insert(tool.name, &tool);
    }
    return index;
}

QStringList sorted(QStringList names)
{
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace

const QStringList &ToolListDiff::partNames()
{
    static const QStringList names = {u"title"_s,        u"description"_s, u"inputSchema"_s,
                                      u"outputSchema"_s, u"annotations"_s, u"other"_s};
    return names;
}

QStringList ToolListDiff::ToolChange::partNames() const
{
    QStringList names;
    for (const PartChange &part : parts)
        names << part.part;
    return names;
}

ToolListDiff ToolListDiff::compare(const QList<McpTool> &before, const QList<McpTool> &after)
{
    ToolListDiff result;
    result.m_beforeCount = before.size();
    result.m_afterCount = after.size();
    QSet<QString> duplicates;
    const auto beforeByName = byName(before, &duplicates);
    const auto afterByName = byName(after, &duplicates);

    QStringList common;
    for (auto it = beforeByName.cbegin(); it != beforeByName.cend(); ++it) {
        if (afterByName.contains(it.key()))
            common << it.key();
        else
            result.m_removed << it.key();
    }
    for (auto it = afterByName.cbegin(); it != afterByName.cend(); ++it) {
        if (!beforeByName.contains(it.key()))
            result.m_added << it.key();
    }
    result.m_removed = sorted(result.m_removed);
    result.m_added = sorted(result.m_added);
    result.m_duplicates = sorted(QStringList(duplicates.cbegin(), duplicates.cend()));

    JsonDiff diff;
    for (const QString &name : sorted(common)) {
        const McpTool &old = *beforeByName.value(name);
        const McpTool &now = *afterByName.value(name);
        ToolChange change{name, {}};
        for (const QString &part : partNames()) {
            const auto &differences =
                diff.compare(wrapped(part, partValue(old, part)), wrapped(part, partValue(now, part)));
            result.m_truncated = result.m_truncated || diff.isTruncated();
            if (!differences.isEmpty())
                change.parts.append({part, differences});
        }
        if (change.parts.isEmpty())
            ++result.m_unchanged;
        else
            result.m_changed.append(std::move(change));
    }
    return result;
}

const ToolListDiff::ToolChange *ToolListDiff::change(const QString &name) const
{
    const auto found = std::find_if(m_changed.begin(), m_changed.end(),
                                    [&](const ToolChange &change) { return change.name == name; });
    return found == m_changed.end() ? nullptr : &*found;
}

QJsonObject ToolListDiff::toJson() const
{
    QJsonArray changed;
    for (const ToolChange &change : m_changed) {
        QJsonArray parts;
        for (const PartChange &part : change.parts)
            parts.append(
                QJsonObject{{u"part"_s, part.part}, {u"differences"_s, JsonDiff::toJson(part.differences)}});
        changed.append(QJsonObject{{u"name"_s, change.name}, {u"parts"_s, parts}});
    }
    return {{u"same"_s, isSame()},
            {u"added"_s, QJsonArray::fromStringList(m_added)},
            {u"removed"_s, QJsonArray::fromStringList(m_removed)},
            {u"changed"_s, changed},
            {u"unchanged"_s, m_unchanged},
            {u"before_count"_s, m_beforeCount},
            {u"after_count"_s, m_afterCount},
            {u"duplicates"_s, QJsonArray::fromStringList(m_duplicates)},
            {u"truncated"_s, m_truncated}};
}
