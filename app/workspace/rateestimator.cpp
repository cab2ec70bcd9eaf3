#include "workspace/rateestimator.h"

#include <cmath>

RateEstimator::RateEstimator(qint64 warmUpMs, qint64 timeConstantMs)
    : m_warmUpMs(warmUpMs), m_timeConstantMs(std::max<qint64>(1, timeConstantMs))
{}

void RateEstimator::reset()
{
    m_started = false;
    m_ready = false;
    m_rate = 0;
}

void RateEstimator::addSample(qint64 milliseconds, double amountDone)
{
    if (!m_started) {
        m_started = true;
        m_firstMs = m_lastMs = milliseconds;
        m_firstAmount = m_lastAmount = amountDone;
        return;
    }
    // A phase that starts over (a download resumed from zero) is a new measurement, not a negative speed.
    if (amountDone < m_lastAmount) {
        reset();
        addSample(milliseconds, amountDone);
        return;
    }
    const qint64 elapsed = milliseconds - m_lastMs;
    if (elapsed <= 0)
        return; // several signals in the same millisecond: the next sample measures them together
    if (!m_ready) {
        const qint64 sinceFirst = milliseconds - m_firstMs;
        if (sinceFirst < m_warmUpMs || amountDone <= m_firstAmount)
            return; // m_last stays at the first sample, so the first rate is the average of the warm-up
        m_rate = (amountDone - m_firstAmount) * 1000.0 / double(sinceFirst);
        m_ready = true;
    } else {
        const double instant = (amountDone - m_lastAmount) * 1000.0 / double(elapsed);
        // Weighted by the time the sample covers, so that a burst of signals counts as much as one.
        const double weight = 1.0 - std::exp(-double(elapsed) / double(m_timeConstantMs));
        m_rate += weight * (instant - m_rate);
    }
    m_lastMs = milliseconds;
    m_lastAmount = amountDone;
}

qint64 RateEstimator::secondsLeft(double remaining) const
{
    if (remaining <= 0)
        return 0;
    if (!m_ready || m_rate <= 0)
        return -1;
    return std::max<qint64>(1, qint64(std::ceil(remaining / m_rate)));
}
