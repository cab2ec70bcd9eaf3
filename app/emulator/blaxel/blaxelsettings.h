#pragma once

#include <QString>

namespace Emulator {

// The emulated Blaxel's knobs: quota, the pace of its state changes and the bounds of a sandbox's own API.
// Tests shorten the times; the binary sets them from its options.
struct BlaxelSettings
{
    int quotaPerWorkspace = 20;            // sandboxes that are not TERMINATED, per workspace
    int transitionMs = 3000;               // DEPLOYING -> DEPLOYED and DELETING -> TERMINATED
    qint64 terminatedRetentionMs = 600000; // a TERMINATED record stays listable (showTerminated) this long
    qint64 idleToStandbyMs = 15000;        // a DEPLOYED sandbox unused this long is in STANDBY
    int processTimeoutMs = 60000;          // the longest a command runs (Blaxel's edge gives up after ~60 s)
    int edgeHoldMs = 60000; // a call to a DEPLOYING sandbox waits this long for it at most, as Blaxel's edge
    qint64 maxFileBytes = qint64(512) * 1024 * 1024; // the largest body a filesystem PUT takes
    qint64 maxOutputBytes = qint64(1024) * 1024;     // stdout and stderr each keep this much of a process
    int terminalIdleMs = 5 * 60 * 1000; // a terminal session nobody is connected to lives this long
    // GET /watch/filesystem: the real server sends "[keepalive]" every 30 s (sandbox-api/src/handler/
    // filesystem.go); the emulator looks for changes every watchScanMs, over at most watchMaxEntries
    // entries, with at most maxWatchesPerSandbox streams open at once.
    int watchKeepaliveMs = 30'000;
    int watchScanMs = 250;
    int watchMaxEntries = 10'000;
    int maxWatchesPerSandbox = 16;
    QString dataDir; // where sandboxes' folders live; empty: a temporary folder removed at exit
};

} // namespace Emulator
