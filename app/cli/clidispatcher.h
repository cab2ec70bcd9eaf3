#pragma once

#include <QStringList>

// sandboxdeck-cli from its arguments to its exit code: parses them (help, version and usage errors end
// there), takes the API and the key from the environment, builds the CliContext and hands the command to
// the group that holds it.
class CliDispatcher
{
public:
    // The arguments without the program name. Runs the event loop of the QCoreApplication that exists.
    static int run(const QStringList &arguments);
};
