#include "emulator/server/requestratelimiter.h"

#include <QJsonValue>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

// Past this many keys, buckets that have refilled completely are dropped (a full bucket is what a new key
// gets anyway), so a client inventing keys cannot grow the table without bound.
constexpr qsizetype bucketsBeforePruning = 1024;
constexpr double maxRequestsPerSecond = 1e6;
constexpr int maxBurst = 1000000;

} // namespace

void RequestRateLimiter::setSettings(const Settings &settings)
{
    m_settings = settings;
    m_buckets.clear();
}

void RequestRateLimiter::clearCounters()
{
    m_served = 0;
    m_answered429 = 0;
    m_buckets.clear();
}

std::optional<HttpReply> RequestRateLimiter::admit(const QByteArray &bearerToken, Clock::time_point now)
{
    const double rate = m_settings.requestsPerSecond;
    if (rate <= 0) {
        ++m_served;
        return std::nullopt;
    }
    const double burst = std::max(1, m_settings.burst);
    if (m_buckets.size() > bucketsBeforePruning && !m_buckets.contains(bearerToken))
        forgetFullBuckets(now);
    auto bucket = m_buckets.find(bearerToken);
    if (bucket == m_buckets.end())
        bucket = m_buckets.insert(bearerToken, Bucket{burst, now});
    const double elapsed = std::chrono::duration<double>(now - bucket->refilledAt).count();
    bucket->tokens = std::min(burst, bucket->tokens + std::max(0.0, elapsed) * rate);
    bucket->refilledAt = now;
    if (bucket->tokens >= 1) {
        bucket->tokens -= 1;
        ++m_served;
        return std::nullopt;
    }
    ++m_answered429;
    // The time until the next token, in whole seconds as Retry-After wants them; the tiny allowance keeps a
    // wait of exactly one period (1.0000000001 s after rounding errors) at 1 rather than 2.
    const double wait = (1 - bucket->tokens) / rate;
    const qint64 retryAfter = std::max<qint64>(1, qint64(std::ceil(wait - 1e-6)));
    HttpReply reply = HttpReply::detail(
        429, u"Rate limit exceeded: %1 requests per second per API key"_s.arg(m_settings.requestsPerSecond));
    reply.setHeader("Retry-After", QByteArray::number(retryAfter));
    reply.fault = HttpReply::Fault::RateLimiter;
    return reply;
}

void RequestRateLimiter::forgetFullBuckets(Clock::time_point now)
{
    const double burst = std::max(1, m_settings.burst);
    const double rate = m_settings.requestsPerSecond;
    m_buckets.removeIf([&](const QHash<QByteArray, Bucket>::iterator &it) {
        const double elapsed = std::chrono::duration<double>(now - it->refilledAt).count();
        return it->tokens + elapsed * rate >= burst;
    });
}

QJsonObject RequestRateLimiter::toJson() const
{
    return QJsonObject{
        {u"requests_per_second"_s, m_settings.requestsPerSecond},
        {u"rate_burst"_s, m_settings.burst},
        {u"requests_served"_s, m_served},
        {u"requests_answered_429"_s, m_answered429},
    };
}

QString RequestRateLimiter::merge(const QJsonObject &json)
{
    Settings next = m_settings;
    if (json.contains(u"requests_per_second"_s)) {
        const QJsonValue value = json.value(u"requests_per_second"_s);
        if (!value.isDouble() || value.toDouble() < 0 || value.toDouble() > maxRequestsPerSecond)
            return u"requests_per_second must be a number from 0 (unlimited) to 1000000"_s;
        next.requestsPerSecond = value.toDouble();
    }
    if (json.contains(u"rate_burst"_s)) {
        const QJsonValue value = json.value(u"rate_burst"_s);
        const double burst = value.toDouble();
        if (!value.isDouble() || burst != std::floor(burst) || burst < 1 || burst > maxBurst)
            return u"rate_burst must be a whole number from 1 to 1000000"_s;
        next.burst = int(burst);
    }
    setSettings(next);
    return {};
}

} // namespace Emulator
