#include "api/blaxelerrordecoder.h"
#include "api/unsafecharacters.h"
#include "blaxelfixture.h"

#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

using Call = BlaxelErrorDecoder::Call;

// What the transport hands over for a non-2xx, read again as the service reads it.
ApiError decoded(int status, const QByteArray &body, Call call = Call::Read, const QByteArray &header = {},
                 int retryAfter = -1)
{
    return BlaxelErrorDecoder::decode(ApiError::http(status, body, retryAfter), body, header, call);
}

bool printable(const QString &text)
{
    return std::none_of(text.cbegin(), text.cend(),
                        [](QChar c) { return UnsafeCharacters::isUnsafe(c.unicode()); });
}

} // namespace

class TestBlaxelErrors : public QObject
{
    Q_OBJECT

private slots:
    void notFoundSaysDeletedNeverReleased()
    {
        const ApiError error = decoded(404, readBlaxelFixture(u"error-not-found.json"_s));
        QCOMPARE(error.kind(), ApiError::Kind::Http);
        QCOMPARE(error.httpStatus(), 404);
        QVERIFY2(error.message().contains(u"deleted"_s), qPrintable(error.message()));
        QVERIFY(!error.fullText().contains(u"release"_s, Qt::CaseInsensitive));
        QVERIFY2(error.detailText().contains(u"Sandbox ghost not found in workspace demo"_s),
                 qPrintable(error.detailText()));
        QVERIFY(error.detailText().contains(u"Not Found"_s));
        QCOMPARE(error.serverCode(), u"404"_s);
        QVERIFY(!error.mayHaveTakenEffect());
    }

    void conflictDependsOnTheCall()
    {
        const QByteArray body = readBlaxelFixture(u"error-conflict.json"_s);
        const ApiError onCreate = decoded(409, body, Call::Create);
        QVERIFY2(onCreate.message().contains(u"already exists"_s), qPrintable(onCreate.message()));
        QVERIFY(onCreate.fullText().contains(u"Sandbox agent-run-1 already exists"_s));
        const ApiError onDelete = decoded(409, body, Call::Delete);
        QVERIFY(!onDelete.message().contains(u"Choose another name"_s));
        QVERIFY(onDelete.message() != onCreate.message());
    }

    // The emulator's (and our reading of the notes') quota answer: 403 with the code QUOTA_EXCEEDED. It says
    // the quota, and it is no key problem, so no front end asks for another key.
    void quotaWithStringCode()
    {
        const QByteArray body = readBlaxelFixture(u"error-quota-string.json"_s);
        const ApiError error = decoded(403, body, Call::Create);
        QCOMPARE(error.serverCode(), u"QUOTA_EXCEEDED"_s);
        QVERIFY2(error.message().contains(u"quota"_s), qPrintable(error.message()));
        QVERIFY2(!error.message().contains(u"key"_s), qPrintable(error.message()));
        QVERIFY(!error.isKeyProblem());
        QVERIFY(!ApiError::http(403, body).isKeyProblem()); // as the transport sees it
        QVERIFY(error.detailText().contains(u"10 of 10"_s));
        QVERIFY2(error.detailText().contains(u"\"limit\":10"_s), qPrintable(error.detailText()));
        // Answered with 429 instead, it still reads as the quota, not as a rate limit.
        const ApiError limited = decoded(429, body, Call::Create);
        QVERIFY2(limited.message().contains(u"quota"_s), qPrintable(limited.message()));
        QVERIFY(!limited.message().contains(u"Rate limited"_s));
    }

    // A 403 whose code says a permission is missing: the key works, its role does not allow the action.
    void permissionIsNotAKeyProblem()
    {
        const ApiError error =
            decoded(403, "{\"error\":{\"code\":\"PERMISSION_DENIED\",\"message\":\"viewer may not create\"}}",
                    Call::Create);
        QVERIFY(!error.isKeyProblem());
        QVERIFY2(error.message().contains(u"role"_s), qPrintable(error.message()));
        QVERIFY(error.detailText().contains(u"viewer may not create"_s));
        const ApiError refused =
            decoded(403, "{\"error\":\"Forbidden\",\"code\":403,\"message\":\"Invalid API key\"}");
        QVERIFY(refused.isKeyProblem());
        QCOMPARE(refused.message(), ApiError::http(403, {}).message());
    }

    void quotaWithNumericCode()
    {
        const ApiError error = decoded(429, readBlaxelFixture(u"error-quota-number.json"_s), Call::Create);
        QCOMPARE(error.serverCode(), u"429"_s);
        QVERIFY2(error.message().contains(u"quota"_s), qPrintable(error.message()));
        QVERIFY(error.detailText().contains(u"Upgrade your plan"_s));
    }

    void validation()
    {
        const ApiError error = decoded(422, readBlaxelFixture(u"error-validation.json"_s), Call::Create);
        QVERIFY(error.message().contains(u"rejected a value"_s));
        QVERIFY(error.detailText().contains(u"spec.runtime.memory must be one of 2048, 4096, 8192"_s));
    }

    void workspaceMissing()
    {
        const ApiError error = decoded(400, readBlaxelFixture(u"error-workspace-missing.json"_s));
        QVERIFY2(error.message().contains(u"workspace"_s), qPrintable(error.message()));
        QVERIFY(error.detailText().contains(u"X-Blaxel-Workspace"_s));
    }

    void edgeShapeWithHeader()
    {
        const ApiError error =
            decoded(503, readBlaxelFixture(u"error-edge.json"_s), Call::Read, "UPSTREAM_UNAVAILABLE");
        QCOMPARE(error.serverCode(), u"UPSTREAM_UNAVAILABLE"_s);
        QVERIFY(error.detailText().contains(u"temporarily unavailable"_s));
        QVERIFY2(error.message().contains(u"retry may succeed"_s), qPrintable(error.message()));
        // The header names the code when the body does not, or only repeats the status.
        const ApiError headerOnly = decoded(502, "{\"error\": {\"message\": \"edge trouble\"}}", Call::Read,
                                            "EDGE_UPSTREAM_RESET\r\nX-Evil: 1");
        QCOMPARE(headerOnly.serverCode(), u"EDGE_UPSTREAM_RESETX-Evil:1"_s.left(64));
        QVERIFY(!headerOnly.message().contains(u"retry may succeed"_s));
    }

    void gatewayTimeoutHtml()
    {
        const QByteArray html = readBlaxelFixture(u"error-gateway-504.html"_s);
        const ApiError error = decoded(504, html, Call::Delete);
        QVERIFY2(error.message().contains(u"gateway timed out"_s), qPrintable(error.message()));
        const QString shown = error.fullText();
        QVERIFY2(!shown.contains(u'<') && !shown.contains(u'>'), qPrintable(shown));
        QVERIFY(!shown.contains(u"evil.example.com"_s)); // the script's words
        QVERIFY(!shown.contains(u"font-family"_s));      // the style's
        QVERIFY(error.mayHaveTakenEffect());
        QCOMPARE(error.rawBody(), html); // kept for a "show the raw answer" view
    }

    void plainTextIsSanitized()
    {
        const ApiError error = decoded(503, readBlaxelFixture(u"error-plain.txt"_s));
        QVERIFY(
            error.detailText().startsWith(u"upstream connect error or disconnect/reset before headers"_s));
        QVERIFY2(printable(error.fullText()), qPrintable(error.fullText()));
    }

    void controlCharactersNeverReachTheMessage()
    {
        const ApiError error = decoded(400, readBlaxelFixture(u"error-control-characters.json"_s));
        QVERIFY2(printable(error.fullText()), qPrintable(error.fullText()));
        QVERIFY2(error.detailText().contains(u"name must be lowercase"_s), qPrintable(error.detailText()));
    }

    void unauthorizedKeepsTheKeyProblem()
    {
        const ApiError error =
            decoded(401, "{\"error\":\"Unauthorized\",\"code\":401,\"message\":\"bad token\"}");
        QVERIFY(error.isKeyProblem());
        QCOMPARE(error.message(), ApiError::http(401, {}).message());
        QVERIFY(error.detailText().contains(u"bad token"_s));
    }

    void retryAfterSurvives()
    {
        const ApiError error =
            decoded(429, "{\"code\":\"RATE_LIMITED\",\"message\":\"slow down\"}", Call::Read, {}, 7);
        QCOMPARE(error.retryAfterSeconds(), 7);
        QVERIFY(error.message().contains(u"7 s"_s));
    }

    void otherErrorsPassUnchanged()
    {
        const ApiError network = ApiError::network(u"connection refused"_s);
        const ApiError same = BlaxelErrorDecoder::decode(network, "<html>x</html>", "CODE", Call::Read);
        QCOMPARE(same.kind(), ApiError::Kind::Network);
        QCOMPARE(same.message(), network.message());
        QVERIFY(same.serverCode().isEmpty());
    }

    void keyRedactedEverywhere()
    {
        const QString key = u"bl-secret-key-0123456789"_s;
        ApiError error = decoded(400, "{\"code\":\"bl-secret-key-0123456789\",\"message\":\"Bearer "
                                      "bl-secret-key-0123456789 is not allowed\"}");
        error.redact(key);
        QVERIFY(!error.fullText().contains(key));
        QVERIFY(!error.serverCode().contains(key));
    }

    void oneLineBounds()
    {
        const QString longText = QString(2000, u'x');
        const QString line = BlaxelErrorDecoder::oneLine(longText);
        QCOMPARE(line.size(), 500);
        QVERIFY(line.endsWith(u'…'));
        // A character outside the BMP is never cut in half.
        QString emoji;
        for (int i = 0; i < 300; ++i)
            emoji += u"\U0001F600"_s;
        const QString cut = BlaxelErrorDecoder::oneLine(emoji, 101);
        QVERIFY(!cut.chopped(1).back().isHighSurrogate());
        QCOMPARE(BlaxelErrorDecoder::oneLine(u"  a\n\tb\u202e c\u0007 "_s), u"a b c"_s);
    }
};

QTEST_GUILESS_MAIN(TestBlaxelErrors)
#include "tst_blaxelerrors.moc"
