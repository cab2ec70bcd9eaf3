#include "emulator/mcp/mcptoolsnotion.h"

#include "emulator/mcp/mcpschema.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using S = McpSchema;

// Every page with where it lives: top-level ones, then those of each database's sources.
QList<std::pair<QJsonObject, QString>> allPages(const QJsonObject &data)
{
    QList<std::pair<QJsonObject, QString>> pages;
    for (const auto &page : S::list(data, u"pages"_s))
        pages.append({page.toObject(), u"workspace"_s});
    for (const auto &database : S::list(data, u"databases"_s)) {
        const QString name = database.toObject().value(u"name"_s).toString();
        for (const auto &source : database.toObject().value(u"sources"_s).toArray()) {
            const QString where = name + u" / "_s + source.toObject().value(u"label"_s).toString();
            for (const auto &page : source.toObject().value(u"pages"_s).toArray())
                pages.append({page.toObject(), where});
        }
    }
    return pages;
}

McpToolSpec search()
{
    McpToolSpec tool{
        u"search"_s,
        u"Search"_s,
        u"Find pages whose title contains the query (case-insensitive)."_s,
        S::object(QJsonObject{{u"query"_s, S::string(u"Text to find in page titles"_s)}}, {u"query"_s}),
        S::listOutput(u"results"_s, QJsonObject{{u"title"_s, S::string(u"Title"_s)},
                                                {u"parent"_s, S::string(u"Where the page lives"_s)}}),
        true,
        false,
        {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const QString query = arguments.value(u"query"_s).toString();
        QJsonArray results;
        for (const auto &[page, parent] : allPages(*context.data)) {
            const QString title = page.value(u"name"_s).toString();
            if (title.contains(query, Qt::CaseInsensitive))
                results.append(QJsonObject{{u"title"_s, title}, {u"parent"_s, parent}});
        }
        return McpToolOutcome::object(QJsonObject{{u"results"_s, results}});
    };
    return tool;
}

McpToolSpec createPage()
{
    QJsonObject title = S::string(u"Page title"_s);
    title.insert(u"minLength"_s, 1);
    McpToolSpec tool{
        u"create_page"_s,
        u"Create page"_s,
        u"Create a top-level page; each paragraph of the content becomes a block."_s,
        S::object(QJsonObject{{u"title"_s, title}, {u"content"_s, S::string(u"Page text"_s)}}, {u"title"_s}),
        {},
        false,
        false,
        {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        QJsonArray blocks;
        const QStringList paragraphs =
            arguments.value(u"content"_s).toString().split(u"\n\n"_s, Qt::SkipEmptyParts);
        for (const QString &paragraph : paragraphs)
            blocks.append(
                QJsonObject{{u"block_type"_s, u"paragraph"_s}, {u"content"_s, paragraph.trimmed()}});
        QJsonArray pages = S::list(*context.data, u"pages"_s);
        pages.append(
            QJsonObject{{u"name"_s, arguments.value(u"title"_s).toString()}, {u"content_blocks"_s, blocks}});
        context.data->insert(u"pages"_s, pages);
        return McpToolOutcome::message(
            u"Created page \"%1\" with %2 blocks"_s.arg(arguments.value(u"title"_s).toString())
                .arg(blocks.size()));
    };
    return tool;
}

McpToolSpec getPage()
{
    McpToolSpec tool{u"get_page"_s,
                     u"Get page"_s,
                     u"Read a page's blocks, by its exact title."_s,
                     S::object(QJsonObject{{u"title"_s, S::string(u"Page title"_s)}}, {u"title"_s}),
                     {},
                     true,
                     false,
                     {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const QString wanted = arguments.value(u"title"_s).toString();
        for (const auto &[page, parent] : allPages(*context.data)) {
            if (page.value(u"name"_s).toString() != wanted)
                continue;
            QStringList lines{u"# "_s + wanted, u"(in "_s + parent + u')'};
            for (const auto &block : page.value(u"content_blocks"_s).toArray())
                lines.append(block.toObject().value(u"content"_s).toString());
            return McpToolOutcome::message(lines.join(u'\n'));
        }
        return McpToolOutcome::error(u"Page \"%1\" not found"_s.arg(wanted));
    };
    return tool;
}

} // namespace

QList<McpToolSpec> McpToolsNotion::tools()
{
    return {search(), createPage(), getPage()};
}

} // namespace Emulator
