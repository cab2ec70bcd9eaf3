#include "emulator/mcp/mcptoolsslack.h"

#include "emulator/mcp/mcpschema.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using S = McpSchema;

QString channelName(const QJsonObject &arguments)
{
    QString name = arguments.value(u"channel"_s).toString();
    if (name.startsWith(u'#'))
        name.remove(0, 1);
    return name;
}

McpToolSpec listChannels()
{
    return McpToolSpec::listing(
        u"list_channels"_s, u"List channels"_s, u"List the workspace's channels."_s, u"channels"_s,
        QJsonObject{{u"name"_s, S::string(u"Name"_s)},
                    {u"is_private"_s, S::boolean(u"Private"_s)},
                    {u"message_count"_s, S::integer(u"Messages"_s, 0, 1 << 30)}},
        [](const QJsonObject &data) {
            return S::mapList(data, u"channels"_s, [](const QJsonObject &channel) {
                return QJsonObject{{u"name"_s, channel.value(u"name"_s).toString()},
                                   {u"is_private"_s, channel.value(u"is_private"_s).toBool()},
                                   {u"message_count"_s, channel.value(u"messages"_s).toArray().size()}};
            });
        });
}

McpToolSpec postMessage()
{
    QJsonObject text = S::string(u"Message text (Slack mrkdwn)"_s);
    text.insert(u"minLength"_s, 1);
    text.insert(u"maxLength"_s, 40000);
    McpToolSpec tool{u"post_message"_s,
                     u"Post message"_s,
                     u"Post a message to a channel."_s,
                     S::object(QJsonObject{{u"channel"_s, S::string(u"Channel name, with or without #"_s)},
                                           {u"text"_s, text}},
                               {u"channel"_s, u"text"_s}),
                     {},
                     false,
                     false,
                     {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        QJsonArray channels = S::list(*context.data, u"channels"_s);
        const qsizetype at = S::indexOf(channels, u"name"_s, channelName(arguments));
        if (at < 0)
            return McpToolOutcome::error(u"channel_not_found: #%1"_s.arg(channelName(arguments)));
        QJsonObject channel = channels.at(at).toObject();
        QJsonArray messages = channel.value(u"messages"_s).toArray();
        messages.append(QJsonObject{{u"text"_s, arguments.value(u"text"_s).toString()}});
        channel.insert(u"messages"_s, messages);
        channels.replace(at, channel);
        context.data->insert(u"channels"_s, channels);
        return McpToolOutcome::message(
            u"Posted to #%1 (message %2)"_s.arg(channelName(arguments)).arg(messages.size()));
    };
    return tool;
}

McpToolSpec readMessages()
{
    McpToolSpec tool{
        u"read_messages"_s,
        u"Read messages"_s,
        u"Read the latest messages of a channel, oldest first."_s,
        S::object(QJsonObject{{u"channel"_s, S::string(u"Channel name"_s)},
                              {u"limit"_s, S::integer(u"At most this many, default 20"_s, 1, 100)}},
                  {u"channel"_s}),
        S::listOutput(u"messages"_s, QJsonObject{{u"index"_s, S::integer(u"Position"_s, 1, 1 << 30)},
                                                 {u"text"_s, S::string(u"Text"_s)}}),
        true,
        false,
        {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const QJsonArray channels = S::list(*context.data, u"channels"_s);
        const qsizetype at = S::indexOf(channels, u"name"_s, channelName(arguments));
        if (at < 0)
            return McpToolOutcome::error(u"channel_not_found: #%1"_s.arg(channelName(arguments)));
        const QJsonArray messages = channels.at(at).toObject().value(u"messages"_s).toArray();
        const qsizetype limit = arguments.value(u"limit"_s).toInt(20);
        QJsonArray listed;
        for (qsizetype i = std::max<qsizetype>(0, messages.size() - limit); i < messages.size(); ++i) {
            const QJsonObject message = messages.at(i).toObject();
            listed.append(QJsonObject{{u"index"_s, i + 1},
                                      {u"text"_s, message.value(u"text"_s).toString()},
                                      {u"reply_count"_s, message.value(u"replies"_s).toArray().size()}});
        }
        return McpToolOutcome::object(QJsonObject{{u"messages"_s, listed}});
    };
    return tool;
}

McpToolSpec deleteMessage()
{
    McpToolSpec tool{
        u"delete_message"_s,
        u"Delete message"_s,
        u"Delete a message of a channel by its position."_s,
        S::object(QJsonObject{{u"channel"_s, S::string(u"Channel name"_s)},
                              {u"index"_s, S::integer(u"Position, as read_messages gives it"_s, 1, 1 << 30)}},
                  {u"channel"_s, u"index"_s}),
        {},
        false,
        true,
        {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        QJsonArray channels = S::list(*context.data, u"channels"_s);
        const qsizetype at = S::indexOf(channels, u"name"_s, channelName(arguments));
        if (at < 0)
            return McpToolOutcome::error(u"channel_not_found: #%1"_s.arg(channelName(arguments)));
        QJsonObject channel = channels.at(at).toObject();
        QJsonArray messages = channel.value(u"messages"_s).toArray();
        const qsizetype index = arguments.value(u"index"_s).toInteger();
        if (index > messages.size())
            return McpToolOutcome::error(
                u"message_not_found: #%1 has %2 messages"_s.arg(channelName(arguments)).arg(messages.size()));
        messages.removeAt(index - 1);
        channel.insert(u"messages"_s, messages);
        channels.replace(at, channel);
        context.data->insert(u"channels"_s, channels);
        return McpToolOutcome::message(u"Deleted message %1 of #%2"_s.arg(index).arg(channelName(arguments)));
    };
    return tool;
}

} // namespace

QList<McpToolSpec> McpToolsSlack::tools()
{
    return {listChannels(), postMessage(), readMessages(), deleteMessage()};
}

} // namespace Emulator
