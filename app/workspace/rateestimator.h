#pragma once

#include <QtGlobal>

// Speed and time left from irregular progress samples (milliseconds, amount done). Nothing is claimed
// until a warm-up has passed and the amount has grown: the first few progress signals of an upload say more
// about Qt's socket buffers than about the network. After that, an exponential moving average with a short
// time constant follows real changes within a few seconds without jumping with every sample.
class RateEstimator
{
public:
    explicit RateEstimator(qint64 warmUpMs = 1000, qint64 timeConstantMs = 1500);

    void reset();
    void addSample(qint64 milliseconds, double amountDone);

    bool isReady() const { return m_ready; }
    // Units per second; 0 until ready.
    double rate() const { return m_ready ? m_rate : 0; }
    // Whole seconds until `remaining` more units are done at the current rate, rounded up: never 0 while
    // something remains. -1 while unknown.
    qint64 secondsLeft(double remaining) const;

private:
    qint64 m_warmUpMs;
    qint64 m_timeConstantMs;
    bool m_started = false;
    bool m_ready = false;
    qint64 m_firstMs = 0;
    double m_firstAmount = 0;
    qint64 m_lastMs = 0;
    double m_lastAmount = 0;
    double m_rate = 0;
};
