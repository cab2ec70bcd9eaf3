#include "session/refreshscheduler.h"

#include <algorithm>

namespace {
constexpr int maximumBackoffSeconds = 300;
}

RefreshScheduler::RefreshScheduler(QObject *parent) : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        emit refreshDue();
        reschedule();
    });
    reschedule();
}

void RefreshScheduler::setIntervalSeconds(int seconds)
{
    m_intervalSeconds = std::max(0, seconds);
    reschedule();
}

void RefreshScheduler::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    // Coming back from minimised: the list is stale, so refresh at once.
    if (!paused && m_intervalSeconds > 0)
        emit refreshDue();
    reschedule();
}

int RefreshScheduler::effectiveIntervalSeconds() const
{
    if (m_paused || m_intervalSeconds == 0)
        return 0;
    return std::max(m_intervalSeconds, m_backoffSeconds);
}

void RefreshScheduler::refreshSucceeded()
{
    if (m_backoffSeconds == 0)
        return;
    m_backoffSeconds = 0;
    reschedule();
}

void RefreshScheduler::refreshRateLimited(int retryAfterSeconds)
{
    const int doubled = std::max(m_intervalSeconds, m_backoffSeconds) * 2;
    m_backoffSeconds = std::min(maximumBackoffSeconds, std::max(doubled, retryAfterSeconds));
    reschedule();
}

void RefreshScheduler::reschedule()
{
    const int seconds = effectiveIntervalSeconds();
    if (seconds == 0)
        m_timer.stop();
    else
        m_timer.start(seconds * 1000);
}
