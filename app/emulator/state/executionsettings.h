#pragma once

#include <QtGlobal>

namespace Emulator {

// The bounds of a local sandbox's executions (LocalExecutions): set from the emulator's options, its
// EmulatorServer setter or /_emulator/executions; read when an execution starts.
struct ExecutionSettings
{
    qint64 maxLogBytes =
        qint64(64) * 1024 * 1024; // log kept per execution; past it, one line says it was cut
    int timeLimitSeconds = 600;   // then the process group is killed and the run failed
    int maxRunning = 4;           // at once per sandbox: each is a process and a log in memory
};

} // namespace Emulator
