#pragma once

#include "cli/clicommand.h"

// Turns argv into a CliCommand, or says what to print instead: the help, the version, or what is wrong
// (a usage error, exit code 2). Built on QCommandLineParser, one pass per level: the global options and
// the command, then the sub-command of a group ("local"), then the command's own options and arguments.
// "--" ends the options wherever it appears after the command. What each command requires of its arguments
// and options is CommandChecks'.
class CommandLineParser
{
public:
    enum class Action
    {
        Run,
        ShowHelp,
        ShowVersion,
        UsageError
    };

    struct Result
    {
        Action action = Action::UsageError;
        CliCommand command; // Run
        QString text;       // ShowHelp: the help; UsageError: one line, as typed (escape before printing)
    };

    // The arguments without the program name.
    static Result parse(const QStringList &arguments);
};
