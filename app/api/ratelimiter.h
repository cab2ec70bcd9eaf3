#pragma once

#include <QElapsedTimer>

// A token bucket: `rate` requests per second on average, bursts of up to `burst`. Tokens may go
// negative, which queues later callers behind earlier ones instead of letting them race.
class RateLimiter
{
public:
    RateLimiter(double requestsPerSecond, int burst);

    void configure(double requestsPerSecond, int burst);
    // Takes one token; returns how many milliseconds to wait before using it (0: go now).
    qint64 reserve();
    // After a 429 nothing goes out until the server's Retry-After has passed.
    void holdFor(qint64 milliseconds);

private:
    void refill();

    QElapsedTimer m_clock;
    double m_ratePerMs;
    double m_burst;
    double m_tokens;
    qint64 m_lastRefillMs = 0;
    qint64 m_heldUntilMs = 0;
};
