// Plans (their spelling, JSON both ways, the slots) and the exports an agent harness reads.
#include "tst_runs.h"

#include "ledger/runledger.h"
#include "runs/runexporter.h"
#include "runs/runplanparser.h"
#include "serviceharness.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

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
    // Each holds the sandboxes' MCP URLs, tokens included: readable by the user alone, whatever the umask.
    const auto ownerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
    const auto userBits = QFileDevice::ReadUser | QFileDevice::WriteUser;
    for (const QString &name : {u"out/urls.json"_s, u"run.env"_s, u"mcp/local_1_1.json"_s})
        QCOMPARE(QFile::permissions(dir.filePath(name)) & ~userBits, ownerOnly);
    // An older file of the same name, readable by everyone, does not lend its mode to the new one.
    const QString older = dir.filePath(u"older.env"_s);
    QFile olderFile(older);
    QVERIFY(olderFile.open(QIODevice::WriteOnly));
    olderFile.close();
    QVERIFY(QFile::setPermissions(older, ownerOnly | QFileDevice::ReadGroup | QFileDevice::ReadOther));
    QCOMPARE(RunExporter::writeEnvFile(older, u"r1"_s, sandboxes), QString());
    QCOMPARE(QFile::permissions(older) & ~userBits, ownerOnly);
    QVERIFY(QFile::remove(older));
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

QTEST_GUILESS_MAIN(TestRuns)
