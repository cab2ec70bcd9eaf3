#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// The github server's tools, on the GitHubData object of the provider's OpenAPI file (repos with branches,
// folder trees, issues and pull requests).
class McpToolsGithub
{
public:
    static QList<McpToolSpec> tools();
};

} // namespace Emulator
