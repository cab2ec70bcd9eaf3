#pragma once

#include "api/transportconfig.h"
#include "cli/clicommand.h"

#include <optional>

class QTextStream;

// Where a command's API and key come from: --base-url, else the provider's variable (KLAVIS_BASE_URL or
// BL_API_URL), else its official host; the key from KLAVIS_API_KEY or BL_API_KEY; a Blaxel command's
// workspace from BL_WORKSPACE when --workspace is not given. Blaxel's commands read Blaxel's variables
// (those of its own `bl` CLI), Klavis's read Klavis's.
class CliEnvironment
{
public:
    // The transport's configuration for `command`, whose workspace it fills in; nothing when the command
    // must not be sent (a base URL or key that is refused, no workspace), with the reason written to `err`.
    static std::optional<TransportConfig> resolve(CliCommand *command, QTextStream &err);
};
