#include "api/ratelimiter.h"

#include <algorithm>
#include <cmath>

RateLimiter::RateLimiter(double requestsPerSecond, int burst) : m_ratePerMs(0), m_burst(0), m_tokens(0)
{
    m_clock.start();
    configure(requestsPerSecond, burst);
    m_tokens = m_burst;
}

void RateLimiter::configure(double requestsPerSecond, int burst)
{
    // A rate of zero or less means no limit, which tests of other behaviour use.
    m_ratePerMs = requestsPerSecond > 0 ? requestsPerSecond / 1000.0 : 0;
    m_burst = std::max(1, burst);
    m_tokens = std::min(m_tokens, m_burst);
}

void RateLimiter::refill()
{
    const qint64 now = m_clock.elapsed();
    m_tokens = std::min(m_burst, m_tokens + double(now - m_lastRefillMs) * m_ratePerMs);
    m_lastRefillMs = now;
}

qint64 RateLimiter::reserve()
{
    const qint64 now = m_clock.elapsed();
    const qint64 held = std::max<qint64>(0, m_heldUntilMs - now);
    if (m_ratePerMs <= 0)
        return held;
    refill();
    m_tokens -= 1.0;
    const qint64 wait = m_tokens >= 0 ? 0 : qint64(std::ceil(-m_tokens / m_ratePerMs));
    return std::max(wait, held);
}

void RateLimiter::holdFor(qint64 milliseconds)
{
    m_heldUntilMs = std::max(m_heldUntilMs, m_clock.elapsed() + milliseconds);
}
