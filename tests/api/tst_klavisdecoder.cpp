#include "api/klavisdecoder.h"
#include "fixture.h"

#include <QLocale>
#include <QTest>

using namespace Qt::StringLiterals;

class TestKlavisDecoder : public QObject
{
    Q_OBJECT

private slots:
    void listCurrentShape()
    {
        const auto result = KlavisDecoder::sandboxList(readFixture(u"list-current.json"_s));
        QVERIFY(result.ok());
        QCOMPARE(result->sandboxes.size(), 2);
        QCOMPARE(result->totalCount, 2);
        const auto &first = result->sandboxes[0];
        QCOMPARE(first.sandboxId, u"a1"_s);
        QCOMPARE(first.tags, QStringList({u"team-a"_s, u"nightly"_s}));
        QCOMPARE(first.benchmark, u"MCP_Atlas"_s);
        // 12:45:25.770 at -08:00 is 20:45:25.770 UTC.
        QCOMPARE(first.updatedAt, QDateTime(QDate(2026, 2, 16), QTime(20, 45, 25, 770), Qt::UTC));
        const auto &second = result->sandboxes[1];
        QCOMPARE(second.serverName, u"cal.com"_s);
        QVERIFY(second.tags.isEmpty());
        QVERIFY(second.benchmark.isEmpty());
        QVERIFY(!second.updatedAt.isValid());
    }

    void listOldTagObjectAndUnknownStatus()
    {
        const auto result = KlavisDecoder::sandboxList(readFixture(u"list-tags-object.json"_s));
        QVERIFY(result.ok());
        QCOMPARE(result->sandboxes.size(), 1);
        const auto &row = result->sandboxes[0];
        QCOMPARE(row.status, u"running"_s); // an unknown status is kept as it came
        QCOMPARE(row.serverName, u"Cal.com"_s);
        QCOMPARE(row.tags, QStringList({u"env=prod"_s, u"owner=ana"_s}));
        QCOMPARE(row.updatedAt, QDateTime(QDate(2025, 11, 1), QTime(8, 0), Qt::UTC));
        QVERIFY(row.updatedAtText.isEmpty()); // a time read is kept once, as a time
    }

    void listSkipsMalformedRows()
    {
        const auto result = KlavisDecoder::sandboxList(readFixture(u"list-bad-rows.json"_s));
        QVERIFY(result.ok());
        QCOMPARE(result->sandboxes.size(), 1);
        QCOMPARE(result->sandboxes[0].sandboxId, u"c1"_s);
        QCOMPARE(result->sandboxes[0].tags, QStringList{u"single"_s});
        QVERIFY(!result->sandboxes[0].updatedAt.isValid());
        QCOMPARE(result->sandboxes[0].updatedAtText, u"yesterday"_s);
        QCOMPARE(result->totalCount, 1); // "three" is not a count: fall back to what arrived
    }

    void malformedBodiesBecomeErrors_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << u"truncated.json"_s << u"invalid JSON"_s;
        QTest::newRow("html") << u"html.txt"_s << u"invalid JSON"_s;
        QTest::newRow("array") << u"array.json"_s << u"expected a JSON object"_s;
        QTest::newRow("empty") << u"empty.txt"_s << u"invalid JSON"_s;
        QTest::newRow("wrong type") << u"list-wrong-type.json"_s << u"not a list"_s;
        QTest::newRow("other object") << u"upload-url.json"_s << u"no `sandboxes`"_s;
    }

    void malformedBodiesBecomeErrors()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, expected);
        const auto body = readFixture(fixture);
        const auto result = KlavisDecoder::sandboxList(body);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind(), ApiError::Kind::Decode);
        QVERIFY2(result.error().message().contains(expected), qPrintable(result.error().message()));
        QVERIFY(!KlavisDecoder::sandboxDetails(body).ok());
        QVERIFY(!KlavisDecoder::localSandboxList(body).ok());
    }

    void detailsWrapsOldServerUrl()
    {
        const auto result = KlavisDecoder::sandboxDetails(readFixture(u"details-current.json"_s));
        QVERIFY(result.ok());
        QCOMPARE(result->serverUrls.size(), 1);
        QCOMPARE(result->serverUrls.value(u"github"_s), u"https://github-mcp.klavis.ai/mcp/?instance_id=x"_s);
        QCOMPARE(result->authData.value(u"access_token"_s).toString(), u"secret-abc"_s);
        QCOMPARE(result->metadata.value(u"org"_s).toString(), u"acme"_s);
        QCOMPARE(result->summary.benchmark, u"Toolathlon"_s);
    }

    void acquireShapes_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("url");
        QTest::newRow("server_urls map") << u"acquire-current.json"_s << u"github"_s
                                         << u"https://github-mcp.klavis.ai/mcp/?instance_id=e1"_s;
        QTest::newRow("2025-12 server_url")
            << u"samples/acquire-2025-12-server_url.201.json"_s << u"gmail"_s
            << u"https://gmail-mcp-server.klavis.ai/mcp/?instance_id=f8804691-def2-44a2-b5f1-d8ab033e20f0"_s;
        QTest::newRow("null map") << u"acquire-null-urls.json"_s << u"slack"_s << QString();
    }

    void acquireShapes()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, server);
        QFETCH(QString, url);
        const auto result = KlavisDecoder::acquiredSandbox(readFixture(fixture));
        QVERIFY(result.ok());
        QCOMPARE(result->serverName, server);
        QCOMPARE(result->status, u"occupied"_s);
        QCOMPARE(result->serverUrls.value(server), url);
        QCOMPARE(result->serverUrls.size(), url.isEmpty() ? 0 : 1);
    }

    void localSamples()
    {
        const auto acquired = KlavisDecoder::localSandbox(readFixture(u"samples/local-acquire.201.json"_s));
        QVERIFY(acquired.ok());
        QCOMPARE(acquired->localSandboxId, u"c0a830f9-d92c-4051-ba31-27782f3e9334"_s);
        QCOMPARE(acquired->servers.size(), 3);
        QCOMPARE(acquired->servers[1].serverName, u"git"_s);
        QVERIFY(acquired->servers[2].mcpServerUrl.startsWith(u"https://local-dev.klavis.ai/terminal/mcp/"_s));
        QVERIFY(acquired->benchmark.isEmpty());
        QVERIFY(!acquired->createdAt.isValid()); // acquire replies carry no created_at
        QVERIFY(acquired->message.contains(u"acquired"_s));

        const auto released = KlavisDecoder::actionResult(readFixture(u"samples/local-release.200.json"_s));
        QVERIFY(released.ok());
        QVERIFY(released->message.contains(u"released asynchronously"_s));
        QVERIFY(released->sandboxId.isEmpty());

        const auto initialized =
            KlavisDecoder::actionResult(readFixture(u"samples/local-initialize.200.json"_s));
        QVERIFY(initialized.ok());
        QCOMPARE(initialized->status, u"occupied"_s);

        const auto snowflake =
            KlavisDecoder::actionResult(readFixture(u"samples/initialize-snowflake.200.json"_s));
        QVERIFY(snowflake.ok());
        QVERIFY(snowflake->raw.contains(u"records_created"_s));
    }

    void localListToleratesGaps()
    {
        const auto result = KlavisDecoder::localSandboxList(readFixture(u"local-list.json"_s));
        QVERIFY(result.ok());
        QCOMPARE(result->localSandboxes.size(), 1); // the item without an id is skipped
        const auto &sandbox = result->localSandboxes[0];
        QCOMPARE(sandbox.servers.size(), 2);
        QCOMPARE(sandbox.servers[0].tags, QStringList{u"k=v"_s});
        QCOMPARE(sandbox.servers[1].id, u"s2"_s);
        QVERIFY(sandbox.servers[1].serverName.isEmpty());
    }

    // Limits a server states up front are read tolerantly: what is not a whole, non-negative number is
    // no limit, and a refusal names the first limit passed.
    void workspaceLimits()
    {
        const auto stated = KlavisDecoder::localSandbox(
            R"({"local_sandbox_id":"l1","workspace_limits":{"max_entries":20000,"max_unpacked_bytes":1000,
                "max_upload_bytes":500}})");
        QVERIFY(stated.ok());
        const WorkspaceLimits limits = stated->workspaceLimits;
        QCOMPARE(limits, (WorkspaceLimits{20000, 1000, 500}));
        QVERIFY(limits.refusal(20000, 1000, 500).isEmpty());
        QVERIFY(limits.refusal(-1, -1, -1).isEmpty());
        // In the person's own digits: "20,000" or "20.000".
        const QString tooMany = limits.refusal(20001, 10, -1);
        QVERIFY2(tooMany.contains(QLocale().toString(20000)) && tooMany.contains(QLocale().toString(20001)),
                 qPrintable(tooMany));
        QVERIFY(!limits.refusal(1, 1001, -1).isEmpty());
        QVERIFY(!limits.refusal(-1, -1, 501).isEmpty());

        for (const QByteArray &hostile : {QByteArray(R"("many")"), QByteArray("-1"), QByteArray("1.5"),
                                          QByteArray("1e300"), QByteArray("null")}) {
            const auto odd = KlavisDecoder::localSandbox(
                R"({"local_sandbox_id":"l1","workspace_limits":{"max_entries":)" + hostile + "}}");
            QVERIFY(odd.ok());
            QCOMPARE(odd->workspaceLimits.maxEntries, -1);
        }
        const auto none = KlavisDecoder::localSandbox(R"({"local_sandbox_id":"l1"})");
        QVERIFY(none.ok() && !none->workspaceLimits.statesAny());
        QVERIFY(none->workspaceLimits.refusal(1'000'000, 1'000'000'000, 1'000'000'000).isEmpty());
    }

    void emptyActionBodies()
    {
        QVERIFY(KlavisDecoder::actionResult(QByteArray()).ok());
        QVERIFY(KlavisDecoder::actionResult("{}").ok());
        QVERIFY(!KlavisDecoder::actionResult("{").ok());
    }

    void signedUrls()
    {
        const auto upload = KlavisDecoder::signedUrl(readFixture(u"upload-url.json"_s), u"upload_url"_s);
        QVERIFY(upload.ok());
        QCOMPARE(upload->expiresInMinutes, 30);
        QCOMPARE(upload->url.host(), u"storage.googleapis.com"_s);
        const auto missing = KlavisDecoder::signedUrl(readFixture(u"upload-url.json"_s), u"download_url"_s);
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message().contains(u"download_url"_s));
    }

    void uploadLimitIsReadTolerantly_data()
    {
        QTest::addColumn<QByteArray>("field");
        QTest::addColumn<qint64>("limit");
        QTest::newRow("absent") << QByteArray() << qint64(-1);
        QTest::newRow("null") << QByteArray(",\"max_upload_bytes\":null") << qint64(-1);
        QTest::newRow("a string") << QByteArray(",\"max_upload_bytes\":\"5 GB\"") << qint64(-1);
        QTest::newRow("negative") << QByteArray(",\"max_upload_bytes\":-3") << qint64(-1);
        QTest::newRow("fractional") << QByteArray(",\"max_upload_bytes\":1.5") << qint64(-1);
        QTest::newRow("zero") << QByteArray(",\"max_upload_bytes\":0") << qint64(0);
        QTest::newRow("5 GiB") << QByteArray(",\"max_upload_bytes\":5368709120") << qint64(5368709120);
    }

    void uploadLimitIsReadTolerantly()
    {
        QFETCH(QByteArray, field);
        QFETCH(qint64, limit);
        const QByteArray body =
            "{\"upload_url\":\"https://store.example/u?sig=1\",\"expires_in_minutes\":30" + field + '}';
        const auto decoded = KlavisDecoder::signedUrl(body, u"upload_url"_s);
        QVERIFY(decoded);
        QCOMPARE(decoded.value().maxUploadBytes, limit);
    }

    void timestamps_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("msecs");
        QTest::newRow("Z") << u"1970-01-01T00:00:01Z"_s << qint64(1000);
        QTest::newRow("micro+offset") << u"1970-01-01T01:00:00.123456+01:00"_s << qint64(123);
        QTest::newRow("no zone") << u"1970-01-02T00:00:00"_s << qint64(86400000);
        QTest::newRow("space separator") << u"1970-01-01 00:01:00"_s << qint64(60000);
        QTest::newRow("garbage") << u"soon"_s << qint64(-1);
        QTest::newRow("bad month") << u"2026-13-01T00:00:00Z"_s << qint64(-1);
    }

    void timestamps()
    {
        QFETCH(QString, text);
        QFETCH(qint64, msecs);
        SandboxSummary summary;
        QVERIFY(KlavisDecoder::readSummary(QJsonObject{{u"sandbox_id"_s, u"x"_s}, {u"updated_at"_s, text}},
                                           &summary));
        if (msecs < 0)
            QVERIFY(!summary.updatedAt.isValid());
        else
            QCOMPARE(summary.updatedAt.toMSecsSinceEpoch(), msecs);
    }
};

QTEST_GUILESS_MAIN(TestKlavisDecoder)
#include "tst_klavisdecoder.moc"
