#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <functional>

namespace Emulator {

// What the github server's tools share: the `repo` argument they all take, their run on the repository it
// names (the provider's GitHubRepo object: branches with folder trees, issues, prs), and the numbers of its
// issues and pull requests.
class McpGithubRepos
{
public:
    using RepoBody = std::function<McpToolOutcome(QJsonObject &repo, const QJsonObject &arguments)>;

    // {repo: string}, the argument every github tool starts from.
    static QJsonObject repoArgument();
    // A string argument that must not be empty (a title, a branch name).
    static QJsonObject nonEmptyString(const QString &description);

    // A tool's run on the repository its `repo` argument names (a name no repository has is the error the
    // model reads). `body` may change the repository; a changed one goes back into the sandbox's data.
    static std::function<McpToolOutcome(McpToolContext &, const QJsonObject &)> onRepo(RepoBody body);

    // The number of items[index] (an issue or a pull request): its id, or its place counted from 1 for seed
    // data that gives none.
    static qint64 numberOf(const QJsonArray &items, qsizetype index);
    // The index of the item numbered `number`, or -1.
    static qsizetype indexOfNumber(const QJsonArray &items, qint64 number);
    // The number a new item gets: one past the highest.
    static qint64 nextNumber(const QJsonArray &items);

    // The index of the branch called `name` in the repository, or -1.
    static qsizetype branchIndex(const QJsonObject &repo, const QString &name);
};

} // namespace Emulator
