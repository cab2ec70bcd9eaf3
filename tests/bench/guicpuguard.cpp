#include "guicpuguard.h"

#include "gapmeter.h"

#include <cstdio>

using namespace Qt::StringLiterals;

void GuiCpuGuard::check(const QString &scenario, const GapMeter &meter)
{
    if (m_maxCpuMs <= 0)
        return;
    const double worst = meter.maxCpuMs();
    if (worst > m_maxCpuMs) {
        m_failures << u"%1: the GUI thread's CPU in one gap was %2 ms, over the bound of %3 ms"_s
                          .arg(scenario)
                          .arg(worst, 0, 'f', 1)
                          .arg(m_maxCpuMs, 0, 'f', 0);
    }
}

void GuiCpuGuard::report() const
{
    if (m_maxCpuMs <= 0)
        return;
    if (m_failures.isEmpty()) {
        std::printf("guard: every scenario kept the GUI thread's CPU in a gap within %.0f ms\n", m_maxCpuMs);
        return;
    }
    for (const QString &failure : m_failures)
        std::fprintf(stderr, "guard FAILED: %s\n", qPrintable(failure));
}
