#include "mainwindow/statusbarpanel.h"

#include "common/statusicons.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QTimer>

using namespace Qt::StringLiterals;

StatusBarPanel::StatusBarPanel(QWidget *parent)
    : QWidget(parent), m_profile(new QLabel(this)), m_connectionLabel(new QLabel(this)),
      m_refresh(new QLabel(this)), m_busy(new QProgressBar(this)), m_requests(new QLabel(this)),
      m_transfers(new QLabel(this)), m_leaks(new QLabel(this)), m_expiring(new QLabel(this))
{
    auto *layout = new QHBoxLayout(this);
    // The status bar's message is drawn up to this panel and clipped there: without a gap its last word ran
    // into the leaks link ("…/dumps/ws121 leaks").
    layout->setContentsMargins(fontMetrics().horizontalAdvance(u"MM"_s), 0, 0, 0);
    m_busy->setRange(0, 0); // indeterminate: a request is running
    m_busy->setMaximumWidth(60);
    m_busy->setMaximumHeight(12);
    m_busy->setTextVisible(false);
    m_busy->setVisible(false);
    m_transfers->setVisible(false);
    m_transfers->setObjectName(u"transfersIndicator"_s);
    m_transfers->setTextFormat(Qt::RichText);
    m_transfers->setToolTip(tr("Show the Transfers view"));
    connect(m_transfers, &QLabel::linkActivated, this, &StatusBarPanel::transfersClicked);
    m_leaks->setVisible(false);
    m_leaks->setObjectName(u"leaksIndicator"_s);
    m_leaks->setTextFormat(Qt::RichText);
    m_leaks->setToolTip(tr("Show the leaks in the Runs view"));
    connect(m_leaks, &QLabel::linkActivated, this, &StatusBarPanel::leaksClicked);
    m_expiring->setVisible(false);
    m_expiring->setObjectName(u"expiringIndicator"_s);
    for (QWidget *part : std::initializer_list<QWidget *>{
             m_expiring, m_leaks, m_transfers, m_busy, m_requests, m_refresh, m_connectionLabel, m_profile})
        layout->addWidget(part);
    reserveWidths();
    auto *ticker = new QTimer(this);
    connect(ticker, &QTimer::timeout, this, &StatusBarPanel::updateRefreshText);
    ticker->start(1000);
    setConnection(Connection::Connecting);
    updateRefreshText();
}

void StatusBarPanel::reserveWidths()
{
    // Items that come and go, or whose text changes every second, keep the width of their longest
    // usual text: the status bar does not shift under the reader when a request starts.
    const QFontMetrics metrics = fontMetrics();
    auto widest = [&metrics](std::initializer_list<QString> texts) {
        // A label asks for a little more than its text's advance (margins, rounding).
        int width = 8;
        for (const QString &text : texts)
            width = std::max(width, metrics.horizontalAdvance(text) + 8);
        return width;
    };
    m_requests->setMinimumWidth(
        widest({tr("%n request(s) in flight", nullptr, 1), tr("%n request(s) in flight", nullptr, 88)}));
    m_refresh->setMinimumWidth(widest(
        {tr("Not refreshed yet"), tr("Refreshed %1 s ago").arg(88), tr("Refreshed %1 min ago").arg(888)}));
    m_refresh->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_requests->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    QSizePolicy busyPolicy = m_busy->sizePolicy();
    busyPolicy.setRetainSizeWhenHidden(true);
    m_busy->setSizePolicy(busyPolicy);
    m_busy->setFixedWidth(m_busy->maximumWidth());
}

void StatusBarPanel::setProfile(const QString &name, bool demo)
{
    m_profile->setText(demo ? tr("Profile: Demo (built-in emulator)") : tr("Profile: %1").arg(name));
    // No profile yet: the connection says so; "Profile:" with nothing after it said nothing.
    m_profile->setVisible(demo || !name.isEmpty());
}

void StatusBarPanel::setConnection(Connection state, const QString &detail)
{
    m_connection = state;
    QString text;
    QString colourKey;
    switch (state) {
    case Connection::NoProfile:
        text = tr("No profile");
        colourKey = u"error"_s;
        break;
    case Connection::Connecting:
        text = tr("Connecting…");
        colourKey = u"unknown"_s;
        break;
    case Connection::Connected:
        text = tr("Connected");
        colourKey = u"idle"_s;
        break;
    case Connection::Offline:
        text = tr("Offline");
        colourKey = u"error"_s;
        break;
    case Connection::KeyMissing:
        text = tr("No API key");
        colourKey = u"error"_s;
        break;
    case Connection::KeyRefused:
        text = tr("API key refused");
        colourKey = u"error"_s;
        break;
    }
    const QColor colour = StatusIcons::color(colourKey);
    m_connectionLabel->setText(
        u"<span style='color:%1'>●</span> %2"_s.arg(colour.name(), text.toHtmlEscaped()));
    m_connectionLabel->setToolTip(detail);
}

void StatusBarPanel::setLastRefresh(const QDateTime &when)
{
    m_lastRefresh = when;
    updateRefreshText();
}

void StatusBarPanel::updateRefreshText()
{
    if (!m_lastRefresh.isValid()) {
        m_refresh->setText(tr("Not refreshed yet"));
        return;
    }
    const qint64 seconds = std::max<qint64>(0, m_lastRefresh.secsTo(QDateTime::currentDateTimeUtc()));
    m_refresh->setText(seconds < 60 ? tr("Refreshed %1 s ago").arg(seconds)
                                    : tr("Refreshed %1 min ago").arg(seconds / 60));
    m_refresh->setToolTip(m_lastRefresh.toLocalTime().toString(Qt::TextDate));
}

void StatusBarPanel::setRequestsInFlight(int count)
{
    m_busy->setVisible(count > 0);
    m_requests->setText(count > 0 ? tr("%n request(s) in flight", nullptr, count) : QString());
}

void StatusBarPanel::setTransfersInFlight(int count)
{
    m_transfers->setVisible(count > 0);
    m_transfers->setText(u"<a href=\"transfers\">%1</a>"_s.arg(tr("%n transfer(s) running", nullptr, count)));
}

void StatusBarPanel::setLeakCount(int count)
{
    m_leaks->setVisible(count > 0);
    m_leaks->setText(u"<a href=\"leaks\">%1</a>"_s.arg(tr("%n leak(s)", nullptr, count)));
}

void StatusBarPanel::setExpiringCount(int count, const QString &detail)
{
    m_expiring->setVisible(count > 0);
    const QColor colour = StatusIcons::color(u"error"_s);
    m_expiring->setText(u"<span style='color:%1'>●</span> %2"_s.arg(
        colour.name(), tr("%n sandbox(es) expiring soon", nullptr, count).toHtmlEscaped()));
    m_expiring->setToolTip(detail);
}

QWidget *StatusBarPanel::transfersIndicator() const
{
    return m_transfers;
}
