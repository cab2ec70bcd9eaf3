#include "emulator/mcp/mcptoolsgeneric.h"

#include "emulator/mcp/mcpschema.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using S = McpSchema;

QString kindOf(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Array:
        return u"collection"_s;
    case QJsonValue::Object:
        return u"object"_s;
    case QJsonValue::Null:
        return u"empty"_s;
    default:
        return u"value"_s;
    }
}

McpToolSpec describeData()
{
    return McpToolSpec::listing(
        u"describe_data"_s, u"Describe data"_s,
        u"Summarize what the sandbox holds: each top-level field, its kind and size."_s, u"fields"_s,
        QJsonObject{{u"name"_s, S::string(u"Field"_s)},
                    {u"kind"_s, S::string(u"collection, object or value"_s)},
                    {u"size"_s, S::integer(u"Items"_s, 0, 1 << 30)}},
        [](const QJsonObject &data) {
            QJsonArray fields;
            for (auto it = data.constBegin(); it != data.constEnd(); ++it) {
                const qsizetype size = it->isArray()    ? it->toArray().size()
                                       : it->isObject() ? it->toObject().size()
                                                        : 1;
                fields.append(
                    QJsonObject{{u"name"_s, it.key()}, {u"kind"_s, kindOf(*it)}, {u"size"_s, size}});
            }
            return fields;
        });
}

McpToolSpec listCollections()
{
    McpToolSpec tool{u"list_collections"_s,
                     u"List collections"_s,
                     u"Name the lists of records the sandbox holds."_s,
                     S::object({}),
                     {},
                     true,
                     false,
                     {}};
    tool.run = [](McpToolContext &context, const QJsonObject &) {
        QStringList lines;
        for (auto it = context.data->constBegin(); it != context.data->constEnd(); ++it) {
            if (it->isArray())
                lines.append(u"%1 (%2 records)"_s.arg(it.key()).arg(it->toArray().size()));
        }
        return McpToolOutcome::message(lines.isEmpty() ? u"No collections"_s : lines.join(u'\n'));
    };
    return tool;
}

McpToolSpec getRecords()
{
    const QJsonObject properties{
        {u"collection"_s, S::string(u"Collection name, as list_collections gives it"_s)},
        {u"offset"_s, S::integer(u"Skip this many, default 0"_s, 0, 1 << 30)},
        {u"limit"_s, S::integer(u"At most this many, default 20"_s, 1, 100)}};
    McpToolSpec tool{
        u"get_records"_s,
        u"Get records"_s,
        u"Read records of a collection, a page at a time."_s,
        S::object(properties, {u"collection"_s}),
        QJsonObject{{u"type"_s, u"object"_s},
                    {u"properties"_s, QJsonObject{{u"records"_s, QJsonObject{{u"type"_s, u"array"_s}}},
                                                  {u"total"_s, S::integer(u"Records in all"_s, 0, 1 << 30)}}},
                    {u"required"_s, QJsonArray{u"records"_s, u"total"_s}}},
        true,
        false,
        {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const QString name = arguments.value(u"collection"_s).toString();
        if (!context.data->value(name).isArray())
            return McpToolOutcome::error(u"No collection named '%1'"_s.arg(name));
        const QJsonArray all = context.data->value(name).toArray();
        const qsizetype offset = arguments.value(u"offset"_s).toInteger();
        const qsizetype limit = arguments.value(u"limit"_s).toInt(20);
        QJsonArray records;
        for (qsizetype i = offset; i < all.size() && records.size() < limit; ++i)
            records.append(all.at(i));
        return McpToolOutcome::object(QJsonObject{{u"records"_s, records}, {u"total"_s, all.size()}});
    };
    return tool;
}

} // namespace

McpToolSpec McpToolsGeneric::wait()
{
    const QJsonObject properties{
        {u"milliseconds"_s, S::integer(u"How long, default 300"_s, 0, 5000)},
        {u"steps"_s, S::integer(u"Progress notifications to send, default 3"_s, 1, 20)}};
    McpToolSpec tool{u"wait"_s,
                     u"Wait"_s,
                     u"Wait a while, reporting progress (send a progressToken in _meta to receive it)."_s,
                     S::object(properties),
                     {},
                     true,
                     false,
                     {}};
    tool.run = [](McpToolContext &, const QJsonObject &arguments) {
        const int milliseconds = arguments.value(u"milliseconds"_s).toInt(300);
        const int steps = arguments.value(u"steps"_s).toInt(3);
        McpToolOutcome outcome = McpToolOutcome::message(u"Waited %1 ms"_s.arg(milliseconds));
        for (int step = 1; step <= steps; ++step)
            outcome.progress.append(u"step %1 of %2"_s.arg(step).arg(steps));
        outcome.delayMs = milliseconds;
        return outcome;
    };
    return tool;
}

QList<McpToolSpec> McpToolsGeneric::tools()
{
    return {describeData(), listCollections(), getRecords()};
}

} // namespace Emulator
