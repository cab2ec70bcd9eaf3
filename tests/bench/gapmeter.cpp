#include "gapmeter.h"

#include <QEventLoop>

#include <algorithm>
#include <ctime>

using namespace Qt::StringLiterals;

GapMeter::GapMeter()
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(tickMs);
    QObject::connect(&m_timer, &QTimer::timeout, [this] {
        const qint64 now = m_clock.nsecsElapsed();
        const qint64 cpu = threadCpuNs();
        if (!m_paused) {
            m_gapsMs.push_back(double(now - m_last) / 1e6);
            m_cpuMs.push_back(double(cpu - m_lastCpu) / 1e6);
        }
        m_last = now;
        m_lastCpu = cpu;
    });
    m_clock.start();
    // Else the first gap would count all the CPU time the thread spent before the meter existed.
    m_lastCpu = threadCpuNs();
    m_timer.start();
}

void GapMeter::reset()
{
    m_gapsMs.clear();
    m_cpuMs.clear();
    m_last = m_clock.nsecsElapsed();
    m_lastCpu = threadCpuNs();
    m_paused = false;
}

void GapMeter::resume()
{
    m_paused = false;
    m_last = m_clock.nsecsElapsed();
    m_lastCpu = threadCpuNs();
}

QString GapMeter::summary() const
{
    if (m_gapsMs.empty())
        return u"no ticks"_s;
    std::vector<double> sorted = m_gapsMs;
    std::sort(sorted.begin(), sorted.end());
    const double p99 = sorted.at(std::min(sorted.size() - 1, size_t(double(sorted.size()) * 0.99)));
    const auto over = std::count_if(sorted.begin(), sorted.end(), [](double gap) { return gap > 16.0; });
    // The GUI thread's own CPU time in a gap tells work on it (a stall we cause) from time it waited
    // for a core that the emulator or the decoding threads had (on 2 cores).
    std::vector<double> cpu = m_cpuMs;
    std::sort(cpu.begin(), cpu.end());
    const double cpuP99 = cpu.at(std::min(cpu.size() - 1, size_t(double(cpu.size()) * 0.99)));
    return u"p99 %1 ms, max %2 ms (%3 ticks, %4 over 16 ms); on the GUI thread's CPU p99 %5 ms, max %6 ms"_s
        .arg(p99, 0, 'f', 1)
        .arg(sorted.back(), 0, 'f', 1)
        .arg(sorted.size())
        .arg(over)
        .arg(cpuP99, 0, 'f', 1)
        .arg(cpu.back(), 0, 'f', 1);
}

double GapMeter::maxCpuMs() const
{
    return m_cpuMs.empty() ? 0.0 : *std::max_element(m_cpuMs.cbegin(), m_cpuMs.cend());
}

qint64 GapMeter::threadCpuNs()
{
    timespec time{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
    return qint64(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

bool GapMeter::waitUntil(const std::function<bool()> &done, int timeoutMs)
{
    if (done())
        return true;
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(5);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    poll.start();
    loop.exec();
    return done();
}
