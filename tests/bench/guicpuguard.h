#pragma once

#include <QString>
#include <QStringList>

class GapMeter;

// bench_frame --max-gui-cpu-ms N: a CI guard against gross stalls of the GUI thread. It bounds the thread's
// own CPU time in a gap, not the gap: on a loaded machine a gap also holds the time the thread waited for
// a core, which says nothing about our code. Every scenario runs and prints its figures whatever the
// guard finds; the guard only decides the exit status at the end.
class GuiCpuGuard
{
public:
    // 0 turns the guard off.
    explicit GuiCpuGuard(double maxCpuMs) : m_maxCpuMs(maxCpuMs) {}

    // Notes `scenario` as over the bound when one of the meter's gaps took more of the GUI thread's CPU.
    void check(const QString &scenario, const GapMeter &meter);
    bool passed() const { return m_failures.isEmpty(); }
    // One line per scenario over the bound, on stderr; a line saying it held otherwise.
    void report() const;

private:
    double m_maxCpuMs;
    QStringList m_failures;
};
