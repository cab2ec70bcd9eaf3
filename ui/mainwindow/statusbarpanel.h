#pragma once

#include <QDateTime>
#include <QWidget>

class QLabel;
class QProgressBar;

// The permanent part of the status bar: profile, connection state, time since the last refresh and
// requests in flight, transfers running and leaks found.
class StatusBarPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StatusBarPanel)

public:
    enum class Connection
    {
        NoProfile, // no account to connect to: neither a profile with a key nor the demo
        Connecting,
        Connected,
        Offline,
        KeyMissing,
        KeyRefused
    };

    explicit StatusBarPanel(QWidget *parent = nullptr);

    void setProfile(const QString &name, bool demo);
    void setConnection(Connection state, const QString &detail = {});
    Connection connection() const { return m_connection; }
    void setLastRefresh(const QDateTime &when);
    QDateTime lastRefresh() const { return m_lastRefresh; }
    void setRequestsInFlight(int count);
    void setTransfersInFlight(int count);
    // Sandboxes held that no open run claims, past their TTL or held too long: shown when any.
    void setLeakCount(int count);
    // Held sandboxes whose TTL ends within minutes (Klavis releases them then): shown when any, `detail` as
    // its tooltip.
    void setExpiringCount(int count, const QString &detail);
    QWidget *transfersIndicator() const;
    QLabel *leaksIndicator() const { return m_leaks; }
    QLabel *expiringIndicator() const { return m_expiring; }

signals:
    // The transfers indicator was clicked: show the Transfers view.
    void transfersClicked();
    // The leaks indicator was clicked: show the Runs view.
    void leaksClicked();

private:
    void updateRefreshText();
    void reserveWidths();

    QLabel *m_profile;
    QLabel *m_connectionLabel;
    QLabel *m_refresh;
    QProgressBar *m_busy;
    QLabel *m_requests;
    QLabel *m_transfers;
    QLabel *m_leaks;
    QLabel *m_expiring;
    QDateTime m_lastRefresh;
    Connection m_connection = Connection::Connecting;
};
