#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// The github server's pull request tools: list_pull_requests, create_pull_request and merge_pull_request, on
// a repository's `prs` (the provider's GitHubPullRequest objects, whose source and target are branches of the
// same repository). The data holds each branch's files but no history: a merge gives the base the head's
// files.
class McpToolsGithubPulls
{
public:
    static QList<McpToolSpec> tools();
};

} // namespace Emulator
