// ContentRange: the header that decides where a resumed download continues.
#include "api/contentrange.h"

#include <QTest>

class TestContentRange : public QObject
{
    Q_OBJECT

private slots:
    void parse_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<qint64>("first");
        QTest::addColumn<qint64>("last");
        QTest::addColumn<qint64>("total");

        QTest::newRow("range") << QByteArray("bytes 100-199/1000") << true << 100LL << 199LL << 1000LL;
        QTest::newRow("padded") << QByteArray("  bytes 0-0/1 ") << true << 0LL << 0LL << 1LL;
        QTest::newRow("unknown length") << QByteArray("bytes 5-9/*") << true << 5LL << 9LL << -1LL;
        QTest::newRow("416") << QByteArray("bytes */1000") << true << -1LL << -1LL << 1000LL;
        QTest::newRow("largest") << QByteArray("bytes 0-9223372036854775806/9223372036854775807") << true
                                 << 0LL << 9223372036854775806LL << 9223372036854775807LL;
        // Each of these was read as a range starting at 0 (or worse) by a parser that takes what it can.
        QTest::newRow("overflow") << QByteArray("bytes 99999999999999999999-1/5") << false << -1LL << -1LL
                                  << -1LL;
        QTest::newRow("total overflow")
            << QByteArray("bytes 0-1/99999999999999999999") << false << -1LL << -1LL << -1LL;
        QTest::newRow("backwards") << QByteArray("bytes 10-5/100") << false << -1LL << -1LL << -1LL;
        QTest::newRow("past the end") << QByteArray("bytes 0-100/100") << false << -1LL << -1LL << -1LL;
        QTest::newRow("negative") << QByteArray("bytes -1-5/100") << false << -1LL << -1LL << -1LL;
        QTest::newRow("plus sign") << QByteArray("bytes +1-5/100") << false << -1LL << -1LL << -1LL;
        QTest::newRow("nothing known") << QByteArray("bytes */*") << false << -1LL << -1LL << -1LL;
        QTest::newRow("other unit") << QByteArray("items 0-1/2") << false << -1LL << -1LL << -1LL;
        QTest::newRow("trailing") << QByteArray("bytes 0-1/2, 3-4/5") << false << -1LL << -1LL << -1LL;
        QTest::newRow("empty") << QByteArray() << false << -1LL << -1LL << -1LL;
        QTest::newRow("NUL inside") << QByteArray("bytes 0-1\0/2", 12) << false << -1LL << -1LL << -1LL;
    }

    void parse()
    {
        QFETCH(QByteArray, header);
        QFETCH(bool, valid);
        const ContentRange range = ContentRange::parse(header);
        QCOMPARE(range.valid, valid);
        if (!valid)
            return;
        QTEST(range.first, "first");
        QTEST(range.last, "last");
        QTEST(range.total, "total");
    }
};

QTEST_APPLESS_MAIN(TestContentRange)
#include "tst_contentrange.moc"
