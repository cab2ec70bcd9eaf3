#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// The github server's tools, on the GitHubData object of the provider's OpenAPI file (repos with branches,
// folder trees, issues and pull requests), named as GitHub's own MCP server names them: the repository ones
// (list_repositories, get_file_contents, create_branch) here, with McpToolsGithubIssues' and
// McpToolsGithubPulls'.
class McpToolsGithub
{
public:
    static QList<McpToolSpec> tools();
};

} // namespace Emulator
