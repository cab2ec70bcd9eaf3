#include "api/ratelimiter.h"
#include "api/retrypolicy.h"

#include <QDateTime>
#include <QLocale>
#include <QTest>

#include <limits>

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

    void parseRetryAfterRejectsSignsAndSaturates()
    {
        QCOMPARE(RetryPolicy::parseRetryAfter("-5"), -1);
        QCOMPARE(RetryPolicy::parseRetryAfter("+5"), -1);
        QCOMPARE(RetryPolicy::parseRetryAfter("5s"), -1);
        // An overflowing count is a very long wait, never a short or negative one.
        QCOMPARE(RetryPolicy::parseRetryAfter("99999999999999999999999"), std::numeric_limits<int>::max());
        QVERIFY(RetryPolicy::parseRetryAfterSeconds("99999999999999999999999") > qint64(1) << 40);
        QCOMPARE(RetryPolicy::parseRetryAfterSeconds("4294967296"), qint64(4294967296));
    }

    void httpDateForms_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QDateTime>("expected");
        const QDateTime nov6(QDate(1994, 11, 6), QTime(8, 49, 37), Qt::UTC);
        QTest::newRow("IMF-fixdate") << QByteArray("Sun, 06 Nov 1994 08:49:37 GMT") << nov6;
        QTest::newRow("RFC 850") << QByteArray("Sunday, 06-Nov-94 08:49:37 GMT") << nov6;
        QTest::newRow("asctime") << QByteArray("Sun Nov  6 08:49:37 1994") << nov6;
        QTest::newRow("year 9999") << QByteArray("Fri, 31 Dec 9999 23:59:59 GMT")
                                   << QDateTime(QDate(9999, 12, 31), QTime(23, 59, 59), Qt::UTC);
        QTest::newRow("not GMT") << QByteArray("Sun, 06 Nov 1994 08:49:37 PST") << QDateTime();
        QTest::newRow("bad month") << QByteArray("Sun, 06 Foo 1994 08:49:37 GMT") << QDateTime();
        QTest::newRow("31 Feb") << QByteArray("Sun, 31 Feb 1994 08:49:37 GMT") << QDateTime();
        QTest::newRow("25 h") << QByteArray("Sun, 06 Nov 1994 25:49:37 GMT") << QDateTime();
        QTest::newRow("short time") << QByteArray("Sun, 06 Nov 1994 8:49:37 GMT") << QDateTime();
        QTest::newRow("empty") << QByteArray() << QDateTime();
    }

    void httpDateForms()
    {
        QFETCH(QByteArray, text);
        QFETCH(QDateTime, expected);
        const QDateTime parsed = RetryPolicy::parseHttpDate(text);
        QCOMPARE(parsed.isValid(), expected.isValid());
        if (expected.isValid())
            QCOMPARE(parsed, expected);
    }

    void farFutureDateIsAFarFutureWait()
    {
        const qint64 seconds = RetryPolicy::parseRetryAfterSeconds("Fri, 31 Dec 9999 23:59:59 GMT");
        QVERIFY2(seconds > qint64(200'000'000'000), QByteArray::number(seconds).constData());
        QCOMPARE(RetryPolicy::parseRetryAfter("Fri, 31 Dec 9999 23:59:59 GMT"),
                 std::numeric_limits<int>::max());
        QCOMPARE(RetryPolicy::parseRetryAfterSeconds("Sun, 06 Nov 1994 08:49:37 GMT"), 0); // the past: now
    }
};

QTEST_GUILESS_MAIN(TestTransportPolicy)
#include "tst_transportpolicy.moc"
