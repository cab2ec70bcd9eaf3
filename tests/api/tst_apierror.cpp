#include "apierror.h"
#include "fixture.h"

#include <QTest>

using namespace Qt::StringLiterals;

class TestApiError : public QObject
{
    Q_OBJECT

private slots:
    void sentences_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("401") << 401 << u"API key is missing"_s;
        QTest::newRow("403") << 403 << u"API key was refused"_s;
        QTest::newRow("404") << 404 << u"Not found"_s;
        QTest::newRow("422") << 422 << u"rejected a value"_s;
        QTest::newRow("503") << 503 << u"out of capacity"_s;
        QTest::newRow("500") << 500 << u"HTTP 500"_s;
        QTest::newRow("418") << 418 << u"HTTP 418"_s;
    }

    void sentences()
    {
        QFETCH(int, status);
        QFETCH(QString, phrase);
        const auto error = ApiError::http(status, R"({"detail":"x"})");
        QVERIFY2(error.message().contains(phrase), qPrintable(error.message()));
        QCOMPARE(error.httpStatus(), status);
        QCOMPARE(error.kind(), ApiError::Kind::Http);
    }

    void rateLimitedNamesTheWait()
    {
        const auto error = ApiError::http(429, R"({"detail":"Too many requests"})", 7);
        QVERIFY(error.message().contains(u"7 s"_s));
        QCOMPARE(error.retryAfterSeconds(), 7);
    }

    void detailAsString()
    {
        const auto error = ApiError::http(404, R"({"detail":"Sandbox abc not found"})");
        QCOMPARE(error.detailText(), u"Sandbox abc not found"_s);
        QVERIFY(error.fullText().contains(u"Sandbox abc not found"_s));
        QVERIFY(error.fieldErrors().isEmpty());
    }

    void detailAsFastApiList()
    {
        const auto error = ApiError::http(
            422,
            R"({"detail":[{"loc":["body","ttl_seconds"],"msg":"Input should be less than or equal to 86400","type":"less_than_equal"},{"loc":["body","server_names",0],"msg":"Input should be 'filesystem'","type":"enum"}]})");
        QCOMPARE(error.fieldErrors().size(), 2);
        QCOMPARE(error.fieldErrors()[0].fieldName(), u"ttl_seconds"_s);
        QCOMPARE(error.fieldErrors()[1].fieldName(), u"server_names"_s);
        QCOMPARE(error.fieldErrors()[1].location, QStringList({u"body"_s, u"server_names"_s, u"0"_s}));
        QCOMPARE(
            error.detailText(),
            u"ttl_seconds: Input should be less than or equal to 86400; server_names.0: Input should be 'filesystem'"_s);
    }

    void detailAsObject()
    {
        const auto error = ApiError::http(400, R"({"detail":{"code":"pool","reason":"empty"}})");
        QVERIFY(error.detail().isObject());
        QCOMPARE(error.detailText(), uR"({"code":"pool","reason":"empty"})"_s);
    }

    void nonJsonBodies()
    {
        const auto html = ApiError::http(502, readFixture(u"html.txt"_s));
        QVERIFY(html.detail().isUndefined());
        QVERIFY(html.rawBody().startsWith("<html>"));
        QVERIFY(!html.detailText().isEmpty());
        const auto xml = ApiError::http(403, readFixture(u"gcs-signature.xml"_s));
        QVERIFY(xml.detailText().startsWith(u"SignatureDoesNotMatch: The request signature"_s));
    }

    void otherKinds()
    {
        QVERIFY(!ApiError().isError());
        QCOMPARE(ApiError::timeout(60).kind(), ApiError::Kind::Timeout);
        QVERIFY(ApiError::timeout(60).message().contains(u"60 s"_s));
        QCOMPARE(ApiError::cancelled().kind(), ApiError::Kind::Cancelled);
        QVERIFY(ApiError::network(u"Connection refused"_s).message().contains(u"Connection refused"_s));
        QCOMPARE(ApiError::decode(u"x"_s, "body").rawBody(), QByteArray("body"));
    }
};

QTEST_GUILESS_MAIN(TestApiError)
#include "tst_apierror.moc"
