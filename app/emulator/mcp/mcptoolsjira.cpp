#include "emulator/mcp/mcptoolsjira.h"

#include "emulator/mcp/mcpschema.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using S = McpSchema;

QJsonObject issueSummary(const QString &projectKey, const QJsonObject &issue, qsizetype index)
{
    return QJsonObject{{u"key"_s, u"%1-%2"_s.arg(projectKey).arg(index + 1)},
                       {u"summary"_s, issue.value(u"summary"_s).toString()},
                       {u"issue_type"_s, issue.value(u"issue_type"_s).toString(u"Task"_s)},
                       {u"priority"_s, issue.value(u"priority"_s)}};
}

McpToolSpec listProjects()
{
    return McpToolSpec::listing(
        u"list_projects"_s, u"List projects"_s, u"List the Jira projects."_s, u"projects"_s,
        QJsonObject{{u"key"_s, S::string(u"Key"_s)},
                    {u"name"_s, S::string(u"Name"_s)},
                    {u"issue_count"_s, S::integer(u"Issues"_s, 0, 1 << 30)}},
        [](const QJsonObject &data) {
            return S::mapList(data, u"projects"_s, [](const QJsonObject &project) {
                return QJsonObject{{u"key"_s, project.value(u"key"_s).toString()},
                                   {u"name"_s, project.value(u"name"_s).toString()},
                                   {u"issue_count"_s, project.value(u"issues"_s).toArray().size()}};
            });
        });
}

McpToolSpec createIssue()
{
    QJsonObject summary = S::string(u"One-line summary"_s);
    summary.insert(u"minLength"_s, 1);
    summary.insert(u"maxLength"_s, 255);
    const QJsonObject properties{
        {u"project_key"_s, S::string(u"Project key, e.g. PROJ"_s)},
        {u"summary"_s, summary},
        {u"description"_s, S::string(u"Description"_s)},
        {u"issue_type"_s,
         S::stringEnum({u"Task"_s, u"Bug"_s, u"Story"_s, u"Epic"_s}, u"Type, default Task"_s)},
        {u"priority"_s,
         S::stringEnum({u"Highest"_s, u"High"_s, u"Medium"_s, u"Low"_s, u"Lowest"_s}, u"Priority"_s)},
    };
    McpToolSpec tool{
        u"create_issue"_s,
        u"Create issue"_s,
        u"Create an issue in a project."_s,
        S::object(properties, {u"project_key"_s, u"summary"_s}),
        QJsonObject{{u"type"_s, u"object"_s},
                    {u"properties"_s, QJsonObject{{u"key"_s, S::string(u"The new issue's key"_s)}}},
                    {u"required"_s, QJsonArray{u"key"_s}}},
        false,
        false,
        {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        QJsonArray projects = S::list(*context.data, u"projects"_s);
        const QString key = arguments.value(u"project_key"_s).toString();
        const qsizetype at = S::indexOf(projects, u"key"_s, key);
        if (at < 0)
            return McpToolOutcome::error(u"Project '%1' does not exist"_s.arg(key));
        QJsonObject project = projects.at(at).toObject();
        QJsonArray issues = project.value(u"issues"_s).toArray();
        QJsonObject issue{{u"summary"_s, arguments.value(u"summary"_s).toString()},
                          {u"issue_type"_s, arguments.value(u"issue_type"_s).toString(u"Task"_s)}};
        for (const QString &optional : {u"description"_s, u"priority"_s}) {
            if (arguments.contains(optional))
                issue.insert(optional, arguments.value(optional));
        }
        issues.append(issue);
        project.insert(u"issues"_s, issues);
        projects.replace(at, project);
        context.data->insert(u"projects"_s, projects);
        return McpToolOutcome::object(QJsonObject{{u"key"_s, u"%1-%2"_s.arg(key).arg(issues.size())}});
    };
    return tool;
}

McpToolSpec searchIssues()
{
    const QJsonObject properties{
        {u"query"_s, S::string(u"Text to find in summaries and descriptions (case-insensitive)"_s)},
        {u"project_key"_s, S::string(u"Only this project"_s)},
        {u"max_results"_s, S::integer(u"At most this many, default 50"_s, 1, 100)},
    };
    McpToolSpec tool{u"search_issues"_s,
                     u"Search issues"_s,
                     u"Find issues by text, across projects or in one."_s,
                     S::object(properties, {u"query"_s}),
                     S::listOutput(u"issues"_s, QJsonObject{{u"key"_s, S::string(u"Key"_s)},
                                                            {u"summary"_s, S::string(u"Summary"_s)}}),
                     true,
                     false,
                     {}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const QString query = arguments.value(u"query"_s).toString();
        const QString only = arguments.value(u"project_key"_s).toString();
        const qsizetype limit = arguments.value(u"max_results"_s).toInt(50);
        QJsonArray found;
        for (const auto &value : S::list(*context.data, u"projects"_s)) {
            const QJsonObject project = value.toObject();
            const QString key = project.value(u"key"_s).toString();
            if (!only.isEmpty() && key != only)
                continue;
            const QJsonArray issues = project.value(u"issues"_s).toArray();
            for (qsizetype i = 0; i < issues.size() && found.size() < limit; ++i) {
                const QJsonObject issue = issues.at(i).toObject();
                if (issue.value(u"summary"_s).toString().contains(query, Qt::CaseInsensitive) ||
                    issue.value(u"description"_s).toString().contains(query, Qt::CaseInsensitive))
                    found.append(issueSummary(key, issue, i));
            }
        }
        return McpToolOutcome::object(QJsonObject{{u"issues"_s, found}});
    };
    return tool;
}

} // namespace

QList<McpToolSpec> McpToolsJira::tools()
{
    return {listProjects(), createIssue(), searchIssues()};
}

} // namespace Emulator
