#include "api/blaxelcreaterequest.h"
#include "api/blaxeldecoder.h"
#include "api/blaxelsandboxname.h"
#include "api/blaxelstatus.h"
#include "api/remotetext.h"
#include "blaxelfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;

class TestBlaxelDecoder : public QObject
{
    Q_OBJECT

private slots:
    void listWithMetaFirstPage()
    {
        const auto result = BlaxelDecoder::sandboxList(readBlaxelFixture(u"list-page1.json"_s));
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        QCOMPARE(result->items.size(), 3);
        QVERIFY(result->hasMore);
        QCOMPARE(result->nextCursor, u"eyJvZmZzZXQiOjN9"_s);
        QCOMPARE(result->total, 5);
        QVERIFY(result->incompleteReason.isEmpty());
        const BlaxelSandbox &first = result->items.at(0);
        QCOMPARE(first.name, u"agent-run-1"_s);
        QCOMPARE(first.displayName, u"Agent run 1"_s);
        QCOMPARE(first.labels.value(u"team"_s), u"research"_s);
        QCOMPARE(first.labels.value(u"run"_s), u"42"_s);
        QCOMPARE(first.workspace, u"demo"_s);
        QCOMPARE(first.url, QUrl(u"https://sbx-agent-run-1-abc123.us-pdx-1.bl.run"_s));
        QCOMPARE(first.status, u"DEPLOYED"_s);
        QCOMPARE(first.state, u"RUNNING"_s);
        QCOMPARE(first.region, u"us-pdx-1"_s);
        QCOMPARE(first.image, u"blaxel/base-image:latest"_s);
        QCOMPARE(first.memoryMb, 4096);
        QCOMPARE(first.ttl, u"24h"_s);
        QCOMPARE(first.ports.size(), 1);
        QCOMPARE(first.ports.at(0).target, 3000);
        QCOMPARE(first.createdAt, QDateTime(QDate(2026, 11, 20), QTime(9, 15), Qt::UTC));
        QCOMPARE(first.lastUsedAt, QDateTime(QDate(2026, 11, 23), QTime(18, 2, 11, 250), Qt::UTC));
        QCOMPARE(first.expiresInSeconds.value_or(-1), 86400);
        QCOMPARE(first.createdBy, u"ana@example.org"_s);
        QVERIFY(first.events.isEmpty()); // list rows carry no events
        QCOMPARE(result->items.at(1).state, u"STANDBY"_s);
        QVERIFY(!result->items.at(2).expiresInSeconds.has_value()); // null: no countdown
        QCOMPARE(result->items.at(2).memoryMb, 8192);
    }

    void listLastPageKeepsUnknownWords()
    {
        const auto result = BlaxelDecoder::sandboxList(readBlaxelFixture(u"list-page2.json"_s));
        QVERIFY(result.ok());
        QCOMPARE(result->items.size(), 2);
        QVERIFY(!result->hasMore);
        QVERIFY(result->nextCursor.isEmpty());
        QCOMPARE(result->items.at(1).status, u"TERMINATING"_s); // kept as sent
        QCOMPARE(BlaxelStatus::of(result->items.at(1).status), BlaxelStatus::Unknown);
        QVERIFY(result->items.at(1).raw.contains(u"someFutureField"_s));
    }

    void listBareArray()
    {
        const auto result = BlaxelDecoder::sandboxList(readBlaxelFixture(u"list-bare.json"_s));
        QVERIFY(result.ok());
        QCOMPARE(result->items.size(), 2);
        QVERIFY(!result->hasMore);
        QCOMPARE(result->total, -1);
        QCOMPARE(result->items.at(1).status, u"DELETING"_s);
    }

    void listRefusesWhatIsNoList_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("truncated") << readBlaxelFixture(u"list-truncated.json"_s);
        QTest::newRow("object without data") << QByteArray("{\"items\": []}");
        QTest::newRow("data not a list") << QByteArray("{\"data\": {\"a\": 1}, \"meta\": {}}");
        QTest::newRow("a number") << QByteArray("42");
        QTest::newRow("empty") << QByteArray();
    }
    void listRefusesWhatIsNoList()
    {
        QFETCH(QByteArray, body);
        const auto result = BlaxelDecoder::sandboxList(body);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind(), ApiError::Kind::Decode);
    }

    void listHostileValuesAreBounded()
    {
        const auto result = BlaxelDecoder::sandboxList(readBlaxelFixture(u"list-hostile.json"_s));
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        QCOMPARE(result->items.size(), 4);
        QCOMPARE(result->skipped, 3); // a row without a name, a string, a null
        QCOMPARE(result->total, -1);  // 1e300 is no count
        QVERIFY(!result->hasMore);    // "yes" is no boolean: no page is fetched on its word
        QVERIFY(result->nextCursor.isEmpty());

        const BlaxelSandbox &evil = result->items.at(0);
        // Texts stay as sent (views show controls as symbols); numbers out of range are dropped.
        QVERIFY(evil.displayName.contains(QChar(0x1b)));
        QVERIFY(evil.status.startsWith(u"DEPLOYED"_s));
        QCOMPARE(BlaxelStatus::of(evil.status), BlaxelStatus::Unknown);
        QCOMPARE(evil.memoryMb, -1);
        QVERIFY(!evil.expiresInSeconds.has_value());
        QVERIFY(!evil.createdAt.isValid());
        QCOMPARE(evil.labels.size(), BlaxelDecoder::maxEntriesPerField);
        QCOMPARE(evil.envs.size(), BlaxelDecoder::maxEntriesPerField);
        QCOMPARE(evil.ports.size(), 3);
        QCOMPARE(evil.ports.at(0).target, 0);
        QCOMPARE(evil.ports.at(1).target, 0);
        QCOMPARE(evil.ports.at(2).target, 443);
        // Plain http to another machine is kept as text, never as a URL to send the key to.
        QCOMPARE(evil.urlText, u"http://evil.example.com/api"_s);
        QVERIFY(evil.url.isEmpty());

        const BlaxelSandbox &second = result->items.at(1);
        QVERIFY(second.url.isEmpty()); // file:
        QCOMPARE(second.displayName.size(), BlaxelDecoder::maxTextLength);
        QCOMPARE(result->items.at(2).url,
                 QUrl(u"http://127.0.0.1:8911/sbx/evil-3"_s)); // loopback: the emulator
        QVERIFY(result->items.at(3).url.isEmpty());            // user info
    }

    void listRowCapSaysSo()
    {
        QJsonArray rows;
        for (int i = 0; i < BlaxelDecoder::maxRowsPerList + 5; ++i)
            rows << QJsonObject{{u"metadata"_s, QJsonObject{{u"name"_s, u"s%1"_s.arg(i)}}}};
        const auto result = BlaxelDecoder::sandboxList(QJsonDocument(rows).toJson(QJsonDocument::Compact));
        QVERIFY(result.ok());
        QCOMPARE(result->items.size(), BlaxelDecoder::maxRowsPerList);
        QVERIFY(!result->incompleteReason.isEmpty());
    }

    void negativeTotalIsUnknown()
    {
        const auto result = BlaxelDecoder::sandboxList(readBlaxelFixture(u"list-negative-total.json"_s));
        QVERIFY(result.ok());
        QCOMPARE(result->total, -1);
        QVERIFY(result->items.isEmpty());
    }

    void details()
    {
        const auto result = BlaxelDecoder::sandbox(readBlaxelFixture(u"sandbox-details.json"_s));
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        const BlaxelSandbox &s = result.value();
        QCOMPARE(s.envs.size(), 2);
        QCOMPARE(s.envs.at(0), (BlaxelSandbox::Env{u"LOG_LEVEL"_s, u"debug"_s, false}));
        QCOMPARE(s.envs.at(1).name, u"OPENAI_API_KEY"_s);
        QVERIFY(s.envs.at(1).secret);
        QCOMPARE(s.ports.size(), 2);
        QCOMPARE(s.ports.at(1), (BlaxelSandbox::Port{u"mcp"_s, 8080, u"HTTP"_s}));
        QCOMPARE(s.expirationPolicies.size(), 2);
        QCOMPARE(s.expirationPolicies.at(0),
                 (BlaxelSandbox::ExpirationPolicy{u"ttl-idle"_s, u"30m"_s, u"delete"_s}));
        QCOMPARE(s.volumes, (QList<BlaxelSandbox::Volume>{{u"datasets"_s, u"/data"_s, true}}));
        QCOMPARE(s.expires, u"2026-11-24T18:02:11Z"_s);
        QCOMPARE(s.events.size(), 2);
        QCOMPARE(s.events.at(1).status, u"DEPLOYED"_s);
        QCOMPARE(s.events.at(1).time, QDateTime(QDate(2026, 11, 20), QTime(9, 15, 4, 512), Qt::UTC));
        QCOMPARE(s.errors.size(), 1);
        QCOMPARE(s.errors.at(0).code, u"OOM_KILLED"_s);
        QVERIFY(!s.errors.at(0).fatal);
        QCOMPARE(s.raw.value(u"status"_s).toString(), u"DEPLOYED"_s);
    }

    void maskedSecretsHidesSecretValuesOnly()
    {
        const auto details = BlaxelDecoder::sandbox(readBlaxelFixture(u"sandbox-details.json"_s));
        QVERIFY(details.ok());
        const QByteArray shown =
            QJsonDocument(BlaxelDecoder::maskedSecrets(details->raw)).toJson(QJsonDocument::Compact);
        QVERIFY(!shown.contains("sk-test-0123456789abcdef"));
        QVERIFY(shown.contains(RemoteText::mask().toUtf8()));
        QVERIFY(shown.contains("debug"));                                                   // not secret
        QVERIFY(QJsonDocument(details->raw).toJson().contains("sk-test-0123456789abcdef")); // raw is as sent

        const auto legacy = BlaxelDecoder::sandbox(readBlaxelFixture(u"sandbox-seed-shape.json"_s));
        QVERIFY(legacy.ok());
        const QByteArray legacyShown =
            QJsonDocument(BlaxelDecoder::maskedSecrets(legacy->raw)).toJson(QJsonDocument::Compact);
        QVERIFY(!legacyShown.contains("hunter2-legacy"));
        QVERIFY(legacyShown.contains("fast"));
    }

    void seedsOlderShape()
    {
        const auto result = BlaxelDecoder::sandbox(readBlaxelFixture(u"sandbox-seed-shape.json"_s));
        QVERIFY2(result.ok(), qPrintable(result.error().fullText()));
        const BlaxelSandbox &s = result.value();
        QCOMPARE(s.name, u"legacy-box"_s);
        QCOMPARE(s.displayName, u"Legacy sandbox"_s);
        QCOMPARE(s.legacyTtl.value_or(-1), 1767225600);
        QCOMPARE(s.flavors, (QList<BlaxelSandbox::Flavor>{{u"t4"_s, u"gpu"_s}, {u"cpu-small"_s, u"cpu"_s}}));
        QCOMPARE(s.revision, u"rev-7"_s);
        QCOMPARE(s.image, u"blaxel/legacy:1.2"_s);
        QCOMPARE(s.memoryMb, 2048);
        QCOMPARE(s.envs, (QList<BlaxelSandbox::Env>{{u"FOO"_s, u"bar"_s, false}, {u"EMPTY"_s, {}, false}}));
        QCOMPARE(s.volumes.size(), 1);
        QVERIFY(s.url.isEmpty()); // the older shape has no url
        QCOMPARE(s.events.at(0).revision, u"rev-7"_s);
        QCOMPARE(s.lastUsedAt, QDateTime(QDate(2025, 6, 2), QTime(9, 30), Qt::UTC));
        QVERIFY(s.state.isEmpty());
    }

    void sandboxEveryFieldOptional()
    {
        const auto empty = BlaxelDecoder::sandbox("{}");
        QVERIFY(empty.ok());
        QVERIFY(empty->name.isEmpty());
        QCOMPARE(empty->memoryMb, -1);
        const auto wrongTypes = BlaxelDecoder::sandbox(
            "{\"metadata\": [], \"spec\": \"x\", \"status\": 7, \"events\": {}, \"expiresIn\": \"120\"}");
        QVERIFY(wrongTypes.ok());
        QCOMPARE(wrongTypes->status, u"7"_s);
        QCOMPARE(wrongTypes->expiresInSeconds.value_or(-1), 120);
        QVERIFY(!BlaxelDecoder::sandbox("[]").ok());
    }

    void statusKinds_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<int>("kind");
        QTest::newRow("deployed") << u"DEPLOYED"_s << int(BlaxelStatus::Running);
        QTest::newRow("lower case, spaces") << u" deployed "_s << int(BlaxelStatus::Running);
        QTest::newRow("deploying") << u"DEPLOYING"_s << int(BlaxelStatus::Transitional);
        QTest::newRow("deleting") << u"DELETING"_s << int(BlaxelStatus::Transitional);
        QTest::newRow("unarchiving") << u"UNARCHIVING"_s << int(BlaxelStatus::Transitional);
        QTest::newRow("failed") << u"FAILED"_s << int(BlaxelStatus::Failed);
        QTest::newRow("terminated") << u"TERMINATED"_s << int(BlaxelStatus::Gone);
        QTest::newRow("archived") << u"ARCHIVED"_s << int(BlaxelStatus::Gone);
        QTest::newRow("terminating") << u"TERMINATING"_s << int(BlaxelStatus::Unknown);
        QTest::newRow("empty") << QString() << int(BlaxelStatus::Unknown);
    }
    void statusKinds()
    {
        QFETCH(QString, word);
        QFETCH(int, kind);
        QCOMPARE(int(BlaxelStatus::of(word)), kind);
    }

    void everyListedStatusHasAKind()
    {
        for (const QString &word : BlaxelStatus::statuses())
            QVERIFY2(BlaxelStatus::of(word) != BlaxelStatus::Unknown, qPrintable(word));
        QCOMPARE(BlaxelStatus::statuses().size(), 13);
        QVERIFY(!BlaxelStatus::isDeletable(u"DELETING"));
        QVERIFY(!BlaxelStatus::isDeletable(u"terminated"));
        QVERIFY(BlaxelStatus::isDeletable(u"FAILED"));
        QVERIFY(BlaxelStatus::isStandby(u"standby"));
    }

    void sandboxNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("valid");
        QTest::newRow("plain") << u"my-sandbox-1"_s << true;
        QTest::newRow("63") << QString(63, u'a') << true;
        QTest::newRow("64") << QString(64, u'a') << false;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("upper case") << u"My-box"_s << false;
        QTest::newRow("slash") << u"a/../b"_s << false;
        QTest::newRow("dot") << u"a.b"_s << false;
        QTest::newRow("space") << u"a b"_s << false;
        QTest::newRow("percent") << u"a%2fb"_s << false;
        QTest::newRow("non-ASCII letter") << u"caf\u00e9"_s << false;
    }
    void sandboxNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, valid);
        QCOMPARE(BlaxelSandboxName::isValid(name), valid);
        QCOMPARE(BlaxelSandboxName::problem(name).isEmpty(), valid);
    }

    void createRequestBody()
    {
        BlaxelCreateRequest request;
        request.name = u"svc-test"_s;
        request.displayName = u"Service test"_s;
        request.labels = {{u"team"_s, u"research"_s}};
        request.image = u"blaxel/base-image:latest"_s;
        request.memoryMb = 4096;
        request.region = u"eu-lon-1"_s;
        request.ports = {{u"app"_s, 3000, {}}};
        request.envs = {{u"MODE"_s, u"fast"_s, false}, {u"TOKEN"_s, u"s3cret"_s, true}};
        request.ttl = u"2h"_s;
        request.expirationPolicies = {{u"ttl-idle"_s, u"30m"_s, {}}};
        QVERIFY2(request.problem().isEmpty(), qPrintable(request.problem()));
        const QJsonObject body = QJsonDocument::fromJson(request.toJson()).object();
        const QJsonObject metadata = body.value(u"metadata"_s).toObject();
        QCOMPARE(metadata.value(u"name"_s).toString(), u"svc-test"_s);
        QCOMPARE(metadata.value(u"labels"_s).toObject().value(u"team"_s).toString(), u"research"_s);
        const QJsonObject spec = body.value(u"spec"_s).toObject();
        QCOMPARE(spec.value(u"region"_s).toString(), u"eu-lon-1"_s);
        const QJsonObject runtime = spec.value(u"runtime"_s).toObject();
        QCOMPARE(runtime.value(u"image"_s).toString(), u"blaxel/base-image:latest"_s);
        QCOMPARE(runtime.value(u"memory"_s).toInt(), 4096);
        QCOMPARE(runtime.value(u"ttl"_s).toString(), u"2h"_s);
        QCOMPARE(runtime.value(u"ports"_s).toArray().at(0).toObject().value(u"target"_s).toInt(), 3000);
        QCOMPARE(runtime.value(u"envs"_s).toArray().at(1).toObject().value(u"secret"_s).toBool(), true);
        const QJsonObject policy =
            spec.value(u"lifecycle"_s).toObject().value(u"expirationPolicies"_s).toArray().at(0).toObject();
        QCOMPARE(policy.value(u"type"_s).toString(), u"ttl-idle"_s);
        QCOMPARE(policy.value(u"action"_s).toString(), u"delete"_s);

        // What is not asked for is left to the server.
        BlaxelCreateRequest minimal;
        minimal.name = u"m"_s;
        minimal.image = u"img"_s;
        const QJsonObject small = QJsonDocument::fromJson(minimal.toJson()).object();
        QVERIFY(!small.value(u"spec"_s).toObject().contains(u"region"_s));
        QVERIFY(!small.value(u"spec"_s).toObject().value(u"runtime"_s).toObject().contains(u"memory"_s));
        QVERIFY(!small.value(u"metadata"_s).toObject().contains(u"labels"_s));
    }

    void createRequestProblems_data()
    {
        QTest::addColumn<QString>("field");
        QTest::newRow("name") << u"name"_s;
        QTest::newRow("image") << u"image"_s;
        QTest::newRow("port") << u"port"_s;
        QTest::newRow("duplicate port") << u"ports"_s;
        QTest::newRow("env") << u"env"_s;
        QTest::newRow("label") << u"label"_s;
        QTest::newRow("memory") << u"memory"_s;
        QTest::newRow("control") << u"control"_s;
    }
    void createRequestProblems()
    {
        QFETCH(QString, field);
        BlaxelCreateRequest request;
        request.name = u"ok-name"_s;
        request.image = u"img"_s;
        QVERIFY(request.problem().isEmpty());
        if (field == u"name")
            request.name = u"Bad_Name"_s;
        else if (field == u"image")
            request.image = u"  "_s;
        else if (field == u"port")
            request.ports = {{u"p"_s, 70000, {}}};
        else if (field == u"ports")
            request.ports = {{u"a"_s, 80, {}}, {u"b"_s, 80, {}}};
        else if (field == u"env")
            request.envs = {{u"A=B"_s, u"x"_s, false}};
        else if (field == u"label")
            request.labels = {{u" "_s, u"x"_s}};
        else if (field == u"memory")
            request.memoryMb = -1;
        else if (field == u"control")
            request.region = u"eu\nlon"_s;
        QVERIFY(!request.problem().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestBlaxelDecoder)
#include "tst_blaxeldecoder.moc"
