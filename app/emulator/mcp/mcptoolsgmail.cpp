#include "emulator/mcp/mcptoolsgmail.h"

#include "emulator/mcp/mcpschema.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using S = McpSchema;

const QStringList messageFields = {u"subject"_s, u"from"_s, u"to"_s, u"cc"_s, u"body"_s, u"labels"_s};

McpToolSpec sendEmail()
{
    QJsonObject to = S::string(u"Recipient address(es), comma-separated"_s);
    to.insert(u"minLength"_s, 3);
    const QJsonObject properties{{u"to"_s, to},
                                 {u"subject"_s, S::string(u"Subject"_s)},
                                 {u"body"_s, S::string(u"Plain-text body"_s)},
                                 {u"cc"_s, S::string(u"Cc address(es)"_s)}};
    McpToolSpec tool{u"send_email"_s,
                     u"Send email"_s,
                     u"Send an email from the sandbox's test account."_s,
                     S::object(properties, {u"to"_s, u"subject"_s, u"body"_s}),
                     {},
                     false,
                     false,
                     {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        if (!arguments.value(u"to"_s).toString().contains(u'@'))
            return McpToolOutcome::error(u"Invalid recipient: %1"_s.arg(arguments.value(u"to"_s).toString()));
        QJsonObject message{{u"subject"_s, arguments.value(u"subject"_s).toString()},
                            {u"to"_s, arguments.value(u"to"_s).toString()},
                            {u"body"_s, arguments.value(u"body"_s).toString()},
                            {u"from"_s, u"me"_s},
                            {u"labels"_s, QJsonArray{u"SENT"_s}}};
        if (arguments.contains(u"cc"_s))
            message.insert(u"cc"_s, arguments.value(u"cc"_s));
        QJsonArray messages = S::list(*context.data, u"messages"_s);
        messages.append(message);
        context.data->insert(u"messages"_s, messages);
        return McpToolOutcome::message(
            u"Sent message %1 to %2"_s.arg(messages.size()).arg(message.value(u"to"_s).toString()));
    };
    return tool;
}

McpToolSpec listMessages()
{
    const QJsonObject properties{
        {u"label"_s, S::string(u"Only messages with this label, e.g. INBOX or SENT"_s)},
        {u"query"_s, S::string(u"Text to find in subject or body"_s)},
        {u"max_results"_s, S::integer(u"At most this many, default 20"_s, 1, 100)}};
    McpToolSpec tool{u"list_messages"_s,
                     u"List messages"_s,
                     u"List messages, newest first."_s,
                     S::object(properties),
                     S::listOutput(u"messages"_s, QJsonObject{{u"id"_s, S::integer(u"Id"_s, 1, 1 << 30)},
                                                              {u"subject"_s, S::string(u"Subject"_s)}}),
                     true,
                     false,
                     {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const QJsonArray messages = S::list(*context.data, u"messages"_s);
        const QString label = arguments.value(u"label"_s).toString();
        const QString query = arguments.value(u"query"_s).toString();
        const qsizetype limit = arguments.value(u"max_results"_s).toInt(20);
        QJsonArray listed;
        for (qsizetype i = messages.size() - 1; i >= 0 && listed.size() < limit; --i) {
            const QJsonObject message = messages.at(i).toObject();
            if (!label.isEmpty() && !message.value(u"labels"_s).toArray().contains(label))
                continue;
            if (!query.isEmpty() &&
                !message.value(u"subject"_s).toString().contains(query, Qt::CaseInsensitive) &&
                !message.value(u"body"_s).toString().contains(query, Qt::CaseInsensitive))
                continue;
            listed.append(QJsonObject{{u"id"_s, i + 1},
                                      {u"subject"_s, message.value(u"subject"_s).toString()},
                                      {u"from"_s, message.value(u"from"_s)},
                                      {u"to"_s, message.value(u"to"_s).toString()}});
        }
        return McpToolOutcome::object(QJsonObject{{u"messages"_s, listed}});
    };
    return tool;
}

McpToolSpec readMessage()
{
    QJsonObject output{{u"type"_s, u"object"_s},
                       {u"required"_s, QJsonArray{u"id"_s, u"subject"_s, u"body"_s}}};
    QJsonObject fields{{u"id"_s, S::integer(u"Id"_s, 1, 1 << 30)}};
    for (const QString &field : messageFields)
        fields.insert(field, QJsonObject());
    output.insert(u"properties"_s, fields);
    McpToolSpec tool{u"read_message"_s,
                     u"Read message"_s,
                     u"Read one message by the id list_messages gives."_s,
                     S::object(QJsonObject{{u"id"_s, S::integer(u"Message id"_s, 1, 1 << 30)}}, {u"id"_s}),
                     output,
                     true,
                     false,
                     {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const QJsonArray messages = S::list(*context.data, u"messages"_s);
        const qsizetype id = arguments.value(u"id"_s).toInteger();
        if (id > messages.size())
            return McpToolOutcome::error(u"Message %1 not found"_s.arg(id));
        QJsonObject message{{u"id"_s, id}};
        const QJsonObject stored = messages.at(id - 1).toObject();
        for (const QString &field : messageFields) {
            if (stored.contains(field))
                message.insert(field, stored.value(field));
        }
        return McpToolOutcome::object(message);
    };
    return tool;
}

} // namespace

QList<McpToolSpec> McpToolsGmail::tools()
{
    return {sendEmail(), listMessages(), readMessage()};
}

} // namespace Emulator
