#include "emulator/mcp/mcptoolsgithubissues.h"

#include "emulator/mcp/mcpgithubrepos.h"
#include "emulator/mcp/mcpschema.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using S = McpSchema;
using R = McpGithubRepos;

QJsonObject issueSummary(const QJsonArray &issues, qsizetype index)
{
    const QJsonObject issue = issues.at(index).toObject();
    return QJsonObject{{u"number"_s, R::numberOf(issues, index)},
                       {u"title"_s, issue.value(u"issue_title"_s).toString()},
                       {u"state"_s, issue.value(u"status"_s).toString(u"open"_s)},
                       {u"labels"_s, issue.value(u"labels"_s).toArray()}};
}

McpToolSpec listIssues()
{
    QJsonObject properties = R::repoArgument();
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
    tool.run = R::onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
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
    QJsonObject properties = R::repoArgument();
    properties.insert(u"title"_s, R::nonEmptyString(u"Issue title"_s));
    properties.insert(u"body"_s, S::string(u"Issue body (Markdown)"_s));
    properties.insert(u"labels"_s, S::array(S::string(u"Label"_s), u"Label names"_s));
    McpToolSpec tool{u"create_issue"_s,
                     u"Create issue"_s,
                     u"Open a new issue in a repository."_s,
                     S::object(properties, {u"repo"_s, u"title"_s}),
                     {},
                     false,
                     false,
                     {}};
    tool.run = R::onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        QJsonArray issues = repo.value(u"issues"_s).toArray();
        const qint64 number = R::nextNumber(issues);
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
    QJsonObject properties = R::repoArgument();
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
    tool.run = R::onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        QJsonArray issues = repo.value(u"issues"_s).toArray();
        const qint64 number = arguments.value(u"number"_s).toInteger();
        const qsizetype at = R::indexOfNumber(issues, number);
        if (at < 0)
            return McpToolOutcome::error(u"Issue #%1 not found"_s.arg(number));
        QJsonObject issue = issues.at(at).toObject();
        issue.insert(u"status"_s, arguments.value(u"state"_s).toString());
        issues.replace(at, issue);
        repo.insert(u"issues"_s, issues);
        return McpToolOutcome::message(
            u"Issue #%1 is %2"_s.arg(number).arg(arguments.value(u"state"_s).toString()));
    });
    return tool;
}

McpToolSpec addIssueComment()
{
    QJsonObject properties = R::repoArgument();
    properties.insert(u"issue_number"_s, S::integer(u"Number of the issue to comment on"_s, 1, 1 << 30));
    properties.insert(u"body"_s, R::nonEmptyString(u"Comment text (Markdown)"_s));
    McpToolSpec tool{u"add_issue_comment"_s,
                     u"Add issue comment"_s,
                     u"Add a comment to an issue of a repository."_s,
                     S::object(properties, {u"repo"_s, u"issue_number"_s, u"body"_s}),
                     {},
                     false,
                     false,
                     {}};
    tool.run = R::onRepo([](QJsonObject &repo, const QJsonObject &arguments) {
        QJsonArray issues = repo.value(u"issues"_s).toArray();
        const qint64 number = arguments.value(u"issue_number"_s).toInteger();
        const qsizetype at = R::indexOfNumber(issues, number);
        if (at < 0)
            return McpToolOutcome::error(
                u"Issue #%1 not found in %2"_s.arg(number).arg(repo.value(u"name"_s).toString()));
        QJsonObject issue = issues.at(at).toObject();
        QJsonArray comments = issue.value(u"comments"_s).toArray();
        const qint64 id = R::nextNumber(comments);
        comments.append(QJsonObject{{u"id"_s, id}, {u"body"_s, arguments.value(u"body"_s).toString()}});
        issue.insert(u"comments"_s, comments);
        issues.replace(at, issue);
        repo.insert(u"issues"_s, issues);
        return McpToolOutcome::message(u"Added comment %1 to issue #%2 in %3"_s.arg(id).arg(number).arg(
            repo.value(u"name"_s).toString()));
    });
    return tool;
}

} // namespace

QList<McpToolSpec> McpToolsGithubIssues::tools()
{
    return {listIssues(), createIssue(), updateIssue(), addIssueComment()};
}

} // namespace Emulator
