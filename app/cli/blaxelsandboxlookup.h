#pragma once

#include <QCoreApplication>

#include <functional>

class BlaxelSandboxFiles;
class BlaxelSandboxService;
class CliContext;
class QObject;

// For the commands that work inside a Blaxel sandbox (blaxel fs, ps, logs, kill): the sandbox's record from
// the control plane, then a client of its own API at the URL the record names, as the app does. A sandbox
// that is missing, gone, being deleted or names no usable URL ends the command with a sentence that says so.
class BlaxelSandboxLookup
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelSandboxLookup)

public:
    // The sandbox named by the command's first argument; `then` gets its client (a child of `owner`), or
    // the command ends with 1 after the reason was printed.
    static void open(CliContext &context, BlaxelSandboxService *service, QObject *owner,
                     const std::function<void(BlaxelSandboxFiles *)> &then);
};
