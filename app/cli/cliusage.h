#pragma once

#include <QString>

// The texts sandboxdeck-cli prints about itself: --help, COMMAND --help, --version and the hint after a
// usage error. The commands and options come from CliCommandSpecs, the benchmark names from
// ServerLists and the default host from KlavisHosts.
class CliUsage
{
public:
    static QString full();
    // The help of one command ("acquire", "local upload") or of the group "local".
    static QString forCommand(const QString &name);
    static QString version();
    static QString hint();
};
