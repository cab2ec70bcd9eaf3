#include "emulator/mcp/mcpgithubrepos.h"

#include "emulator/mcp/mcpschema.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Emulator {

QJsonObject McpGithubRepos::repoArgument()
{
    return QJsonObject{{u"repo"_s, McpSchema::string(u"Repository name"_s)}};
}

QJsonObject McpGithubRepos::nonEmptyString(const QString &description)
{
    QJsonObject schema = McpSchema::string(description);
    schema.insert(u"minLength"_s, 1);
    return schema;
}

std::function<McpToolOutcome(McpToolContext &, const QJsonObject &)> McpGithubRepos::onRepo(RepoBody body)
{
    return [body = std::move(body)](McpToolContext &context, const QJsonObject &arguments) {
        QJsonArray repos = McpSchema::list(*context.data, u"repos"_s);
        const QString name = arguments.value(u"repo"_s).toString();
        const qsizetype at = McpSchema::indexOf(repos, u"name"_s, name);
        if (at < 0)
            return McpToolOutcome::error(u"Repository '%1' not found"_s.arg(name));
        QJsonObject repo = repos.at(at).toObject();
        McpToolOutcome outcome = body(repo, arguments);
        if (repo != repos.at(at).toObject()) {
            repos.replace(at, repo);
            context.data->insert(u"repos"_s, repos);
        }
        return outcome;
    };
}

qint64 McpGithubRepos::numberOf(const QJsonArray &items, qsizetype index)
{
    const QJsonValue id = items.at(index).toObject().value(u"id"_s);
    return id.isDouble() ? id.toInteger() : index + 1;
}

qsizetype McpGithubRepos::indexOfNumber(const QJsonArray &items, qint64 number)
{
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (numberOf(items, i) == number)
            return i;
    }
    return -1;
}

qint64 McpGithubRepos::nextNumber(const QJsonArray &items)
{
    qint64 number = items.size() + 1;
    for (qsizetype i = 0; i < items.size(); ++i)
        number = std::max(number, numberOf(items, i) + 1);
    return number;
}

qsizetype McpGithubRepos::branchIndex(const QJsonObject &repo, const QString &name)
{
    return McpSchema::indexOf(repo.value(u"branches"_s).toArray(), u"name"_s, name);
}

} // namespace Emulator
