#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

// When to poll: a chosen interval (off, 5, 15, 60 s), paused while the window is minimised, and
// stretched after a 429 until a refresh succeeds again.
class RefreshScheduler final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RefreshScheduler)

public:
    explicit RefreshScheduler(QObject *parent = nullptr);

    static QList<int> intervalChoices() { return {0, 5, 15, 60}; }
    int intervalSeconds() const { return m_intervalSeconds; }
    void setIntervalSeconds(int seconds);
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    // Seconds until the next poll with back-off applied (0 when polling is off or paused).
    int effectiveIntervalSeconds() const;

    void refreshSucceeded();
    void refreshRateLimited(int retryAfterSeconds);

signals:
    void refreshDue();

private:
    void reschedule();

    QTimer m_timer;
    int m_intervalSeconds = 15;
    int m_backoffSeconds = 0;
    bool m_paused = false;
};
