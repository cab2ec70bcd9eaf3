#include "ratelimiter.h"
#include "retrypolicy.h"

#include <QDateTime>
#include <QLocale>
#include <QTest>

using namespace Qt::StringLiterals;

class TestTransportPolicy : public QObject
{
    Q_OBJECT

private slots:
    void tokenBucketAllowsBurstThenPaces()
    {
        RateLimiter limiter(2.0, 2);
        QCOMPARE(limiter.reserve(), 0);
        QCOMPARE(limiter.reserve(), 0);
        const auto third = limiter.reserve();
        QVERIFY2(third >= 400 && third <= 500, QByteArray::number(third).constData());
        const auto fourth = limiter.reserve();
        QVERIFY2(fourth >= 900 && fourth <= 1000, QByteArray::number(fourth).constData());
    }

    void holdDelaysEveryone()
    {
        RateLimiter limiter(100.0, 10);
        limiter.holdFor(3000);
        QVERIFY(limiter.reserve() > 2900);
    }

    void zeroRateMeansUnlimited()
    {
        RateLimiter limiter(0, 1);
        for (int i = 0; i < 100; ++i)
            QCOMPARE(limiter.reserve(), 0);
    }

    void retryableStatuses()
    {
        const RetryPolicy policy(3, 500, 30);
        for (int status : {408, 429, 500, 502, 503, 504})
            QVERIFY(policy.isRetryableStatus(status));
        for (int status : {400, 401, 403, 404, 409, 422, 501})
            QVERIFY(!policy.isRetryableStatus(status));
        QVERIFY(policy.isRetryableNetworkError(QNetworkReply::ConnectionRefusedError));
        QVERIFY(!policy.isRetryableNetworkError(QNetworkReply::ContentNotFoundError));
    }

    void backoffGrowsWithJitter()
    {
        const RetryPolicy policy(3, 400, 30);
        for (int i = 0; i < 50; ++i) {
            const int first = policy.delayMs(1, -1);
            QVERIFY(first >= 200 && first <= 400);
            const int second = policy.delayMs(2, -1);
            QVERIFY(second >= 400 && second <= 800);
        }
    }

    void retryAfterHonouredAndCapped()
    {
        const RetryPolicy policy(3, 400, 30);
        QCOMPARE(policy.delayMs(1, 2), 2000);
        QCOMPARE(policy.delayMs(1, 300), 30000);
    }

    void parseRetryAfter()
    {
        QCOMPARE(RetryPolicy::parseRetryAfter("7"), 7);
        QCOMPARE(RetryPolicy::parseRetryAfter(" 0 "), 0);
        QCOMPARE(RetryPolicy::parseRetryAfter(""), -1);
        QCOMPARE(RetryPolicy::parseRetryAfter("soon"), -1);
        const auto inTenSeconds = QDateTime::currentDateTimeUtc().addSecs(10);
        const QString httpDate =
            QLocale::c().toString(inTenSeconds, u"ddd, dd MMM yyyy HH:mm:ss"_s) + u" GMT"_s;
        const int parsed = RetryPolicy::parseRetryAfter(httpDate.toLatin1());
        QVERIFY2(parsed >= 8 && parsed <= 10, QByteArray::number(parsed).constData());
    }
};

QTEST_GUILESS_MAIN(TestTransportPolicy)
#include "tst_transportpolicy.moc"
