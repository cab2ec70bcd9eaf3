#include "models/relativetime.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

QString RelativeTime::relativeAge(const QDateTime &when, const QDateTime &now)
{
    if (!when.isValid() || !now.isValid())
        return {};
    const qint64 seconds = when.secsTo(now);
    // Clocks on either side disagree by seconds; only a clearly future time is called out.
    if (seconds < -60)
        return QCoreApplication::translate("RelativeTime", "in the future");
    if (seconds < 60)
        return QCoreApplication::translate("RelativeTime", "just now");
    if (seconds < 3600)
        return QCoreApplication::translate("RelativeTime", "%1 min ago").arg(seconds / 60);
    if (seconds < 86400)
        return QCoreApplication::translate("RelativeTime", "%1 h ago").arg(seconds / 3600);
    return QCoreApplication::translate("RelativeTime", "%1 d ago").arg(seconds / 86400);
}

QString RelativeTime::absoluteTime(const QDateTime &when)
{
    if (!when.isValid())
        return {};
    return when.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss t"_s);
}
