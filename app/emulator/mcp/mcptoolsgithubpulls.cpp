#include "emulator/mcp/mcptoolsgithubpulls.h"

#include "emulator/mcp/mcpgithubrepos.h"
#include "emulator/mcp/mcpschema.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using S = McpSchema;
using R = McpGithubRepos;

QJsonObject pullSummary(const QJsonArray &prs, qsizetype index)
{
    const QJsonObject pr = prs.at(index).toObject();
    return QJsonObject{{u"number"_s, R::numberOf(prs, index)},
                       {u"title"_s, pr.value(u"pr_title"_s).toString()},
                       {u"state"_s, pr.value(u"status"_s).toString(u"open"_s)},
                       {u"head"_s, pr.value(u"source_branch"_s).toString()},
                       {u"base"_s, pr.value(u"target_branch"_s).toString(u"main"_s)}};
}

McpToolSpec listPullRequests()
{
    QJsonObject properties = R::repoArgument();
    properties.insert(u"state"_s,
                      S::stringEnum({u"open"_s, u"closed"_s, u"all"_s},
                                    u"Pull request state, default open; closed includes merged"_s));
    McpToolSpec tool{
        u"list_pull_requests"_s,
        u"List pull requests"_s,
        u"List the pull requests of a repository."_s,
        S::object(properties, {u"repo"_s}),
        S::listOutput(u"pull_requests"_s, QJsonObject{{u"number"_s, S::integer(u"Number"_s, 1, 1 << 30)},
                                                      {u"title"_s, S::string(u"Title"_s)},
                                                      {u"state"_s, S::string(u"open, closed or merged"_s)},
                                                      {u"head"_s, S::string(u"Head branch"_s)},
                                                      {u"base"_s, S::string(u"Base branch"_s)}}),
        true,
        false,
        {}};
    tool.run = R::onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        const QString wanted = arguments.value(u"state"_s).toString(u"open"_s);
        const QJsonArray prs = repo.value(u"prs"_s).toArray();
        QJsonArray listed;
        for (qsizetype i = 0; i < prs.size(); ++i) {
            const QJsonObject summary = pullSummary(prs, i);
            const bool open = summary.value(u"state"_s).toString() == u"open";
            if (wanted == u"all" || open == (wanted == u"open"))
                listed.append(summary);
        }
        return McpToolOutcome::object(QJsonObject{{u"pull_requests"_s, listed}});
    });
    return tool;
}

McpToolSpec createPullRequest()
{
    QJsonObject properties = R::repoArgument();
    properties.insert(u"title"_s, R::nonEmptyString(u"Pull request title"_s));
    properties.insert(u"head"_s, R::nonEmptyString(u"Branch that holds the changes"_s));
    properties.insert(u"base"_s, R::nonEmptyString(u"Branch to merge the changes into, e.g. main"_s));
    properties.insert(u"body"_s, S::string(u"Pull request description (Markdown)"_s));
    McpToolSpec tool{u"create_pull_request"_s,
                     u"Create pull request"_s,
                     u"Open a pull request from one branch of a repository into another."_s,
                     S::object(properties, {u"repo"_s, u"title"_s, u"head"_s, u"base"_s}),
                     {},
                     false,
                     false,
                     {}};
    tool.run = R::onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        const QString name = repo.value(u"name"_s).toString();
        const QString head = arguments.value(u"head"_s).toString();
        const QString base = arguments.value(u"base"_s).toString();
        for (const QString &branch : {head, base}) {
            if (R::branchIndex(repo, branch) < 0)
                return McpToolOutcome::error(u"Branch '%1' not found in %2"_s.arg(branch, name));
        }
        if (head == base)
            return McpToolOutcome::error(
                u"Head and base are both '%1': a pull request needs two different branches"_s.arg(head));
        QJsonArray prs = repo.value(u"prs"_s).toArray();
        for (qsizetype i = 0; i < prs.size(); ++i) {
            const QJsonObject summary = pullSummary(prs, i);
            if (summary.value(u"state"_s) == u"open"_s && summary.value(u"head"_s) == head &&
                summary.value(u"base"_s) == base)
                return McpToolOutcome::error(u"A pull request from %1 into %2 is already open: #%3"_s.arg(
                    head, base, QString::number(summary.value(u"number"_s).toInteger())));
        }
        const qint64 number = R::nextNumber(prs);
        prs.append(QJsonObject{{u"id"_s, number},
                               {u"pr_title"_s, arguments.value(u"title"_s).toString()},
                               {u"description"_s, arguments.value(u"body"_s).toString()},
                               {u"status"_s, u"open"_s},
                               {u"source_branch"_s, head},
                               {u"target_branch"_s, base},
                               {u"labels"_s, QJsonArray()}});
        repo.insert(u"prs"_s, prs);
        return McpToolOutcome::message(
            u"Created pull request #%1 in %2 (%3 into %4)"_s.arg(QString::number(number), name, head, base));
    });
    return tool;
}

McpToolSpec mergePullRequest()
{
    QJsonObject properties = R::repoArgument();
    properties.insert(u"pullNumber"_s, S::integer(u"Number of the pull request to merge"_s, 1, 1 << 30));
    properties.insert(
        u"merge_method"_s,
        S::stringEnum({u"merge"_s, u"squash"_s, u"rebase"_s},
                      u"Merge method, default merge (each gives the base the head's files here)"_s));
    McpToolSpec tool{u"merge_pull_request"_s,
                     u"Merge pull request"_s,
                     u"Merge an open pull request: its base branch gets the head branch's files."_s,
                     S::object(properties, {u"repo"_s, u"pullNumber"_s}),
                     {},
                     false,
                     false,
                     {}};
    tool.run = R::onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        QJsonArray prs = repo.value(u"prs"_s).toArray();
        const qint64 number = arguments.value(u"pullNumber"_s).toInteger();
        const qsizetype at = R::indexOfNumber(prs, number);
        if (at < 0)
            return McpToolOutcome::error(
                u"Pull request #%1 not found in %2"_s.arg(number).arg(repo.value(u"name"_s).toString()));
        const QJsonObject summary = pullSummary(prs, at);
        if (summary.value(u"state"_s) != u"open"_s)
            return McpToolOutcome::error(
                u"Pull request #%1 is %2, not open"_s.arg(number).arg(summary.value(u"state"_s).toString()));
        const QString head = summary.value(u"head"_s).toString();
        const QString base = summary.value(u"base"_s).toString();
        QJsonArray branches = repo.value(u"branches"_s).toArray();
        const qsizetype from = R::branchIndex(repo, head);
        const qsizetype into = R::branchIndex(repo, base);
        if (from < 0 || into < 0)
            return McpToolOutcome::error(u"Branch '%1' no longer exists"_s.arg(from < 0 ? head : base));
        // The data keeps files, not history: the merged base holds what the head holds.
        QJsonObject merged = branches.at(into).toObject();
        merged.insert(u"folders"_s, branches.at(from).toObject().value(u"folders"_s));
        branches.replace(into, merged);
        repo.insert(u"branches"_s, branches);
        QJsonObject pr = prs.at(at).toObject();
        pr.insert(u"status"_s, u"merged"_s);
        prs.replace(at, pr);
        repo.insert(u"prs"_s, prs);
        return McpToolOutcome::message(
            u"Merged pull request #%1 (%2 into %3)"_s.arg(QString::number(number), head, base));
    });
    return tool;
}

} // namespace

QList<McpToolSpec> McpToolsGithubPulls::tools()
{
    return {listPullRequests(), createPullRequest(), mergePullRequest()};
}

} // namespace Emulator
