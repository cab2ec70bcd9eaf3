#pragma once

#include "api/blaxelsandboxfiles.h"

#include <QCoreApplication>
#include <QPointer>

// A command through a sandbox's process API for BlaxelSandboxFiles::run: POST /process with
// waitForCompletion and a name of ours; a command the edge stopped waiting for (502/504), or one still
// running, is polled by that name until it ends, within the whole command's deadline. A 503, which says the
// sandbox is not up yet and nothing was started, is posted again while it starts
// (BlaxelSandboxCall::retryWhileStarting).
class BlaxelProcessRun
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelProcessRun)

public:
    // `workingDir` is checked already (BlaxelSandboxFiles::refusal). The call ends through `handler`.
    static void start(BlaxelSandboxFiles *files, BlaxelSandboxCall *call, const QString &command,
                      const QString &workingDir,
                      const std::shared_ptr<ResultHandler<BlaxelProcessResult>> &handler);

private:
    static void post(BlaxelSandboxFiles *files, BlaxelSandboxCall *call, const QString &command,
                     const QString &workingDir,
                     const std::shared_ptr<ResultHandler<BlaxelProcessResult>> &handler);
    static void poll(const QPointer<BlaxelSandboxFiles> &self, BlaxelSandboxCall *call,
                     const QString &processName, ResultHandler<BlaxelProcessResult> done);
};
