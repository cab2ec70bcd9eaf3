#pragma once

#include "cli/clicommandspec.h"

// The commands of sandboxdeck-cli inside one Blaxel sandbox, through its own API: `blaxel fs ...` (its
// files), `blaxel ps`, `logs` and `kill` (its processes) and `blaxel connect` (its shell). Part of
// CliCommandSpecs' table, kept apart as the table's largest group.
class BlaxelSandboxCommandSpecs
{
public:
    // The group that holds the file commands ("blaxel fs").
    static QString fileGroup();
    // `workspace` is the --workspace every blaxel command takes.
    static QList<CliCommandSpec> build(const CliOptionSpec &workspace);
};
