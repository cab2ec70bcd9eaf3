#include "emulator/mcp/mcptoolsgithub.h"

#include "emulator/mcp/mcpgithubrepos.h"
#include "emulator/mcp/mcpschema.h"
#include "emulator/mcp/mcptoolsgithubissues.h"
#include "emulator/mcp/mcptoolsgithubpulls.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using S = McpSchema;
using R = McpGithubRepos;

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

McpToolSpec getFileContents()
{
    QJsonObject properties = R::repoArgument();
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
    tool.run = R::onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
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

McpToolSpec createBranch()
{
    QJsonObject properties = R::repoArgument();
    properties.insert(u"branch"_s, R::nonEmptyString(u"Name of the new branch"_s));
    properties.insert(u"from_branch"_s, S::string(u"Branch to start from, default the first"_s));
    McpToolSpec tool{u"create_branch"_s,
                     u"Create branch"_s,
                     u"Create a branch in a repository, with the files of the branch it starts from."_s,
                     S::object(properties, {u"repo"_s, u"branch"_s}),
                     {},
                     false,
                     false,
                     {}};
    tool.run = R::onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        const QString name = repo.value(u"name"_s).toString();
        const QString branch = arguments.value(u"branch"_s).toString();
        if (R::branchIndex(repo, branch) >= 0)
            return McpToolOutcome::error(u"Branch '%1' already exists in %2"_s.arg(branch, name));
        QJsonArray branches = repo.value(u"branches"_s).toArray();
        const QString from = arguments.value(u"from_branch"_s).toString();
        const qsizetype source = from.isEmpty() ? (branches.isEmpty() ? -1 : 0) : R::branchIndex(repo, from);
        if (source < 0)
            return from.isEmpty()
                       ? McpToolOutcome::error(u"Repository %1 has no branch to start from"_s.arg(name))
                       : McpToolOutcome::error(u"Branch '%1' not found in %2"_s.arg(from, name));
        QJsonObject created = branches.at(source).toObject();
        created.insert(u"name"_s, branch);
        branches.append(created);
        repo.insert(u"branches"_s, branches);
        return McpToolOutcome::message(u"Created branch %1 in %2 from %3"_s.arg(
            branch, name, branches.at(source).toObject().value(u"name"_s).toString()));
    });
    return tool;
}

} // namespace

QList<McpToolSpec> McpToolsGithub::tools()
{
    QList<McpToolSpec> tools{listRepositories()};
    tools.append(McpToolsGithubIssues::tools());
    tools.append(getFileContents());
    tools.append(createBranch());
    tools.append(McpToolsGithubPulls::tools());
    return tools;
}

} // namespace Emulator
