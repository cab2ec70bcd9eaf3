// RequestRecorder: nothing kept while off, the newest N kept when on, with a count of those pushed out.

#include "emulator/server/requestrecorder.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Emulator::RecordedRequest;
using Emulator::RequestRecorder;

namespace {

RecordedRequest numbered(qsizetype number)
{
    RecordedRequest request;
    request.method = "GET";
    request.path = u"/sandbox/"_s + QString::number(number);
    request.status = 200;
    return request;
}

} // namespace

class TestRequestRecorder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void offKeepsNothing()
    {
        RequestRecorder recorder;
        QVERIFY(!recorder.isRecording());
        for (qsizetype i = 0; i < 5; ++i)
            recorder.record(numbered(i));
        QVERIFY(recorder.requests().isEmpty());
        QCOMPARE(recorder.dropped(), 0);
    }

    void keepsTheNewestAndCountsWhatItDropped()
    {
        RequestRecorder recorder;
        recorder.setKeepLast(RequestRecorder::defaultKeepLast);
        constexpr qsizetype kept = RequestRecorder::defaultKeepLast;
        constexpr qsizetype beyond = 7;
        for (qsizetype i = 0; i < kept + beyond; ++i)
            recorder.record(numbered(i));
        const QList<RecordedRequest> requests = recorder.requests();
        QCOMPARE(requests.size(), kept);
        QCOMPARE(recorder.dropped(), beyond);
        // Oldest first, with no gap where the ring wrapped.
        for (qsizetype i = 0; i < kept; ++i) {
            if (requests.at(i).path != numbered(beyond + i).path)
                QFAIL(qPrintable(u"request %1 is %2"_s.arg(i).arg(requests.at(i).path)));
        }

        recorder.clear();
        QVERIFY(recorder.requests().isEmpty());
        QCOMPARE(recorder.dropped(), 0);
        QVERIFY(recorder.isRecording()); // clearing keeps the setting
        recorder.record(numbered(1));
        QCOMPARE(recorder.requests().size(), 1);
    }

    void aSmallerBoundDropsTheOldestAndZeroStops()
    {
        RequestRecorder recorder;
        recorder.setKeepLast(4);
        for (qsizetype i = 0; i < 6; ++i) // wraps: 2, 3, 4, 5 kept
            recorder.record(numbered(i));
        recorder.setKeepLast(3);
        QList<RecordedRequest> requests = recorder.requests();
        QCOMPARE(requests.size(), 3);
        QCOMPARE(requests.constFirst().path, numbered(3).path);
        QCOMPARE(requests.constLast().path, numbered(5).path);
        QCOMPARE(recorder.dropped(), 3);
        recorder.record(numbered(6));
        requests = recorder.requests();
        QCOMPARE(requests.constFirst().path, numbered(4).path);
        QCOMPARE(requests.constLast().path, numbered(6).path);

        recorder.setKeepLast(0);
        QVERIFY(!recorder.isRecording());
        QVERIFY(recorder.requests().isEmpty());
        recorder.record(numbered(7));
        QVERIFY(recorder.requests().isEmpty());
        QCOMPARE(recorder.dropped(), 7);
    }
};

QTEST_GUILESS_MAIN(TestRequestRecorder)
#include "tst_requestrecorder.moc"
