#include "tst_runs.h"

#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "ledger/runledger.h"
#include "runs/leakfinder.h"
#include "runs/runexporter.h"
#include "runs/runmanifest.h"
#include "runs/runplanparser.h"
#include "runs/runprovisioner.h"
#include "runs/runreconciler.h"
#include "serviceharness.h"
#include "json/jsonschemavalidator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

void TestRuns::runNamesAreTags_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("plain") << u"swe-bench-2026.11"_s << true;
    QTest::newRow("digit first") << u"1st_run"_s << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("space") << u"my run"_s << false;
    QTest::newRow("dash first") << u"-rf"_s << false;
    QTest::newRow("query") << u"a&tag=b"_s << false;
    QTest::newRow("newline") << u"a\nb"_s << false;
    QTest::newRow("quote") << u"a'b"_s << false;
    QTest::newRow("non-ascii") << u"lauf-ü"_s << false;
    QTest::newRow("64 chars") << QString(64, u'a') << true;
    QTest::newRow("65 chars") << QString(65, u'a') << false;
}

void TestRuns::runNamesAreTags()
{
    QFETCH(QString, name);
    QFETCH(bool, accepted);
    QCOMPARE(RunPlanParser::checkName(name).isEmpty(), accepted);
}

void TestRuns::serversSpelling()
{
    QList<RunServerCount> servers;
    QVERIFY(RunPlanParser::parseServers(u"github:10,slack:5, jira"_s, &servers).isEmpty());
    QCOMPARE(servers, (QList<RunServerCount>{{u"github"_s, 10}, {u"slack"_s, 5}, {u"jira"_s, 1}}));
    // The same server twice adds up: one sequence of ordinals per server.
    QVERIFY(RunPlanParser::parseServers(u"github:3,github:2"_s, &servers).isEmpty());
    QCOMPARE(servers, (QList<RunServerCount>{{u"github"_s, 5}}));
    for (const auto &bad :
         {u"github:0"_s, u"github:x"_s, u"github:1:2"_s, u"GitHub:1"_s, u""_s, u"git hub"_s, u"github:-3"_s})
        QVERIFY2(!RunPlanParser::parseServers(bad, &servers).isEmpty(), qPrintable(bad));
}

void TestRuns::localSetSpelling()
{
    RunLocalSet set;
    QVERIFY(RunPlanParser::parseLocalSet(u"filesystem,git:2"_s, &set).isEmpty());
    QCOMPARE(set, (RunLocalSet{{u"filesystem"_s, u"git"_s}, 2}));
    QVERIFY(RunPlanParser::parseLocalSet(u"filesystem"_s, &set).isEmpty());
    QCOMPARE(set, (RunLocalSet{{u"filesystem"_s}, 1}));
    QVERIFY(!RunPlanParser::parseLocalSet(u"filesystem:2,git"_s, &set).isEmpty());
    QVERIFY(!RunPlanParser::parseLocalSet(u","_s, &set).isEmpty());
}

void TestRuns::typoCountsAreRefused()
{
    QList<RunServerCount> servers;
    const QString problem = RunPlanParser::parseServers(u"github:10000"_s, &servers);
    QVERIFY(problem.contains(u"typo"_s));
    QVERIFY(RunPlanParser::parseServers(u"github:500"_s, &servers).isEmpty());
    RunPlan plan;
    plan.name = u"big"_s;
    plan.servers = {{u"github"_s, 500}, {u"slack"_s, 500}, {u"jira"_s, 1}};
    QVERIFY(RunPlanParser::check(plan).contains(u"1001"_s));
    plan.servers.removeLast();
    QVERIFY(RunPlanParser::check(plan).isEmpty());
    plan.ttlSeconds = 59;
    QVERIFY(!RunPlanParser::check(plan).isEmpty());
    plan.ttlSeconds = 3600;
    QVERIFY(RunPlanParser::check(plan).isEmpty());
    plan.servers.clear();
    QVERIFY(!RunPlanParser::check(plan).isEmpty());
}

void TestRuns::planJsonRoundTrip()
{
    RunPlan plan;
    plan.name = u"eval-7"_s;
    plan.benchmark = u"mcp_atlas"_s;
    plan.servers = {{u"github"_s, 10}, {u"slack"_s, 5}};
    plan.localSets = {{{u"filesystem"_s, u"git"_s}, 2}, {{u"filesystem"_s}, 1}};
    plan.ttlSeconds = 7200;
    plan.prepare = true;
    plan.seedDataFile = u"/tmp/seed.json"_s;
    RunPlan back;
    const QJsonObject json =
        QJsonDocument::fromJson(QJsonDocument(RunPlanParser::toJson(plan)).toJson()).object();
    QCOMPARE(RunPlanParser::fromJson(json, &back), QString());
    QCOMPARE(back, plan);
    plan.ttlSeconds.reset();
    QCOMPARE(RunPlanParser::fromJson(RunPlanParser::toJson(plan), &back), QString());
    QVERIFY(!back.ttlSeconds);
}

void TestRuns::planJsonIsCheckedOnTheWayIn()
{
    RunPlan out;
    const auto parse = [&out](const char *json) {
        return RunPlanParser::fromJson(QJsonDocument::fromJson(json).object(), &out);
    };
    QVERIFY(parse(R"({"name":"a","servers":[{"server":"github","count":2}],"future":1})").isEmpty());
    QCOMPARE(out.sandboxCount(), 2);
    QVERIFY(!parse(R"({"name":"a","servers":[{"server":"github","count":2.5}]})").isEmpty());
    QVERIFY(!parse(R"({"name":"a b","servers":[{"server":"github","count":2}]})").isEmpty());
    QVERIFY(!parse(R"({"name":7,"servers":[{"server":"github","count":2}]})").isEmpty());
    QVERIFY(!parse(R"({"name":"a","servers":[{"server":"github","count":100000}]})").isEmpty());
    QVERIFY(!parse(R"({"name":"a","servers":[{"server":"../x","count":1}]})").isEmpty());
    QVERIFY(!parse(R"({"name":"a"})").isEmpty());
}

void TestRuns::slotsNumberEachServer()
{
    RunPlan plan;
    plan.servers = {{u"github"_s, 2}, {u"slack"_s, 1}};
    plan.localSets = {{{u"filesystem"_s, u"git"_s}, 2}};
    const auto order = plan.slotsInOrder();
    QCOMPARE(order.size(), 5);
    QCOMPARE(order[1], (RunSlot{1, false, {u"github"_s}, 2, 0}));
    QCOMPARE(order[2], (RunSlot{2, false, {u"slack"_s}, 1, 0}));
    QCOMPARE(order[4], (RunSlot{4, true, {u"filesystem"_s, u"git"_s}, 2, 1}));
}

namespace {

QList<RunSandbox> exportSample()
{
    RunPlan plan;
    plan.servers = {{u"github"_s, 2}, {u"google_calendar"_s, 1}};
    plan.localSets = {{{u"filesystem"_s, u"git"_s}, 1}};
    QList<RunSandbox> sandboxes;
    for (const auto &slot : plan.slotsInOrder()) {
        RunSandbox sandbox{slot, RunSandboxState::Acquired, u"sb-%1"_s.arg(slot.index), {}, {}, 0};
        for (const auto &server : slot.servers)
            sandbox.mcpUrls.append(
                {server, u"http://127.0.0.1:9/mcp/%1/%2?token=t%2"_s.arg(server).arg(slot.index)});
        sandboxes.append(sandbox);
    }
    sandboxes[1].state = RunSandboxState::Failed; // the second github: not held, not exported
    return sandboxes;
}

} // namespace

void TestRuns::exportsNameEverySandbox()
{
    const auto sandboxes = exportSample();
    const QJsonObject map = QJsonDocument::fromJson(RunExporter::urlMap(u"r1"_s, sandboxes)).object();
    QCOMPARE(map.value(u"run"_s).toString(), u"r1"_s);
    const QJsonObject urls = map.value(u"urls"_s).toObject();
    QCOMPARE(urls.keys(), (QStringList{u"github_1"_s, u"google_calendar_1"_s, u"local_1_1_filesystem"_s,
                                       u"local_1_1_git"_s}));
    QCOMPARE(urls.value(u"local_1_1_git"_s).toString(), u"http://127.0.0.1:9/mcp/git/3?token=t3"_s);
    const QJsonArray entries = map.value(u"sandboxes"_s).toArray();
    QCOMPARE(entries.size(), 3);
    QCOMPARE(entries[2].toObject().value(u"provider"_s).toString(), u"klavis-local"_s);
    QCOMPARE(entries[2].toObject().value(u"mcp_urls"_s).toObject().size(), 2);

    const QString env = QString::fromUtf8(RunExporter::envFile(u"r1"_s, sandboxes));
    QVERIFY(env.contains(u"\nGITHUB_1_MCP_URL='http://127.0.0.1:9/mcp/github/0?token=t0'\n"_s));
    QVERIFY(env.contains(u"\nLOCAL_1_1_GIT_MCP_URL='"_s));
    QVERIFY(!env.contains(u"GITHUB_2"_s));
    QCOMPARE(RunExporter::configFileName(sandboxes[3].slot), u"local_1_1.json"_s);
    QCOMPARE(RunExporter::configFileName(sandboxes[2].slot), u"google_calendar_1.json"_s);
}

void TestRuns::exportsLeaveOutHostileUrls()
{
    auto sandboxes = exportSample();
    sandboxes[0].mcpUrls = {{u"github"_s, u"file:///etc/passwd"_s}};
    sandboxes[2].mcpUrls = {{u"google_calendar"_s, u"https://h/x'$(id)"_s}};
    sandboxes[3].mcpUrls = {{u"git"_s, u"http://h/\nEVIL=1"_s}};
    QStringList skipped;
    const QJsonObject urls = QJsonDocument::fromJson(RunExporter::urlMap(u"r1"_s, sandboxes, &skipped))
                                 .object()[u"urls"_s]
                                 .toObject();
    QCOMPARE(skipped, (QStringList{u"github_1"_s, u"local_1_1_git"_s}));
    QCOMPARE(urls.size(), 1);
    const QByteArray env = RunExporter::envFile(u"r1"_s, sandboxes);
    QVERIFY(!env.contains("EVIL"));
    QVERIFY(!env.contains("passwd"));
    // The quote is encoded: the value stays one single-quoted word.
    QVERIFY(env.contains("GOOGLE_CALENDAR_1_MCP_URL='https://h/x%27$(id)'\n"));
    // A space makes it no URL at all: left out.
    sandboxes[2].mcpUrls = {{u"google_calendar"_s, u"https://h/x y"_s}};
    QVERIFY(!RunExporter::envFile(u"r1"_s, sandboxes).contains("GOOGLE_CALENDAR"));
    // Plain http to another host breaks the URL rule of the whole app: left out too.
    sandboxes[2].mcpUrls = {{u"google_calendar"_s, u"http://h/mcp"_s}};
    QVERIFY(!RunExporter::envFile(u"r1"_s, sandboxes).contains("GOOGLE_CALENDAR"));
}

void TestRuns::exportsAreWrittenAtomically()
{
    QTemporaryDir dir;
    const auto sandboxes = exportSample();
    const QString mapPath = dir.filePath(u"out/urls.json"_s);
    QCOMPARE(RunExporter::writeUrlMap(mapPath, u"r1"_s, sandboxes), QString());
    QCOMPARE(RunExporter::writeEnvFile(dir.filePath(u"run.env"_s), u"r1"_s, sandboxes), QString());
    QCOMPARE(RunExporter::writeMcpConfigs(dir.filePath(u"mcp"_s), sandboxes), QString());
    QFile config(dir.filePath(u"mcp/local_1_1.json"_s));
    QVERIFY(config.open(QIODevice::ReadOnly));
    const QJsonObject servers =
        QJsonDocument::fromJson(config.readAll()).object()[u"mcpServers"_s].toObject();
    QCOMPARE(servers.keys(), (QStringList{u"filesystem"_s, u"git"_s}));
    QVERIFY(!QFile::exists(dir.filePath(u"mcp/github_2.json"_s)));
    // A folder where the file should go: an error, and no stray temporary file beside it.
    QVERIFY(QDir().mkpath(dir.filePath(u"taken.json"_s)));
    QVERIFY(!RunExporter::writeUrlMap(dir.filePath(u"taken.json"_s), u"r1"_s, sandboxes).isEmpty());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), (QStringList{u"run.env"_s}));
}

void TestRuns::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_ledger = std::make_unique<RunLedger>();
    QVERIFY(m_ledger->open(m_dir->filePath(u"ledger.sqlite"_s)).ok());
    m_emulator = std::make_unique<ServiceHarness>();
}

void TestRuns::cleanup()
{
    m_emulator.reset();
    m_ledger.reset();
    m_dir.reset();
}

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
    input.localSandboxes = {local};
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
    // Oldest first; "mine" is no leak and "idle" is not held.
    QCOMPARE(order, (QStringList{u"old"_s, u"vm-1"_s, u"expired"_s, u"closed"_s, u"outside"_s}));
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
    QCOMPARE(LeakFinder::find(input).leaks.size(), 4); // "old" only leaked by the threshold
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

QJsonObject loadSchema()
{
    QFile file(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR "/runs/manifest.schema.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

void TestRuns::manifestMatchesItsSchema()
{
    const QJsonObject schema = loadSchema();
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

RunProvisioner::Outcome TestRuns::provision(RunProvisioner &provisioner, const RunPlan &plan)
{
    QSignalSpy finished(&provisioner, &RunProvisioner::finished);
    provisioner.start(plan);
    if (!finished.wait(20000))
        return RunProvisioner::Outcome::Refused;
    return finished.first().first().value<RunProvisioner::Outcome>();
}

void TestRuns::provisionerAcquiresEveryPlannedSandbox()
{
    RunProvisioner provisioner(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    QList<QPair<int, RunSandboxState>> progress;
    connect(&provisioner, &RunProvisioner::sandboxChanged, this,
            [&progress](int index, const RunSandbox &sandbox) {
                progress.append({index, sandbox.state});
            });
    RunPlan plan;
    plan.name = u"eval-1"_s;
    plan.servers = {{u"github"_s, 3}, {u"slack"_s, 2}};
    plan.localSets = {{{u"filesystem"_s, u"git"_s}, 1}};
    plan.ttlSeconds = 3600;
    plan.prepare = true;
    QCOMPARE(provision(provisioner, plan), RunProvisioner::Outcome::Completed);
    QCOMPARE(provisioner.heldCount(), 6);
    QCOMPARE(progress.size(), 12); // acquiring, then acquired, for each in turn
    QCOMPARE(progress[0], (QPair<int, RunSandboxState>{0, RunSandboxState::Acquiring}));
    QCOMPARE(progress[11], (QPair<int, RunSandboxState>{5, RunSandboxState::Acquired}));
    QCOMPARE(provisioner.sandboxes()[5].mcpUrls.size(), 2);

    QCOMPARE(m_ledger->run(u"eval-1"_s)->state, LedgerRunState::Open);
    const auto held = m_ledger->sandboxesOfRun(u"eval-1"_s).value();
    QCOMPARE(held.size(), 6);
    QVERIFY(std::all_of(held.cbegin(), held.cend(), [](const LedgerSandbox &s) { return s.isHeld(); }));
    const auto operations = m_ledger->operationsOfRun(u"eval-1"_s).value();
    QCOMPARE(operations.size(), 2 + 6); // a prepare per server, an acquire per sandbox
    QVERIFY(std::all_of(operations.cbegin(), operations.cend(),
                        [](const LedgerOperation &o) { return o.state == LedgerOperationState::Succeeded; }));
    QVERIFY(m_ledger->openIntents()->isEmpty());

    // The server lists them by the run's tag.
    KlavisSandboxService service(m_emulator->transport.get());
    const auto tagged = m_emulator->await<SandboxList>([&](QObject *c, auto done) {
        return service.list({{}, u"eval-1"_s}, c, done);
    });
    QVERIFY(tagged.ok());
    QCOMPARE(tagged->sandboxes.size(), 5);
}

void TestRuns::provisionerRetriesA429AndGoesOnAfterFailures()
{
    RunProvisioner provisioner(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    // Three 429s in a row: the transport sends the acquire again after each Retry-After until its attempts
    // run out, then the provisioner asks once more itself.
    auto faults = m_emulator->emulator->faults();
    faults.rateLimitNextRequests = 3;
    faults.retryAfterSeconds = 1;
    m_emulator->emulator->setFaults(faults);
    m_emulator->emulator->setEmptyPool(u"jira"_s); // 503: a definite no
    RunPlan plan;
    plan.name = u"eval-2"_s;
    plan.servers = {{u"github"_s, 2}, {u"jira"_s, 1}, {u"slack"_s, 1}};
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(provision(provisioner, plan), RunProvisioner::Outcome::Completed);
    QVERIFY(clock.elapsed() >= 2900); // every Retry-After was waited out
    QCOMPARE(provisioner.rateLimitedCount(), 1);
    QCOMPARE(m_emulator->emulator->requestCount("POST", u"/sandbox/github"_s), 3 + 1 + 1);
    const auto &sandboxes = provisioner.sandboxes();
    QCOMPARE(sandboxes[0].state, RunSandboxState::Acquired); // the 429 was asked again
    QCOMPARE(sandboxes[1].state, RunSandboxState::Acquired);
    QCOMPARE(sandboxes[2].state, RunSandboxState::Failed);
    QCOMPARE(sandboxes[3].state, RunSandboxState::Acquired); // a failure does not lose the others
    QCOMPARE(provisioner.heldCount(), 3);

    // A 500 may have half-happened: ambiguous, never asked again, left for reconciliation.
    faults = m_emulator->emulator->faults();
    faults.failNextRequests = 1;
    faults.failStatus = 500;
    m_emulator->emulator->setFaults(faults);
    RunProvisioner second(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    plan.name = u"eval-3"_s;
    plan.servers = {{u"github"_s, 2}};
    QCOMPARE(provision(second, plan), RunProvisioner::Outcome::Completed);
    QCOMPARE(second.sandboxes()[0].state, RunSandboxState::Ambiguous);
    QCOMPARE(second.sandboxes()[1].state, RunSandboxState::Acquired);
    const auto operations = m_ledger->operationsOfRun(u"eval-3"_s).value();
    QCOMPARE(operations.size(), 2);
    QCOMPARE(operations[0].state, LedgerOperationState::Ambiguous);
}

void TestRuns::provisionerCancelLetsTheInFlightAcquireFinish()
{
    auto faults = m_emulator->emulator->faults();
    faults.latencyMs = 100;
    m_emulator->emulator->setFaults(faults);
    RunProvisioner provisioner(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    // Cancel while the second acquire is out: it finishes and is kept, nothing after it is asked for.
    connect(&provisioner, &RunProvisioner::sandboxChanged, this,
            [&provisioner](int index, const RunSandbox &sandbox) {
                if (index == 1 && sandbox.state == RunSandboxState::Acquiring)
                    provisioner.cancel();
            });
    RunPlan plan;
    plan.name = u"eval-4"_s;
    plan.servers = {{u"github"_s, 4}};
    QCOMPARE(provision(provisioner, plan), RunProvisioner::Outcome::Cancelled);
    QCOMPARE(provisioner.heldCount(), 2);
    QCOMPARE(provisioner.sandboxes()[2].state, RunSandboxState::Cancelled);
    QCOMPARE(m_ledger->run(u"eval-4"_s)->state, LedgerRunState::Cancelled);
    QCOMPARE(m_ledger->sandboxesOfRun(u"eval-4"_s)->size(), 2);
    QVERIFY(m_ledger->openIntents()->isEmpty()); // consistent: every intent finished
}

void TestRuns::provisionerRefusesATakenName()
{
    RunProvisioner provisioner(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    RunPlan plan;
    plan.name = u"eval-5"_s;
    plan.servers = {{u"github"_s, 1}};
    QCOMPARE(provision(provisioner, plan), RunProvisioner::Outcome::Completed);
    RunProvisioner again(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    QCOMPARE(provision(again, plan), RunProvisioner::Outcome::Refused);
    QVERIFY(again.problem().contains(u"exists"_s));
    plan.name = u"bad name"_s;
    QCOMPARE(provision(again, plan), RunProvisioner::Outcome::Refused);
    RunProvisioner withoutLedger(m_emulator->transport.get(), LedgerAccess());
    plan.name = u"eval-6"_s;
    QCOMPARE(provision(withoutLedger, plan), RunProvisioner::Outcome::Refused);
}

void TestRuns::abortingTheAcquireInFlightLeavesItToReconciliation()
{
    // The emulator takes the sandbox and never answers: the second Ctrl+C of the CLI aborts that acquire.
    auto faults = m_emulator->emulator->faults();
    faults.hangNextRequests = 1;
    m_emulator->emulator->setFaults(faults);
    RunProvisioner provisioner(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    connect(&provisioner, &RunProvisioner::sandboxChanged, this,
            [&provisioner](int index, const RunSandbox &sandbox) {
                if (index == 0 && sandbox.state == RunSandboxState::Acquiring)
                    QTimer::singleShot(300, &provisioner, [&provisioner] { provisioner.abortInFlight(); });
            });
    RunPlan plan;
    plan.name = u"aborted"_s;
    plan.servers = {{u"github"_s, 3}};
    QCOMPARE(provision(provisioner, plan), RunProvisioner::Outcome::Cancelled);
    QCOMPARE(provisioner.sandboxes()[0].state, RunSandboxState::Ambiguous);
    QCOMPARE(provisioner.sandboxes()[1].state, RunSandboxState::Cancelled);
    QCOMPARE(provisioner.heldCount(), 0);
    const auto operations = m_ledger->operationsOfRun(plan.name).value();
    QCOMPARE(operations.size(), 1);
    QCOMPARE(operations[0].state, LedgerOperationState::Ambiguous);

    RunReconciler reconciler(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    std::optional<ReconcileReport> report;
    reconciler.scan(plan.name, [&report](const ReconcileReport &r) { report = r; });
    QTRY_VERIFY(report.has_value());
    QCOMPARE(report->openIntents.size(), 1);
    QCOMPARE(report->leftovers.size(), 1); // the server did take it
    QCOMPARE(report->leftovers[0].intentId, operations[0].id);
    std::optional<QString> released;
    reconciler.release(report->leftovers[0], [&released](const QString &error) { released = error; });
    QTRY_VERIFY(released.has_value());
    QCOMPARE(*released, QString());
    QVERIFY(m_ledger->openIntents()->isEmpty());
}

void TestRuns::seedsFollowEachAcquire()
{
    const QString seeds = m_dir->filePath(u"seeds.json"_s);
    QFile file(seeds);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"github": "default", "slack": {"channels": "not a list"}})");
    file.close();
    const QString workspace = m_dir->filePath(u"workspace"_s);
    QVERIFY(QDir().mkpath(workspace + u"/src"_s));
    QFile readme(workspace + u"/src/README.md"_s);
    QVERIFY(readme.open(QIODevice::WriteOnly));
    readme.write("# seeded\n");
    readme.close();

    RunProvisioner provisioner(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    QList<RunSandboxState> states;
    connect(&provisioner, &RunProvisioner::sandboxChanged, this,
            [&states](int, const RunSandbox &sandbox) { states.append(sandbox.state); });
    RunPlan plan;
    plan.name = u"seeded"_s;
    plan.servers = {{u"github"_s, 1}, {u"slack"_s, 1}, {u"jira"_s, 1}};
    plan.localSets = {{{u"filesystem"_s}, 1}};
    plan.seedDataFile = seeds;
    plan.workspace = workspace;
    QCOMPARE(provision(provisioner, plan), RunProvisioner::Outcome::Completed);
    QCOMPARE(provisioner.heldCount(), 4);
    QCOMPARE(provisioner.seedFailures(), 1); // slack's body is refused by the server's schema
    QVERIFY(provisioner.sandboxes()[1].error.startsWith(u"seed: "_s));
    QVERIFY(provisioner.sandboxes()[0].error.isEmpty());
    QCOMPARE(states.count(RunSandboxState::Seeding), 3); // github, slack, the local one; not jira

    QList<LedgerOperationKind> kinds;
    qint64 uploaded = 0;
    const QList<LedgerOperation> operations = m_ledger->operationsOfRun(plan.name).value();
    for (const auto &operation : operations) {
        kinds.append(operation.kind);
        if (operation.kind == LedgerOperationKind::Upload) {
            QCOMPARE(operation.state, LedgerOperationState::Succeeded);
            uploaded = operation.transfer ? operation.transfer->bytes : 0;
        }
    }
    using K = LedgerOperationKind;
    QCOMPARE(kinds,
             (QList<K>{K::Acquire, K::DataInit, K::Acquire, K::DataInit, K::Acquire, K::Acquire, K::Upload}));
    QVERIFY(uploaded > 0);
    // The manifest lists the upload and the data initialized.
    RunRecord record;
    QCOMPARE(RunManifest::load(*m_ledger, plan.name, &record), QString());
    const QJsonObject manifest = RunManifest::build(record, u"0"_s);
    QCOMPARE(manifest[u"transfers"_s].toArray().size(), 1);
    QCOMPARE(manifest[u"server_data"_s].toArray().size(), 2);
    const QJsonObject schema = loadSchema();
    QVERIFY(JsonSchemaValidator(schema).isValid(manifest, schema));

    QJsonObject parsed;
    QVERIFY(RunProvisioner::readSeeds(seeds, &parsed).isEmpty());
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"github": 5})");
    file.close();
    QVERIFY(!RunProvisioner::readSeeds(seeds, &parsed).isEmpty());
    plan.name = u"seeded-2"_s;
    RunProvisioner refused(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    QCOMPARE(provision(refused, plan), RunProvisioner::Outcome::Refused);
}

void TestRuns::reconcilerFindsWhatACrashLeft()
{
    // A run whose process died between writing an intent and hearing the answer: the intent is open, the
    // server holds a sandbox tagged with the run that the ledger never heard of.
    LedgerRun run;
    run.name = u"crashed"_s;
    run.createdAt = QDateTime::currentDateTimeUtc();
    QVERIFY(m_ledger->createRun(run).ok());
    LedgerOperation intent;
    intent.kind = LedgerOperationKind::Acquire;
    intent.server = u"github"_s;
    intent.run = run.name;
    intent.tags = {run.name};
    intent.startedAt = QDateTime::currentDateTimeUtc();
    intent.processId = 0x7ffffff0; // no such process
    const qint64 intentId = m_ledger->beginOperation(intent).value();
    LedgerOperation localIntent = intent;
    localIntent.provider = LedgerProvider::KlavisLocal;
    localIntent.server = u"filesystem,git"_s;
    const qint64 localIntentId = m_ledger->beginOperation(localIntent).value();

    KlavisSandboxService remote(m_emulator->transport.get());
    KlavisLocalSandboxService local(m_emulator->transport.get());
    AcquireRequest request;
    request.serverName = u"github"_s;
    request.tag = run.name;
    const auto leftover = m_emulator->await<AcquiredSandbox>(
        [&](QObject *c, auto done) { return remote.acquire(request, c, done); });
    QVERIFY(leftover.ok());
    LocalAcquireRequest localRequest;
    localRequest.serverNames = {u"filesystem"_s, u"git"_s};
    const auto localLeftover = m_emulator->await<LocalSandbox>(
        [&](QObject *c, auto done) { return local.acquire(localRequest, c, done); });
    QVERIFY(localLeftover.ok());
    request.tag = u"another-run"_s; // tagged otherwise: not this run's
    QVERIFY(
        m_emulator
            ->await<AcquiredSandbox>([&](QObject *c, auto done) { return remote.acquire(request, c, done); })
            .ok());

    RunReconciler reconciler(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    std::optional<ReconcileReport> report;
    reconciler.scan({}, [&report](const ReconcileReport &r) { report = r; });
    QTRY_VERIFY(report.has_value());
    QCOMPARE(report->error, QString());
    QCOMPARE(report->openIntents.size(), 2);
    QCOMPARE(report->leftovers.size(), 2);
    QCOMPARE(report->leftovers[0].sandboxId, leftover->sandboxId);
    QCOMPARE(report->leftovers[0].intentId, intentId);
    QCOMPARE(report->leftovers[1].sandboxId, localLeftover->localSandboxId);
    QCOMPARE(report->leftovers[1].intentId, localIntentId);

    // Adopt the first, release the second: the ledger ends consistent, no intent left open.
    std::optional<QString> adopted;
    reconciler.adopt(report->leftovers[0], [&adopted](const QString &error) { adopted = error; });
    QTRY_VERIFY(adopted.has_value());
    QCOMPARE(*adopted, QString());
    std::optional<QString> released;
    reconciler.release(report->leftovers[1], [&released](const QString &error) { released = error; });
    QTRY_VERIFY(released.has_value());
    QCOMPARE(*released, QString());
    QVERIFY(m_ledger->openIntents()->isEmpty());
    QCOMPARE(m_ledger->operation(intentId)->state, LedgerOperationState::Adopted);
    QCOMPARE(m_ledger->operation(localIntentId)->state, LedgerOperationState::Abandoned);
    const auto held = m_ledger->sandboxesOfRun(run.name).value();
    QCOMPARE(held.size(), 1);
    QCOMPARE(held[0].sandboxId, leftover->sandboxId);

    report.reset();
    reconciler.scan({}, [&report](const ReconcileReport &r) { report = r; });
    QTRY_VERIFY(report.has_value());
    QVERIFY(report->leftovers.isEmpty());
}

QTEST_GUILESS_MAIN(TestRuns)
