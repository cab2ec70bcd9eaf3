#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// The github server's issue tools: list_issues, create_issue, update_issue, add_issue_comment, on a
// repository's `issues` (the provider's GitHubIssue objects). The provider's GitHubIssue has no comments
// field: a comment goes into an extra `comments` list on its issue, which the data schema lets through, so a
// dump shows it and a dump sent back to initialize keeps it.
class McpToolsGithubIssues
{
public:
    static QList<McpToolSpec> tools();
};

} // namespace Emulator
