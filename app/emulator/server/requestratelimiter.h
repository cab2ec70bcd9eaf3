#pragma once

#include "emulator/server/httpreply.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>

#include <chrono>
#include <optional>

namespace Emulator {

// The provider's documented rate limit (2 requests per second per API key): a token bucket per Bearer token
// (requests without one share a bucket), refilled at `requestsPerSecond` up to `burst`. 0 requests per
// second (the default) admits everything. The emulator counts what it admitted and what it answered 429,
// so a client's figure can say "0 x 429". Time is the monotonic clock; nothing waits.
class RequestRateLimiter
{
public:
    using Clock = std::chrono::steady_clock;

    struct Settings
    {
        double requestsPerSecond = 0; // 0: unlimited
        int burst = 2;
    };

    Settings settings() const { return m_settings; }
    // Every bucket starts full again under new settings.
    void setSettings(const Settings &settings);
    qint64 requestsServed() const { return m_served; }
    qint64 requestsAnswered429() const { return m_answered429; }
    void clearCounters();
    qsizetype keysTracked() const { return m_buckets.size(); }

    // Admits the request (nullopt) or answers 429 with Retry-After in whole seconds, rounded up, at least 1.
    std::optional<HttpReply> admit(const QByteArray &bearerToken, Clock::time_point now = Clock::now());

    // The control endpoint's wire form: requests_per_second, rate_burst, requests_served,
    // requests_answered_429.
    QJsonObject toJson() const;
    // Applies requests_per_second and rate_burst where present; an error text (and no change) for a value of
    // the wrong type or range.
    QString merge(const QJsonObject &json);

private:
    struct Bucket
    {
        double tokens = 0;
        Clock::time_point refilledAt;
    };
    void forgetFullBuckets(Clock::time_point now);

    Settings m_settings;
    QHash<QByteArray, Bucket> m_buckets;
    qint64 m_served = 0;
    qint64 m_answered429 = 0;
};

} // namespace Emulator
