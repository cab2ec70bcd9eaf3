#pragma once

#include "emulator/mcp/mcptoolspec.h"

#include <QList>

namespace Emulator {

// The jira server's tools, on JiraData (projects with issues, boards, sprints). Issue keys are the project
// key and the position, as the data has no key of its own.
class McpToolsJira
{
public:
    static QList<McpToolSpec> tools();
};

} // namespace Emulator
