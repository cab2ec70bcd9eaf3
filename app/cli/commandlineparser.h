#pragma once

#include "cli/clicommand.h"

#include <optional>

// Turns argv into a CliCommand, or explains what is wrong with it.
class CommandLineParser
{
public:
    // nullopt with *error set: a usage error; nullopt with *error empty: help was printed.
    static std::optional<CliCommand> parse(const QStringList &arguments, QString *error);
    static QString usage();
};
