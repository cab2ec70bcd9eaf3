#include "api/retrypolicy.h"

#include <QDateTime>
#include <QRandomGenerator>

#include <algorithm>
#include <limits>

RetryPolicy::RetryPolicy(int maxAttempts, int backoffBaseMs, int maxRetryAfterSeconds)
    : m_maxAttempts(std::max(1, maxAttempts)), m_backoffBaseMs(std::max(0, backoffBaseMs)),
      m_maxRetryAfterSeconds(maxRetryAfterSeconds)
{}

bool RetryPolicy::isRetryableStatus(int httpStatus)
{
    switch (httpStatus) {
    case 408:
    case 429:
    case 500:
    case 502:
    case 503:
    case 504:
        return true;
    default:
        return false;
    }
}

bool RetryPolicy::isRetryableNetworkError(QNetworkReply::NetworkError error) const
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::UnknownNetworkError:
    case QNetworkReply::TimeoutError:
        return true;
    default:
        return false;
    }
}

int RetryPolicy::delayMs(int attemptsMade, int retryAfterSeconds) const
{
    if (retryAfterSeconds >= 0)
        return std::min(retryAfterSeconds, m_maxRetryAfterSeconds) * 1000;
    const int exponential = m_backoffBaseMs << std::clamp(attemptsMade - 1, 0, 10);
    // Full jitter between half and the whole delay keeps many clients from retrying in lockstep.
    const int jitter = int(QRandomGenerator::global()->bounded(exponential / 2 + 1));
    return exponential / 2 + jitter;
}

int RetryPolicy::parseRetryAfter(const QByteArray &value)
{
    const qint64 seconds = parseRetryAfterSeconds(value);
    return int(std::min<qint64>(seconds, std::numeric_limits<int>::max()));
}

qint64 RetryPolicy::parseRetryAfterSeconds(const QByteArray &value)
{
    const QByteArray text = value.trimmed();
    if (text.isEmpty())
        return -1;
    if (std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        // More digits than any real wait: a wait of forever, not an overflow into a short one.
        constexpr qint64 endless = qint64(1) << 50;
        return text.size() > 15 ? endless : std::min(text.toLongLong(), endless);
    }
    const QDateTime date = parseHttpDate(text);
    if (!date.isValid())
        return -1;
    return std::max<qint64>(0, QDateTime::currentDateTimeUtc().secsTo(date));
}

namespace {

int monthNumber(QByteArrayView name)
{
    static constexpr const char *months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                             "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    for (int i = 0; i < 12; ++i) {
        if (name.compare(QByteArrayView(months[i]), Qt::CaseInsensitive) == 0)
            return i + 1;
    }
    return 0;
}

int number(QByteArrayView digits, int minLength, int maxLength)
{
    if (digits.size() < minLength || digits.size() > maxLength)
        return -1;
    int value = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9')
            return -1;
        value = value * 10 + (c - '0');
    }
    return value;
}

QTime timeOfDay(QByteArrayView text)
{
    const QList<QByteArrayView> parts = {text.first(std::min<qsizetype>(2, text.size())),
                                         text.size() == 8 ? text.sliced(3, 2) : QByteArrayView(),
                                         text.size() == 8 ? text.sliced(6, 2) : QByteArrayView()};
    if (text.size() != 8 || text.at(2) != ':' || text.at(5) != ':')
        return {};
    // A leap second (60) is legal in HTTP-dates and harmless to read as 59.
    const int seconds = number(parts.at(2), 2, 2);
    return QTime(number(parts.at(0), 2, 2), number(parts.at(1), 2, 2), seconds == 60 ? 59 : seconds);
}

QDateTime utc(int year, int month, int day, QTime time)
{
    const QDate date(year, month, day);
    if (!date.isValid() || !time.isValid())
        return {};
    return QDateTime(date, time, Qt::UTC);
}

} // namespace

QDateTime RetryPolicy::parseHttpDate(const QByteArray &value)
{
    const QList<QByteArray> tokens = value.simplified().split(' ');
    // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
    if (tokens.size() == 6 && tokens.at(0).endsWith(',') && tokens.at(5) == "GMT")
        return utc(number(tokens.at(3), 4, 4), monthNumber(tokens.at(2)), number(tokens.at(1), 1, 2),
                   timeOfDay(tokens.at(4)));
    // RFC 850: "Sunday, 06-Nov-94 08:49:37 GMT"; a two-digit year more than 50 years ahead is in the past.
    if (tokens.size() == 4 && tokens.at(0).endsWith(',') && tokens.at(3) == "GMT") {
        const QList<QByteArray> date = tokens.at(1).split('-');
        if (date.size() != 3)
            return {};
        const int shortYear = number(date.at(2), 2, 2);
        if (shortYear < 0)
            return {};
        const int thisYear = QDate::currentDate().year();
        int year = thisYear / 100 * 100 + shortYear;
        if (year > thisYear + 50)
            year -= 100;
        return utc(year, monthNumber(date.at(1)), number(date.at(0), 2, 2), timeOfDay(tokens.at(2)));
    }
    // asctime: "Sun Nov  6 08:49:37 1994"
    if (tokens.size() == 5)
        return utc(number(tokens.at(4), 4, 4), monthNumber(tokens.at(1)), number(tokens.at(2), 1, 2),
                   timeOfDay(tokens.at(3)));
    return {};
}
