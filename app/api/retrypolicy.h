#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QNetworkReply>

// Which failures are worth another attempt, and how long to wait: on 408, 429, 500, 502, 503, 504 and
// connection errors, with jittered exponential backoff or the server's Retry-After (capped). The transport
// retries idempotent calls only, except after a 429, which says the call was not carried out.
class RetryPolicy
{
public:
    RetryPolicy(int maxAttempts, int backoffBaseMs, int maxRetryAfterSeconds);

    int maxAttempts() const { return m_maxAttempts; }
    static bool isRetryableStatus(int httpStatus);
    bool isRetryableNetworkError(QNetworkReply::NetworkError error) const;
    // attemptsMade: how many attempts have failed so far (1 after the first).
    int delayMs(int attemptsMade, int retryAfterSeconds) const;

    // Retry-After is either delta-seconds or an HTTP-date; -1 when absent or unreadable. Clamped to
    // INT_MAX: parseRetryAfterSeconds tells a wait of years from one of minutes.
    static int parseRetryAfter(const QByteArray &value);
    static qint64 parseRetryAfterSeconds(const QByteArray &value);
    // An HTTP-date in any of the three forms RFC 7231 7.1.1.1 requires a recipient to read (IMF-fixdate,
    // RFC 850, asctime), as UTC; invalid when it is none of them.
    static QDateTime parseHttpDate(const QByteArray &value);

private:
    int m_maxAttempts;
    int m_backoffBaseMs;
    int m_maxRetryAfterSeconds;
};
