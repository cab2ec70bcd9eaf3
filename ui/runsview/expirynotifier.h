#pragma once

#include <QObject>
#include <QSet>

class DesktopNotifier;
class LeakMonitor;
class QWidget;

// Warns before Klavis releases a held sandbox at the end of its TTL (LeakReport::expiringSoon, worked out
// with every list the window receives). Klavis has no call to extend a TTL, so a warning is the only chance
// to save what the sandbox holds. The count follows every report; each sandbox gets one desktop
// notification, the first time it is seen expiring.
class ExpiryNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExpiryNotifier)

public:
    ExpiryNotifier(LeakMonitor *monitor, QWidget *window);

    int expiringCount() const { return m_count; }
    // One line per sandbox expiring soon, soonest first: the status bar's tooltip.
    QString detail() const { return m_detail; }
    int notificationsGiven() const;

signals:
    void expiringChanged(int count, const QString &detail);
    void statusMessage(const QString &message);

private:
    void onReport();

    LeakMonitor *m_monitor;
    DesktopNotifier *m_desktop;
    QSet<QString> m_announced; // provider/id of those already announced and still expiring
    int m_count = 0;
    QString m_detail;
};
