#include "retrypolicy.h"

#include <QDateTime>
#include <QLocale>
#include <QRandomGenerator>

#include <algorithm>

RetryPolicy::RetryPolicy(int maxAttempts, int backoffBaseMs, int maxRetryAfterSeconds)
    : m_maxAttempts(std::max(1, maxAttempts)), m_backoffBaseMs(std::max(0, backoffBaseMs)),
      m_maxRetryAfterSeconds(maxRetryAfterSeconds)
{}

bool RetryPolicy::isRetryableStatus(int httpStatus) const
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
    const auto text = value.trimmed();
    if (text.isEmpty())
        return -1;
    bool isNumber = false;
    const int seconds = text.toInt(&isNumber);
    if (isNumber)
        return std::max(0, seconds);
    const auto date = QLocale::c().toDateTime(QString::fromLatin1(text).remove(QLatin1String(" GMT")),
                                              QStringLiteral("ddd, dd MMM yyyy HH:mm:ss"));
    if (!date.isValid())
        return -1;
    QDateTime utc = date;
    utc.setTimeSpec(Qt::UTC);
    return int(std::max<qint64>(0, QDateTime::currentDateTimeUtc().secsTo(utc)));
}
