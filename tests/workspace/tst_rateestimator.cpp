#include "workspace/rateestimator.h"

#include <QTest>

// The estimator with synthetic timestamps: what it claims, and when.
class TestRateEstimator : public QObject
{
    Q_OBJECT

private slots:
    void claimsNothingDuringTheWarmUp()
    {
        RateEstimator estimator;
        estimator.addSample(0, 0);
        // Qt fills its socket buffer first: 4 MB "sent" in 20 ms is no speed to extrapolate from.
        estimator.addSample(20, 4'000'000);
        estimator.addSample(400, 4'100'000);
        QVERIFY(!estimator.isReady());
        QCOMPARE(estimator.rate(), 0.0);
        QCOMPARE(estimator.secondsLeft(100'000'000), -1);
    }

    void aSteadyRateIsFoundAtOnce()
    {
        RateEstimator estimator;
        for (qint64 ms = 0; ms <= 1000; ms += 100)
            estimator.addSample(ms, double(ms) * 1000); // 1 MB/s
        QVERIFY(estimator.isReady());
        QCOMPARE(qRound(estimator.rate()), 1'000'000);
        QCOMPARE(estimator.secondsLeft(4'000'000), 4);
    }

    void aFiveSecondUploadGetsNoMinutesLongEstimate()
    {
        // 10 MB in 5 s, but the first 300 ms moved almost nothing (connection set-up, TLS).
        RateEstimator estimator;
        const double total = 10'000'000;
        estimator.addSample(0, 0);
        estimator.addSample(300, 1'000);
        qint64 worst = 0;
        for (qint64 ms = 350; ms <= 5000; ms += 50) {
            const double done = std::min(total, 1'000 + double(ms - 300) * total / 4700.0);
            estimator.addSample(ms, done);
            const qint64 left = estimator.secondsLeft(total - done);
            if (ms >= 1000)
                QVERIFY2(left >= 0, "an estimate after one second");
            worst = std::max(worst, left);
        }
        QVERIFY2(worst <= 6, qPrintable(QString::number(worst)));
    }

    void settlesOnANewRateWithinSeconds()
    {
        RateEstimator estimator;
        qint64 ms = 0;
        double done = 0;
        for (; ms <= 10'000; ms += 100, done += 100'000) // 1 MB/s
            estimator.addSample(ms, done);
        for (qint64 end = ms + 6000; ms <= end; ms += 100, done += 25'000) // the link drops to 250 kB/s
            estimator.addSample(ms, done);
        QVERIFY2(std::abs(estimator.rate() - 250'000) < 25'000,
                 qPrintable(QString::number(estimator.rate())));
    }

    void neverZeroSecondsWhileWorkRemains()
    {
        RateEstimator estimator;
        estimator.addSample(0, 0);
        estimator.addSample(1000, 1'000'000'000); // very fast
        QCOMPARE(estimator.secondsLeft(1), 1);
        QCOMPARE(estimator.secondsLeft(0), 0);
    }

    void burstsInOneMillisecondAndRestartsDoNotConfuseIt()
    {
        RateEstimator estimator;
        estimator.addSample(0, 0);
        estimator.addSample(1000, 1'000'000);
        estimator.addSample(1000, 1'500'000); // same millisecond: measured with the next sample
        estimator.addSample(1100, 1'600'000);
        QVERIFY(estimator.rate() > 0);
        // A download that starts over from zero: a new measurement, not a negative speed.
        estimator.addSample(1200, 0);
        QVERIFY(!estimator.isReady());
        QCOMPARE(estimator.secondsLeft(10), -1);
    }
};

QTEST_GUILESS_MAIN(TestRateEstimator)
#include "tst_rateestimator.moc"
