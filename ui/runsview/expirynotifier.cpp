#include "runsview/expirynotifier.h"

#include "common/desktopnotifier.h"
#include "models/displaytext.h"
#include "models/durationtext.h"
#include "models/runlistmodel.h"
#include "session/leakmonitor.h"

#include <QDateTime>
#include <QStringList>
#include <QWidget>

using namespace Qt::StringLiterals;

ExpiryNotifier::ExpiryNotifier(LeakMonitor *monitor, QWidget *window)
    : QObject(window), m_monitor(monitor), m_desktop(new DesktopNotifier(window))
{
    connect(monitor, &LeakMonitor::leaksChanged, this, &ExpiryNotifier::onReport);
}

int ExpiryNotifier::notificationsGiven() const
{
    return m_desktop->notified();
}

void ExpiryNotifier::onReport()
{
    const QList<Leak> &expiring = m_monitor->report().expiringSoon;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QSet<QString> current;
    QStringList lines;
    QStringList fresh;
    for (const Leak &sandbox : expiring) {
        const QString key = QString::number(int(sandbox.provider)) + u'/' + sandbox.sandboxId;
        current.insert(key);
        const QString line =
            tr("%1 %2 (%3): released in %4")
                .arg(RunListModel::providerName(sandbox.provider), DisplayText::visible(sandbox.sandboxId),
                     DisplayText::visible(sandbox.servers.join(u", "_s)),
                     DurationText::span(std::max<qint64>(0, now.secsTo(sandbox.expiresAt))));
        lines.append(line);
        if (!m_announced.contains(key))
            fresh.append(line);
    }
    m_announced = current;
    const int count = int(expiring.size());
    const QString detail = lines.isEmpty() ? QString()
                                           : lines.join(u'\n') + u'\n' +
                                                 tr("Klavis cannot extend a TTL: save what these hold now.");
    if (count != m_count || detail != m_detail) {
        m_count = count;
        m_detail = detail;
        emit expiringChanged(count, detail);
    }
    if (fresh.isEmpty())
        return;
    const QString text =
        fresh.size() == 1 ? tr("%1. Klavis releases it at the end of its TTL and cannot extend it: save "
                               "what it holds now.")
                                .arg(fresh.constFirst())
                          : tr("TTL ending within minutes for %n sandbox(es); Klavis releases them then and "
                               "cannot extend a TTL.",
                               nullptr, int(fresh.size()));
    // The status bar has room for one short line; the notification and the count's tooltip say the rest.
    emit statusMessage(
        tr("TTL ending within minutes for %n sandbox(es): see the status bar.", nullptr, int(fresh.size())));
    m_desktop->notify(tr("Sandbox TTL ending"), text, DesktopNotifier::Severity::Warning);
}
