// The leak finder's reasons and durations; the manifest: its schema, read back and imported, hostile ones
// refused.
#include "tst_runs.h"

#include "ledger/runledger.h"
#include "runs/leakfinder.h"
#include "runs/runmanifest.h"
#include "json/jsonschemavalidator.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QDateTime now = QDateTime(QDate(2026, 11, 24), QTime(12, 0), Qt::UTC);

SandboxSummary occupied(const QString &server, const QString &id, const QDateTime &updated = {})
{
    SandboxSummary summary;
    summary.serverName = server;
    summary.sandboxId = id;
    summary.status = u"occupied"_s;
    summary.updatedAt = updated;
    return summary;
}

LedgerSandbox recorded(const QString &id, const QString &run, const QDateTime &acquired, qint64 ttl = 0)
{
    LedgerSandbox sandbox;
    sandbox.sandboxId = id;
    sandbox.servers = {u"github"_s};
    sandbox.run = run;
    sandbox.acquiredAt = acquired;
    sandbox.ttlSeconds = ttl;
    return sandbox;
}

LedgerRun runNamed(const QString &name, LedgerRunState state)
{
    LedgerRun run;
    run.name = name;
    run.state = state;
    return run;
}

} // namespace

void TestRuns::leaksHaveTheirReasons()
{
    LeakInput input;
    input.now = now;
    input.sandboxes = {occupied(u"github"_s, u"outside"_s, now.addSecs(-60)), // acquired by another key
                       occupied(u"github"_s, u"mine"_s),                      // in an open run
                       occupied(u"github"_s, u"expired"_s),                   // open run, past its TTL
                       occupied(u"github"_s, u"closed"_s),                    // of a released run
                       occupied(u"github"_s, u"old"_s)};                      // open run, held 3 h
    SandboxSummary idle = occupied(u"github"_s, u"idle"_s);
    idle.status = u"idle"_s;
    input.sandboxes.append(idle);
    LocalSandbox local;
    local.localSandboxId = u"vm-1"_s;
    local.createdAt = now.addSecs(-7200);
    LocalSandbox idleLocal; // released back to the pool: the account no longer holds it
    idleLocal.localSandboxId = u"vm-idle"_s;
    idleLocal.status = u"idle"_s;
    idleLocal.createdAt = now.addSecs(-7200);
    LocalSandbox occupiedLocal = local;
    occupiedLocal.localSandboxId = u"vm-2"_s;
    occupiedLocal.status = u"Occupied"_s;
    occupiedLocal.createdAt = now.addSecs(-30);
    input.localSandboxes = {local, idleLocal, occupiedLocal};
    input.ledgerHeld = {recorded(u"mine"_s, u"r1"_s, now.addSecs(-600), 3600),
                        recorded(u"expired"_s, u"r1"_s, now.addSecs(-4000), 3600),
                        recorded(u"closed"_s, u"r0"_s, now.addSecs(-100)),
                        recorded(u"old"_s, u"r1"_s, now.addSecs(-3 * 3600)),
                        recorded(u"gone"_s, u"r1"_s, now.addSecs(-100))};
    input.runs = {runNamed(u"r1"_s, LedgerRunState::Open), runNamed(u"r0"_s, LedgerRunState::Released)};
    input.thresholdSeconds = 2 * 3600;

    const LeakReport report = LeakFinder::find(input);
    QStringList order;
    for (const auto &leak : report.leaks)
        order.append(leak.sandboxId);
    // Oldest first; "mine" is no leak, and neither "idle" nor "vm-idle" is held.
    QCOMPARE(order, (QStringList{u"old"_s, u"vm-1"_s, u"expired"_s, u"closed"_s, u"outside"_s, u"vm-2"_s}));
    const auto reasonsOf = [&report](const QString &id) {
        for (const auto &leak : report.leaks)
            if (leak.sandboxId == id)
                return leak.reasons;
        return QList<LeakReason>();
    };
    QCOMPARE(reasonsOf(u"old"_s), QList<LeakReason>{LeakReason::HeldTooLong});
    QCOMPARE(reasonsOf(u"vm-1"_s), (QList<LeakReason>{LeakReason::Unclaimed, LeakReason::HeldTooLong}));
    QCOMPARE(reasonsOf(u"expired"_s), QList<LeakReason>{LeakReason::PastTtl});
    QCOMPARE(reasonsOf(u"closed"_s), QList<LeakReason>{LeakReason::Unclaimed});
    QCOMPARE(reasonsOf(u"outside"_s), QList<LeakReason>{LeakReason::Unclaimed});
    QCOMPARE(report.leaks[0].run, u"r1"_s);
    QVERIFY(!report.leaks.last().knownToLedger);
    QCOMPARE(report.vanished.size(), 1);
    QCOMPARE(report.vanished[0].sandboxId, u"gone"_s);

    input.thresholdSeconds.reset();
    QCOMPARE(LeakFinder::find(input).leaks.size(), 5); // "old" only leaked by the threshold
}

void TestRuns::expiringSoonNamesTheHeldSandboxesDueSoon()
{
    LeakInput input;
    input.now = now;
    input.sandboxes = {occupied(u"github"_s, u"soon"_s),   occupied(u"github"_s, u"sooner"_s),
                       occupied(u"github"_s, u"later"_s),  occupied(u"github"_s, u"expired"_s),
                       occupied(u"github"_s, u"no-ttl"_s), occupied(u"github"_s, u"released"_s)};
    input.sandboxes.last().status = u"idle"_s;                                     // released: no longer held
    input.ledgerHeld = {recorded(u"soon"_s, u"r1"_s, now.addSecs(-3300), 3600),    // 5 min left
                        recorded(u"sooner"_s, u"r1"_s, now.addSecs(-3540), 3600),  // 1 min left
                        recorded(u"later"_s, u"r1"_s, now.addSecs(-600), 3600),    // 50 min left
                        recorded(u"expired"_s, u"r1"_s, now.addSecs(-4000), 3600), // past: a leak instead
                        recorded(u"no-ttl"_s, u"r1"_s, now.addSecs(-3500)),
                        recorded(u"released"_s, u"r1"_s, now.addSecs(-3500), 3600)};
    input.runs = {runNamed(u"r1"_s, LedgerRunState::Open)};

    LeakReport report = LeakFinder::find(input);
    QStringList expiring;
    for (const auto &leak : report.expiringSoon)
        expiring.append(leak.sandboxId);
    QCOMPARE(expiring, (QStringList{u"sooner"_s, u"soon"_s}));
    QCOMPARE(report.expiringSoon[0].expiresAt, now.addSecs(60));
    QVERIFY(report.expiringSoon[0].reasons.isEmpty()); // in an open run, before its TTL: no leak

    input.expiryWarningSeconds = 3600;
    report = LeakFinder::find(input);
    QCOMPARE(report.expiringSoon.size(), 3);
    QCOMPARE(report.expiringSoon.last().sandboxId, u"later"_s);
}

void TestRuns::leakDurations()
{
    QCOMPARE(LeakFinder::parseDuration(u"2h"_s), 7200);
    QCOMPARE(LeakFinder::parseDuration(u"45m"_s), 2700);
    QCOMPARE(LeakFinder::parseDuration(u"90"_s), 90);
    QCOMPARE(LeakFinder::parseDuration(u"3d"_s), 3 * 86400);
    QVERIFY(!LeakFinder::parseDuration(u"2x"_s));
    QVERIFY(!LeakFinder::parseDuration(u"-1h"_s));
    QVERIFY(!LeakFinder::parseDuration(u"h"_s));
    QVERIFY(!LeakFinder::parseDuration(u"99999999999d"_s));
}

namespace {

RunRecord sampleRecord()
{
    RunRecord record;
    record.run.name = u"paper-run.1"_s;
    record.run.state = LedgerRunState::Released;
    record.run.createdAt = now.addSecs(-3600);
    record.run.closedAt = now;
    record.run.apiBaseUrl = u"https://user:pw@api.example.com/v1?key=sk-secret"_s;
    record.run.benchmark = u"mcp_atlas"_s;
    record.run.ttlSeconds = 7200;
    record.run.planJson = u"{\"name\":\"paper-run.1\",\"servers\":[{\"server\":\"github\",\"count\":1}]}"_s;
    LedgerSandbox sandbox = recorded(u"sb-1"_s, record.run.name, now.addSecs(-3000), 7200);
    sandbox.tags = {record.run.name};
    sandbox.releasedAt = now.addSecs(-60);
    sandbox.mcpUrls = {u"https://mcp.example.com/github/sb-1/mcp?token=tok-secret&x="_s};
    LedgerSandbox local = recorded(u"vm-1"_s, record.run.name, now.addSecs(-2900));
    local.provider = LedgerProvider::KlavisLocal;
    local.servers = {u"filesystem"_s, u"git"_s};
    local.releasedAt = now.addSecs(-30);
    record.sandboxes = {sandbox, local};
    LedgerOperation upload;
    upload.kind = LedgerOperationKind::Upload;
    upload.state = LedgerOperationState::Succeeded;
    upload.provider = LedgerProvider::KlavisLocal;
    upload.sandboxId = u"vm-1"_s;
    upload.run = record.run.name;
    upload.startedAt = now.addSecs(-2800);
    upload.finishedAt = now.addSecs(-2790);
    upload.transfer = LedgerTransfer{QString(64, u'a'), 12345, 17, u"workspace.tar.gz"_s};
    LedgerOperation data = upload;
    data.kind = LedgerOperationKind::DataDump;
    data.provider = LedgerProvider::Klavis;
    data.server = u"github"_s;
    data.sandboxId = u"sb-1"_s;
    data.transfer.reset();
    LedgerOperation acquire = upload;
    acquire.kind = LedgerOperationKind::Acquire; // not a transfer: not in the manifest's lists
    record.operations = {acquire, upload, data};
    return record;
}

} // namespace

QJsonObject TestRuns::manifestSchema()
{
    QFile file(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR "/runs/manifest.schema.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

void TestRuns::manifestMatchesItsSchema()
{
    const QJsonObject schema = manifestSchema();
    QVERIFY(!schema.isEmpty());
    const QJsonObject manifest = RunManifest::build(sampleRecord(), u"1.2.3"_s);
    const JsonSchemaValidator validator(schema);
    const auto violations = validator.validate(manifest, schema);
    for (const auto &violation : violations)
        qWarning() << violation.describe();
    QVERIFY(violations.isEmpty());
    const QByteArray bytes = RunManifest::toBytes(manifest);
    for (const char *secret : {"sk-secret", "tok-secret", "user:pw"})
        QVERIFY2(!bytes.contains(secret), secret);
    QCOMPARE(manifest[u"api_base_url"_s].toString(), u"https://api.example.com/v1"_s);
    QCOMPARE(manifest[u"transfers"_s].toArray().size(), 1);
    QCOMPARE(manifest[u"server_data"_s].toArray().size(), 1);
    QCOMPARE(manifest[u"transfers"_s][0][u"file_count"_s].toInt(), 17);

    // The schema can fail: a token left in a URL, an unknown field, a wrong kind.
    QJsonObject leaky = manifest;
    QJsonArray sandboxes = leaky[u"sandboxes"_s].toArray();
    QJsonObject first = sandboxes[0].toObject();
    first[u"mcp_urls"_s] = QJsonArray{u"https://mcp.example.com/x?token=abc"_s};
    sandboxes[0] = first;
    leaky[u"sandboxes"_s] = sandboxes;
    QVERIFY(!validator.isValid(leaky, schema));
    QJsonObject extra = manifest;
    extra[u"api_key"_s] = u"x"_s;
    QVERIFY(!validator.isValid(extra, schema));
}

void TestRuns::manifestReadsBackAndImports()
{
    const RunRecord original = sampleRecord();
    QString error;
    const RunRecord back =
        RunManifest::read(RunManifest::toBytes(RunManifest::build(original, u"1.2.3"_s)), &error);
    QCOMPARE(error, QString());
    QCOMPARE(back.run.name, original.run.name);
    QCOMPARE(back.run.state, LedgerRunState::Imported);
    QCOMPARE(back.run.createdAt, original.run.createdAt);
    QCOMPARE(back.sandboxes.size(), 2);
    QCOMPARE(back.sandboxes[1].servers, (QStringList{u"filesystem"_s, u"git"_s}));
    QCOMPARE(back.sandboxes[0].releasedAt, original.sandboxes[0].releasedAt);
    QCOMPARE(back.operations.size(), 2);
    QCOMPARE(back.operations[0].transfer->bytes, 12345);

    QCOMPARE(RunManifest::import(*m_ledger, back), QString());
    QCOMPARE(m_ledger->run(original.run.name)->state, LedgerRunState::Imported);
    QCOMPARE(m_ledger->sandboxesOfRun(original.run.name)->size(), 2);
    QVERIFY(m_ledger->heldSandboxes()->isEmpty());            // somebody's past: nothing held here
    QVERIFY(!RunManifest::import(*m_ledger, back).isEmpty()); // never over a run of the same name
    RunRecord reloaded;
    QCOMPARE(RunManifest::load(*m_ledger, original.run.name, &reloaded), QString());
    QCOMPARE(reloaded.operations.size(), 2);
}

void TestRuns::hostileManifestsAreRefused_data()
{
    QTest::addColumn<QString>("path"); // a JSON pointer-ish path into the manifest, then the value
    QTest::addColumn<QJsonValue>("value");
    QTest::newRow("kind") << u"kind"_s << QJsonValue(u"something-else"_s);
    QTest::newRow("version") << u"format_version"_s << QJsonValue(2);
    QTest::newRow("name with a newline") << u"run.name"_s << QJsonValue(u"a\nb"_s);
    QTest::newRow("name of the wrong type") << u"run.name"_s << QJsonValue(5);
    QTest::newRow("bad time") << u"run.created_at"_s << QJsonValue(u"yesterday"_s);
    QTest::newRow("bad provider") << u"sandboxes.provider"_s << QJsonValue(u"aws"_s);
    QTest::newRow("escape in an id") << u"sandboxes.sandbox_id"_s << QJsonValue(u"sb\u001b[2J"_s);
    QTest::newRow("negative ttl") << u"sandboxes.ttl_seconds"_s << QJsonValue(-5);
    QTest::newRow("bad sha") << u"transfers.sha256"_s << QJsonValue(u"xyz"_s);
    QTest::newRow("acquire as transfer") << u"transfers.kind"_s << QJsonValue(u"acquire"_s);
}

void TestRuns::hostileManifestsAreRefused()
{
    QFETCH(QString, path);
    QFETCH(QJsonValue, value);
    QJsonObject manifest = RunManifest::build(sampleRecord(), u"1.2.3"_s);
    const QStringList parts = path.split(u'.');
    if (parts.size() == 1) {
        manifest[parts[0]] = value;
    } else if (manifest[parts[0]].isArray()) {
        QJsonArray array = manifest[parts[0]].toArray();
        QJsonObject first = array[0].toObject();
        first[parts[1]] = value;
        array[0] = first;
        manifest[parts[0]] = array;
    } else {
        QJsonObject inner = manifest[parts[0]].toObject();
        inner[parts[1]] = value;
        manifest[parts[0]] = inner;
    }
    QString error;
    const RunRecord record = RunManifest::read(RunManifest::toBytes(manifest), &error);
    QVERIFY2(!error.isEmpty(), qPrintable(path));
    QVERIFY(record.run.name.isEmpty());
    QVERIFY(!RunManifest::read("[1,2]", &error).run.name.size());
    QVERIFY(!error.isEmpty());
    QVERIFY(!RunManifest::read(QByteArray(RunManifest::maxBytes + 1, ' '), &error).run.name.size());
    QVERIFY(error.contains(u"larger"_s));
}
