// StoreErrorXml: the object store's XML error body, read by one parser for the API error and the jobs.
#include "api/storeerrorxml.h"

#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;

class TestStoreErrorXml : public QObject
{
    Q_OBJECT

private slots:
    void parse_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");

        QFile fixture(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR "/klavis/gcs-signature.xml"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        QTest::newRow("GCS fixture")
            << fixture.readAll() << u"SignatureDoesNotMatch"_s
            << u"The request signature we calculated does not match the signature you "
               "provided."_s;
        QTest::newRow("entities and CDATA")
            << QByteArray("<Error><Code>AccessDenied</Code><Message>a &amp; b &lt;c&gt; <![CDATA[<raw>]]>"
                          "</Message></Error>")
            << u"AccessDenied"_s << u"a & b <c> <raw>"_s;
        QTest::newRow("whitespace and order")
            << QByteArray(
                   "<?xml version='1.0'?>\n<Error>\n  <Message> expired </Message>\n  <Code> ExpiredToken "
                   "</Code>\n</Error>")
            << u"ExpiredToken"_s << u"expired"_s;
        QTest::newRow("nested message is not the store's")
            << QByteArray("<Error><Details><Message>inner</Message></Details><Code>X</Code></Error>")
            << u"X"_s << QString();
        QTest::newRow("first of each wins")
            << QByteArray(
                   "<Error><Code>A</Code><Code>B</Code><Message>m1</Message><Message>m2</Message></Error>")
            << u"A"_s << u"m1"_s;
        QTest::newRow("cut short keeps what came first")
            << QByteArray("<Error><Code>ExpiredToken</Code><Message>The provided tok") << u"ExpiredToken"_s
            << QString();
        QTest::newRow("another root")
            << QByteArray("<Html><Code>X</Code><Message>m</Message></Html>") << QString() << QString();
        QTest::newRow("not XML") << QByteArray("{\"detail\": \"nope\"}") << QString() << QString();
        QTest::newRow("empty") << QByteArray() << QString() << QString();
        QTest::newRow("element with children is not text")
            << QByteArray("<Error><Code>C</Code><Message>a<b>bold</b>c</Message></Error>") << u"C"_s
            << u"ac"_s;
    }

    void parse()
    {
        QFETCH(QByteArray, body);
        const StoreErrorXml xml = StoreErrorXml::parse(body);
        QTEST(xml.code, "code");
        QTEST(xml.message, "message");
    }

    void readsOnlyTheFirstBytesAsked()
    {
        const QByteArray body =
            "<Error><Code>C</Code>" + QByteArray(100'000, ' ') + "<Message>late</Message></Error>";
        QCOMPARE(StoreErrorXml::parse(body).message, QString());
        QCOMPARE(StoreErrorXml::parse(body, body.size()).message, u"late"_s);
    }
};

QTEST_APPLESS_MAIN(TestStoreErrorXml)
#include "tst_storeerrorxml.moc"
