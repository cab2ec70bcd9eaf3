#include "api/isotimestamp.h"

namespace {

bool digits(QStringView text, qsizetype at, int count, int *out)
{
    if (at + count > text.size())
        return false;
    int value = 0;
    for (int i = 0; i < count; ++i) {
        const char16_t c = text[at + i].unicode();
        if (c < u'0' || c > u'9')
            return false;
        value = value * 10 + (c - u'0');
    }
    *out = value;
    return true;
}

bool fastParse(QStringView text, qint64 *msecsSinceEpoch)
{
    int year, month, day, hour, minute, second;
    if (text.size() < 19 || text[4] != u'-' || text[7] != u'-' || (text[10] != u'T' && text[10] != u' ') ||
        text[13] != u':' || text[16] != u':')
        return false;
    if (!digits(text, 0, 4, &year) || !digits(text, 5, 2, &month) || !digits(text, 8, 2, &day) ||
        !digits(text, 11, 2, &hour) || !digits(text, 14, 2, &minute) || !digits(text, 17, 2, &second))
        return false;
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
        return false;
    qsizetype at = 19;
    int millis = 0;
    if (at < text.size() && text[at] == u'.') {
        ++at;
        int scale = 100;
        while (at < text.size() && text[at] >= u'0' && text[at] <= u'9') {
            millis += (text[at].unicode() - u'0') * scale;
            scale /= 10;
            ++at;
        }
    }
    int offsetSeconds = 0;
    if (at < text.size()) {
        const QChar sign = text[at];
        if (sign == u'Z' && at + 1 == text.size()) {
            ++at;
        } else if ((sign == u'+' || sign == u'-') && text.size() == at + 6 && text[at + 3] == u':') {
            int offsetHours, offsetMinutes;
            if (!digits(text, at + 1, 2, &offsetHours) || !digits(text, at + 4, 2, &offsetMinutes))
                return false;
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (sign == u'-' ? -1 : 1);
            at += 6;
        } else {
            return false;
        }
    }
    if (at != text.size())
        return false;
    const QDate date(year, month, day);
    if (!date.isValid())
        return false;
    const qint64 days = date.toJulianDay() - QDate(1970, 1, 1).toJulianDay();
    *msecsSinceEpoch =
        ((days * 86400 + qint64{hour} * 3600 + qint64{minute} * 60 + second) - offsetSeconds) * 1000 + millis;
    return true;
}

} // namespace

QDateTime IsoTimestamp::parse(QStringView text)
{
    if (text.isEmpty())
        return {};
    qint64 msecs = 0;
    if (fastParse(text, &msecs))
        return QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC);
    auto parsed = QDateTime::fromString(text.toString(), Qt::ISODateWithMs);
    return parsed.isValid() ? parsed.toUTC() : QDateTime();
}
