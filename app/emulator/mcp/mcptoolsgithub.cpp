#include "emulator/mcp/mcptoolsgithub.h"

#include "emulator/mcp/mcpschema.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using S = McpSchema;

qint64 issueNumber(const QJsonArray &issues, qsizetype index)
{
    const QJsonValue id = issues.at(index).toObject().value(u"id"_s);
    return id.isDouble() ? id.toInteger() : index + 1;
}

QJsonObject issueSummary(const QJsonArray &issues, qsizetype index)
{
    const QJsonObject issue = issues.at(index).toObject();
    return QJsonObject{{u"number"_s, issueNumber(issues, index)},
                       {u"title"_s, issue.value(u"issue_title"_s).toString()},
                       {u"state"_s, issue.value(u"status"_s).toString(u"open"_s)},
                       {u"labels"_s, issue.value(u"labels"_s).toArray()}};
}

// Finds a file (or a folder, listed) by its path within a branch's folder tree.
std::optional<QString> findInFolder(const QJsonObject &folder, const QString &path, int depth)
{
    if (depth > 32)
        return std::nullopt;
    if (folder.value(u"path"_s).toString() == path) {
        QStringList names;
        for (const auto &file : folder.value(u"files"_s).toArray())
            names.append(file.toObject().value(u"name"_s).toString());
        for (const auto &sub : folder.value(u"folders"_s).toArray())
            names.append(sub.toObject().value(u"name"_s).toString() + u'/');
        return names.join(u'\n');
    }
    for (const auto &file : folder.value(u"files"_s).toArray()) {
        if (file.toObject().value(u"path"_s).toString() == path)
            return file.toObject().value(u"content"_s).toString();
    }
    for (const auto &sub : folder.value(u"folders"_s).toArray()) {
        if (auto found = findInFolder(sub.toObject(), path, depth + 1))
            return found;
    }
    return std::nullopt;
}

const QJsonObject repoArgument{{u"repo"_s, S::string(u"Repository name"_s)}};

// A tool's run on the repository its `repo` argument names (a name no repository has is the error the model
// reads). `body` may change the repository; a changed one goes back into the sandbox's data.
std::function<McpToolOutcome(McpToolContext &, const QJsonObject &)>
onRepo(std::function<McpToolOutcome(QJsonObject &repo, const QJsonObject &arguments)> body)
{
    return [body = std::move(body)](McpToolContext &context, const QJsonObject &arguments) {
        QJsonArray repos = S::list(*context.data, u"repos"_s);
        const QString name = arguments.value(u"repo"_s).toString();
        const qsizetype at = S::indexOf(repos, u"name"_s, name);
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

McpToolSpec listRepositories()
{
    return McpToolSpec::listing(
        u"list_repositories"_s, u"List repositories"_s, u"List the repositories of the authenticated user."_s,
        u"repositories"_s,
        QJsonObject{{u"name"_s, S::string(u"Name"_s)},
                    {u"open_issues"_s, S::integer(u"Open issues"_s, 0, 1 << 30)}},
        [](const QJsonObject &data) {
            return S::mapList(data, u"repos"_s, [](const QJsonObject &repo) {
                int open = 0;
                for (const auto &issue : repo.value(u"issues"_s).toArray())
                    open += issue.toObject().value(u"status"_s).toString(u"open"_s) == u"open" ? 1 : 0;
                return QJsonObject{{u"name"_s, repo.value(u"name"_s).toString()},
                                   {u"description"_s, repo.value(u"description"_s)},
                                   {u"open_issues"_s, open}};
            });
        });
}

McpToolSpec listIssues()
{
    QJsonObject properties = repoArgument;
    properties.insert(u"state"_s,
                      S::stringEnum({u"open"_s, u"closed"_s, u"all"_s}, u"Issue state, default open"_s));
    McpToolSpec tool{
        u"list_issues"_s,
        u"List issues"_s,
        u"List the issues of a repository."_s,
        S::object(properties, {u"repo"_s}),
        S::listOutput(u"issues"_s, QJsonObject{{u"number"_s, S::integer(u"Number"_s, 1, 1 << 30)},
                                               {u"title"_s, S::string(u"Title"_s)},
                                               {u"state"_s, S::string(u"State"_s)}}),
        true,
        false,
        {}};
    tool.run = onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        const QString state = arguments.value(u"state"_s).toString(u"open"_s);
        const QJsonArray issues = repo.value(u"issues"_s).toArray();
        QJsonArray listed;
        for (qsizetype i = 0; i < issues.size(); ++i) {
            const QJsonObject summary = issueSummary(issues, i);
            if (state == u"all" || summary.value(u"state"_s).toString() == state)
                listed.append(summary);
        }
        return McpToolOutcome::object(QJsonObject{{u"issues"_s, listed}});
    });
    return tool;
}

McpToolSpec createIssue()
{
    QJsonObject properties = repoArgument;
    properties.insert(u"title"_s, S::string(u"Issue title"_s));
    properties.insert(u"body"_s, S::string(u"Issue body (Markdown)"_s));
    properties.insert(u"labels"_s, S::array(S::string(u"Label"_s), u"Label names"_s));
    QJsonObject title = properties.value(u"title"_s).toObject();
    title.insert(u"minLength"_s, 1);
    properties.insert(u"title"_s, title);
    McpToolSpec tool{u"create_issue"_s,
                     u"Create issue"_s,
                     u"Open a new issue in a repository."_s,
                     S::object(properties, {u"repo"_s, u"title"_s}),
                     {},
                     false,
                     false,
                     {}};
    tool.run = onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        QJsonArray issues = repo.value(u"issues"_s).toArray();
        qint64 number = issues.size() + 1;
        for (qsizetype i = 0; i < issues.size(); ++i)
            number = std::max(number, issueNumber(issues, i) + 1);
        issues.append(QJsonObject{{u"id"_s, number},
                                  {u"issue_title"_s, arguments.value(u"title"_s).toString()},
                                  {u"description"_s, arguments.value(u"body"_s).toString()},
                                  {u"status"_s, u"open"_s},
                                  {u"labels"_s, arguments.value(u"labels"_s).toArray()}});
        repo.insert(u"issues"_s, issues);
        return McpToolOutcome::message(
            u"Created issue #%1 in %2"_s.arg(number).arg(repo.value(u"name"_s).toString()));
    });
    return tool;
}

McpToolSpec updateIssue()
{
    QJsonObject properties = repoArgument;
    properties.insert(u"number"_s, S::integer(u"Issue number"_s, 1, 1 << 30));
    properties.insert(u"state"_s, S::stringEnum({u"open"_s, u"closed"_s}, u"New state"_s));
    McpToolSpec tool{u"update_issue"_s,
                     u"Update issue"_s,
                     u"Open or close an issue."_s,
                     S::object(properties, {u"repo"_s, u"number"_s, u"state"_s}),
                     {},
                     false,
                     false,
                     {}};
    tool.run = onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        QJsonArray issues = repo.value(u"issues"_s).toArray();
        const qint64 number = arguments.value(u"number"_s).toInteger();
        for (qsizetype i = 0; i < issues.size(); ++i) {
            if (issueNumber(issues, i) != number)
                continue;
            QJsonObject issue = issues.at(i).toObject();
            issue.insert(u"status"_s, arguments.value(u"state"_s).toString());
            issues.replace(i, issue);
            repo.insert(u"issues"_s, issues);
            return McpToolOutcome::message(
                u"Issue #%1 is %2"_s.arg(number).arg(arguments.value(u"state"_s).toString()));
        }
        return McpToolOutcome::error(u"Issue #%1 not found"_s.arg(number));
    });
    return tool;
}

McpToolSpec getFileContents()
{
    QJsonObject properties = repoArgument;
    properties.insert(u"path"_s, S::string(u"File or folder path, e.g. src/main.py"_s));
    properties.insert(u"branch"_s, S::string(u"Branch, default the first"_s));
    McpToolSpec tool{u"get_file_contents"_s,
                     u"Get file contents"_s,
                     u"Read a file, or list a folder, of a repository branch."_s,
                     S::object(properties, {u"repo"_s, u"path"_s}),
                     {},
                     true,
                     false,
                     {}};
    tool.run = onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        const QJsonArray branches = repo.value(u"branches"_s).toArray();
        const QString wanted = arguments.value(u"branch"_s).toString();
        const qsizetype branch =
            wanted.isEmpty() ? (branches.isEmpty() ? -1 : 0) : S::indexOf(branches, u"name"_s, wanted);
        if (branch < 0)
            return McpToolOutcome::error(u"Branch '%1' not found"_s.arg(wanted));
        const QString path = arguments.value(u"path"_s).toString();
        const auto found =
            findInFolder(branches.at(branch).toObject().value(u"folders"_s).toObject(), path, 0);
        return found ? McpToolOutcome::message(*found)
                     : McpToolOutcome::error(u"Path '%1' not found"_s.arg(path));
    });
    return tool;
}

} // namespace

QList<McpToolSpec> McpToolsGithub::tools()
{
    return {listRepositories(), listIssues(), createIssue(), updateIssue(), getFileContents()};
}

} // namespace Emulator
