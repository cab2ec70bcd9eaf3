#pragma once

#include "cli/clicommand.h"
#include "cli/clicommandspec.h"

#include <QString>
#include <QStringList>

#include <optional>

// What each command of sandboxdeck-cli requires of its arguments and options, checked once
// CommandLineParser has read them: how many arguments, options that need or exclude each other, values that
// cannot be sent (a duration, a port, a name that goes into a URL path, a run plan). Each check returns the
// usage error, one line as typed (escape before printing), or nothing when the command may run.
class CommandChecks
{
public:
    static constexpr int maxSeconds = 86400;

    // A whole number of seconds within [minimum, maxSeconds]; digits only, so "+5", " 5" and "5s" are
    // refused. --timeout and --ttl.
    static std::optional<int> seconds(const QString &text, int minimum);

    static std::optional<QString> checkArguments(const CliCommandSpec &spec, const QStringList &arguments);
    // --status idle --status occupied,error: the known words of the command's provider, in its case (Blaxel's
    // upper, the others' lower), each once, into *statuses.
    static std::optional<QString> checkStatuses(const CliCommandSpec &spec, const QStringList &values,
                                                QStringList *statuses);
    // The command's options as the parser put them into `command` (each value option once and not empty,
    // --status already checked).
    static std::optional<QString> checkOptions(const CliCommandSpec &spec, const CliCommand &command);
};
