#pragma once

#include <QElapsedTimer>
#include <QString>
#include <QTimer>

#include <functional>
#include <vector>

// A 2 ms timer on the GUI thread: the time between two of its ticks is the longest the event loop went
// without coming back (plus the 2 ms it waits on purpose).
class GapMeter
{
public:
    static constexpr int tickMs = 2;

    GapMeter();

    void reset();
    // Gaps while paused (the benchmark's own set-up, such as changing the emulator's sandboxes) are not
    // counted.
    void pause() { m_paused = true; }
    void resume();

    // "p99 4.1 ms, max 12.3 ms (5,012 ticks, 0 over 16 ms); on the GUI thread's CPU p99 1.2 ms, max 9.8 ms"
    QString summary() const;
    // The most CPU time the GUI thread spent in one gap, 0 without ticks: what a guard
    // bounds, since the longest gap itself also counts time spent waiting for a core.
    double maxCpuMs() const;

    // Runs the event loop until `done` holds (checked every 5 ms) or the time runs out. QTest::qWaitFor
    // sleeps between its checks, which would show up as gaps.
    static bool waitUntil(const std::function<bool()> &done, int timeoutMs);

private:
    static qint64 threadCpuNs();

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_lastCpu = 0;
    bool m_paused = false;
    std::vector<double> m_gapsMs;
    std::vector<double> m_cpuMs;
};
