#include "api/apierror.h"
#include "fixture.h"

#include <QTest>

using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(ApiError)

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
        // Front-end neutral: each front end says how its user gives a key.
        QVERIFY(!error.message().contains(u"Settings"_s));
        QVERIFY(!error.message().contains(u"KLAVIS_API_KEY"_s));
        QCOMPARE(error.httpStatus(), status);
        QCOMPARE(error.kind(), ApiError::Kind::Http);
    }

    void notFoundDependsOnTheRequest()
    {
        const auto action = ApiError::http(404, R"({"detail":"Sandbox abc not found"})");
        QVERIFY2(action.message().contains(u"released"_s), qPrintable(action.message()));
        const auto acquire = ApiError::http(404, R"({"detail":"Test account a@b.c not found for github"})",
                                            -1, ApiError::Request::Acquire);
        QVERIFY2(!acquire.message().contains(u"released"_s), qPrintable(acquire.message()));
        QVERIFY2(acquire.message().contains(u"test account"_s), qPrintable(acquire.message()));
    }

    void refusedAcquireSaysNothingWasAcquired()
    {
        const auto error = ApiError::http(503, R"({"detail":"No idle sandbox available for github"})", -1,
                                          ApiError::Request::Acquire);
        QVERIFY2(error.message().contains(u"Nothing was acquired"_s), qPrintable(error.message()));
        QVERIFY(!error.mayHaveTakenEffect());
    }

    void mayHaveTakenEffect_data()
    {
        QTest::addColumn<ApiError>("error");
        QTest::addColumn<bool>("ambiguous");
        QTest::newRow("dropped connection") << ApiError::network(u"reset"_s) << true;
        QTest::newRow("timeout") << ApiError::timeout(30) << true;
        QTest::newRow("whole-call deadline") << ApiError::deadline(60) << true;
        QTest::newRow("500") << ApiError::http(500, "oops") << true;
        QTest::newRow("502") << ApiError::http(502, "<html>bad gateway</html>") << true;
        QTest::newRow("503 refusal") << ApiError::http(503, R"({"detail":"No idle sandbox"})") << false;
        QTest::newRow("501") << ApiError::http(501, "{}") << false;
        QTest::newRow("404") << ApiError::http(404, "{}") << false;
        QTest::newRow("422") << ApiError::http(422, "{}") << false;
        QTest::newRow("local refusal") << ApiError::local(u"bad URL"_s) << false;
        QTest::newRow("2xx unreadable") << ApiError::decode(u"not JSON"_s) << true;
    }

    void mayHaveTakenEffect()
    {
        QFETCH(ApiError, error);
        QFETCH(bool, ambiguous);
        QCOMPARE(error.mayHaveTakenEffect(), ambiguous);
    }

    void keyProblems()
    {
        QVERIFY(ApiError::http(401, "{}").isKeyProblem());
        QVERIFY(ApiError::http(403, "{}").isKeyProblem());
        QVERIFY(!ApiError::http(404, "{}").isKeyProblem());
        QVERIFY(!ApiError::network(u"x"_s).isKeyProblem());
        // A refused key whose body carries a code that is not about quota or permission stays a key problem.
        QVERIFY(ApiError::http(403, "{\"error\":\"Forbidden\",\"code\":403,\"message\":\"Invalid API key\"}")
                    .isKeyProblem());
        QVERIFY(ApiError::http(401, "{\"code\":\"UNAUTHORIZED\"}").isKeyProblem());
    }

    // A 403 or 401 the server gives for a quota or a missing permission: another key would not help, so no
    // front end asks for one (the transport's authenticationFailed is not emitted either).
    void quotaAndPermissionAreNotKeyProblems()
    {
        const ApiError quota = ApiError::http(403, "{\"code\":\"QUOTA_EXCEEDED\",\"message\":\"quota\"}");
        QCOMPARE(quota.serverCode(), u"QUOTA_EXCEEDED"_s);
        QVERIFY(!quota.isKeyProblem());
        const ApiError edge =
            ApiError::http(403, "{\"error\":{\"code\":\"PERMISSION_DENIED\",\"message\":\"role viewer\"}}");
        QCOMPARE(edge.serverCode(), u"PERMISSION_DENIED"_s);
        QVERIFY(!edge.isKeyProblem());
        QVERIFY(!ApiError::http(401, "{\"code\":\"insufficient_permissions\"}").isKeyProblem());
        // Codes are kept as identifiers only, and absurd numbers are not codes.
        QCOMPARE(ApiError::http(403, "{\"code\":\"QUOTA\\u001b[31m<b>\"}").serverCode(), u"QUOTA31mb"_s);
        QVERIFY(ApiError::http(403, "{\"code\":1e300}").serverCode().isEmpty());
        QVERIFY(ApiError::http(403, "{\"code\":1e300}").isKeyProblem());
        QCOMPARE(ApiError::http(403, QByteArray("{\"code\":\"") + QByteArray(500, 'Q') + "\"}")
                     .serverCode()
                     .size(),
                 64);
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

    void htmlPageIsShownAsText()
    {
        const auto error = ApiError::http(
            502, "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title><script>var x = '<b>';</script>"
                 "<style>body { color: red }</style></head><body>\n  <h1>Bad&nbsp;Gateway</h1>\n"
                 "<!-- upstream a1 --><p>Try&#32;again &amp; again &#x3C;soon&#x3e; &bogus; "
                 "&#27;</p></body></html>");
        const QString text = error.detailText();
        QCOMPARE(text, u"502 Bad Gateway Bad Gateway Try again & again <soon> &bogus; &#27;"_s);
    }

    void longBodyExcerptIsCapped()
    {
        const auto error = ApiError::http(500, QByteArray(10'000, 'x'));
        QCOMPARE(error.detailText().size(), 300);
        QVERIFY(error.detailText().endsWith(u"\u2026"_s));
    }

    void redactRemovesKeyAndBearerTokens()
    {
        const QString key = u"sk-live-0123456789abcdef"_s;
        auto error = ApiError::http(
            400,
            R"({"detail":"got Authorization: Bearer sk-live-0123456789abcdef and sk-live-0123456789abcdef"})");
        error.redact(key);
        QCOMPARE(
            error.detailText(),
            u"got Authorization: Bearer \u2022\u2022\u2022\u2022\u2022\u2022 and \u2022\u2022\u2022\u2022\u2022\u2022"_s);
        auto raw =
            ApiError::http(502, "<p>Authorization: bearer other-token-xyz; key=sk-live-0123456789abcdef</p>");
        raw.redact(key);
        QVERIFY(!raw.rawBody().contains("other-token-xyz"));
        QVERIFY(!raw.rawBody().contains("sk-live-0123456789abcdef"));
        QVERIFY2(raw.detailText().contains(u"bearer \u2022\u2022\u2022\u2022\u2022\u2022"_s),
                 qPrintable(raw.detailText()));
        auto fields = ApiError::http(
            422,
            R"({"detail":[{"loc":["body","sk-live-0123456789abcdef"],"msg":"bad sk-live-0123456789abcdef","type":"x"}]})");
        fields.redact(key);
        QVERIFY(!fields.detailText().contains(key));
    }

    void shortKeyIsRedactedOnlyAsAWholeToken()
    {
        // The emulator's key is "k": every k in a sentence must survive.
        auto error = ApiError::http(400, R"({"detail":"Check the key k, then k again"})");
        error.redact(u"k"_s);
        QCOMPARE(
            error.detailText(),
            u"Check the key \u2022\u2022\u2022\u2022\u2022\u2022, then \u2022\u2022\u2022\u2022\u2022\u2022 again"_s);
        QVERIFY(error.message().contains(u"malformed"_s));
    }

    void decodeFailureMasksSecretValues()
    {
        const QByteArray body =
            R"({"sandbox_id":"sb-1","auth_data":{"token":"ghp_secret1","nested":{"a":[1,"x"]}},"metadata":"m-secret2",)"
            R"("name":"visible","api_key":"secret3","access_token":"secret4", "refresh_token" : "secret5"})";
        const auto error = ApiError::decode(u"x"_s, body);
        const QString shown = error.fullText() + QString::fromUtf8(error.rawBody());
        for (const char *secret : {"ghp_secret1", "m-secret2", "secret3", "secret4", "secret5"})
            QVERIFY2(!shown.contains(QLatin1String(secret)), qPrintable(shown));
        QVERIFY(shown.contains(u"visible"_s));
        QVERIFY(shown.contains(u"sb-1"_s));
        // Cut in the middle of a secret value: everything after the key goes.
        const auto cut = ApiError::decode(u"x"_s, "{\"auth_data\":{\"token\":\"ghp_sec");
        QVERIFY(!cut.rawBody().contains("ghp_sec"));
        // A string value with an escaped quote is skipped whole.
        const auto escaped = ApiError::decode(u"x"_s, "{\"password\":\"a\\\"b secret6\",\"ok\":1}");
        QVERIFY2(!escaped.rawBody().contains("secret6"), escaped.rawBody().constData());
        QVERIFY(escaped.rawBody().contains("\"ok\":1"));
    }
};

QTEST_GUILESS_MAIN(TestApiError)
#include "tst_apierror.moc"
