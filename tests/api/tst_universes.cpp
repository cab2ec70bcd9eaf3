// Universes from the client's side: UniverseDecoder on drifted and hostile replies, KlavisUniverseService
// against a raw server (what the emulator never sends) and against the emulator over real HTTP (a task
// done through MCP tool calls verifies, a released instance comes back reset), and the runs ledger's view
// of an instance: held by its run, in the manifest, a leak when no run claims it, given back by RunReleaser.
#include "api/klavisuniverseservice.h"
#include "api/universedecoder.h"
#include "hostileserver.h"
#include "ledger/runledger.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"
#include "runs/leakfinder.h"
#include "runs/ledgerrecorder.h"
#include "runs/runmanifest.h"
#include "runs/runreleaser.h"
#include "serviceharness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString seededUniverse = u"acme-software"_s;

QByteArray universeJson(const QJsonObject &changes = {}, const QStringList &removed = {})
{
    QJsonObject universe{
        {u"universe_id"_s, u"u1"_s},
        {u"name"_s, u"Universe one"_s},
        {u"description"_s, u"A test universe"_s},
        {u"domain"_s, u"Software Development"_s},
        {u"personas"_s, QJsonArray{QJsonObject{{u"name"_s, u"Ana"_s}, {u"role"_s, u"lead"_s}}}},
        {u"task_nums"_s, QJsonArray{u"1"_s, u"2"_s}},
        {u"created_at"_s, u"2026-05-01T10:00:00Z"_s},
    };
    for (auto it = changes.begin(); it != changes.end(); ++it)
        universe.insert(it.key(), it.value());
    for (const auto &key : removed)
        universe.remove(key);
    return QJsonDocument(QJsonObject{{u"universes"_s, QJsonArray{universe}}}).toJson(QJsonDocument::Compact);
}

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

class TestUniverses : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_ledger = std::make_unique<RunLedger>();
        QVERIFY(m_ledger->open(m_dir->filePath(u"ledger.sqlite"_s)).ok());
    }
    void cleanup()
    {
        m_ledger.reset();
        m_dir.reset();
    }

    // Decoding.
    void universesReadTheSchemaAndIgnoreTheRest()
    {
        const auto result = UniverseDecoder::universes(universeJson(
            {{u"future_field"_s, QJsonObject{{u"x"_s, 1}}},
             {u"task_nums"_s, QJsonArray{1, u"2"_s, 3.0}},
             {u"personas"_s,
              QJsonArray{QJsonObject{{u"name"_s, u"Ana"_s}, {u"age"_s, 41}, {u"tags"_s, QJsonArray{}}},
                         u"not a persona"_s, QJsonObject{{u"email"_s, u"bo@example.com"_s}}}}}));
        QVERIFY2(result.ok(), qPrintable(result.error().message()));
        QCOMPARE(result->size(), 1);
        const Universe &universe = result->at(0);
        QCOMPARE(universe.id, u"u1"_s);
        QCOMPARE(universe.domain, u"Software Development"_s);
        QCOMPARE(universe.taskNumbers, QStringList({u"1"_s, u"2"_s, u"3"_s})); // numbers read as their text
        QCOMPARE(universe.personas.size(), 2);
        QCOMPARE(universe.personas[0], (QMap<QString, QString>{{u"name"_s, u"Ana"_s}}));
        QCOMPARE(universe.personas[1].value(u"email"_s), u"bo@example.com"_s);
        QCOMPARE(universe.skippedPersonaValues, 3); // 41, [], and the string that is no persona
        QCOMPARE(universe.createdAt, QDateTime(QDate(2026, 5, 1), QTime(10, 0), Qt::UTC));
    }

    void universesNameWhatIsMissing_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no name") << universeJson({}, {u"name"_s}) << u"no `name`"_s;
        QTest::newRow("no id") << universeJson({}, {u"universe_id"_s}) << u"no `universe_id`"_s;
        QTest::newRow("no created_at") << universeJson({}, {u"created_at"_s}) << u"no `created_at`"_s;
        QTest::newRow("domain an object")
            << universeJson({{u"domain"_s, QJsonObject{}}}) << u"`domain` is not a string"_s;
        QTest::newRow("no personas") << universeJson({}, {u"personas"_s}) << u"no `personas`"_s;
        QTest::newRow("task_nums a string")
            << universeJson({{u"task_nums"_s, u"1,2"_s}}) << u"`task_nums` is not a list"_s;
        QTest::newRow("a task number 1.5")
            << universeJson({{u"task_nums"_s, QJsonArray{1.5}}}) << u"`task_nums`"_s;
        QTest::newRow("no list") << QByteArray("{\"items\": []}") << u"no `universes` list"_s;
        QTest::newRow("not JSON") << QByteArray("<html>oops</html>") << u"invalid JSON"_s;
    }
    void universesNameWhatIsMissing()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, expected);
        const auto result = UniverseDecoder::universes(body);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind(), ApiError::Kind::Decode);
        QVERIFY2(result.error().message().contains(expected), qPrintable(result.error().message()));
    }

    void instanceUrlsAreCheckedBeforeUse()
    {
        const auto result = UniverseDecoder::instance(compact(
            {{u"instance_id"_s, u"inst-1"_s},
             {u"extra"_s, true},
             {u"mcp_servers"_s, QJsonObject{{u"github"_s, u"https://mcp.example.com/github?token=abc"_s},
                                            {u"jira"_s, u"http://127.0.0.1:8123/mcp/jira"_s},
                                            {u"slack"_s, u"file:///etc/passwd"_s},
                                            {u"gmail"_s, u"http://evil.example.com/mcp"_s},
                                            {u"notion"_s, 5},
                                            {u"drive"_s, u"javascript:alert(1)"_s}}}}));
        QVERIFY2(result.ok(), qPrintable(result.error().message()));
        QCOMPARE(result->instanceId, u"inst-1"_s);
        QCOMPARE(result->mcpServers.keys(), QStringList({u"github"_s, u"jira"_s}));
        QCOMPARE(result->refusedServers.keys(),
                 QStringList({u"drive"_s, u"gmail"_s, u"notion"_s, u"slack"_s}));
        for (const auto &reason : result->refusedServers)
            QVERIFY(!reason.isEmpty());

        // Refused URLs are named in the ledger's record (the instance holds them) but never stored.
        const LedgerSandbox record = LedgerRecorder::universeRecord(result.value(), u"u1"_s, {});
        QCOMPARE(record.servers.size(), 6);
        QCOMPARE(record.mcpUrls.size(), 2);
        QCOMPARE(record.benchmark, u"u1"_s);
    }

    void instanceNeedsItsIdAndServers_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no id") << QByteArray("{\"mcp_servers\": {}}") << u"no `instance_id`"_s;
        QTest::newRow("empty id") << QByteArray("{\"instance_id\": \"\", \"mcp_servers\": {}}") << u"empty"_s;
        QTest::newRow("no servers") << QByteArray("{\"instance_id\": \"i\"}") << u"no `mcp_servers`"_s;
        QTest::newRow("servers a list") << QByteArray("{\"instance_id\": \"i\", \"mcp_servers\": []}")
                                        << u"`mcp_servers` is not an object"_s;
    }
    void instanceNeedsItsIdAndServers()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, expected);
        const auto result = UniverseDecoder::instance(body);
        QVERIFY(!result.ok());
        QVERIFY2(result.error().message().contains(expected), qPrintable(result.error().message()));
    }

    void tasksAndVerdicts()
    {
        QJsonObject task{{u"task_num"_s, 7},
                         {u"universe_id"_s, u"u1"_s},
                         {u"title"_s, u"Close the bug"_s},
                         {u"description"_s, u"d"_s},
                         {u"prompt"_s, u"Close issue 3.\nThen say so."_s},
                         {u"difficulty"_s, u"legendary"_s},
                         {u"verification_rationale"_s, u"issue 3 is closed"_s},
                         {u"hint"_s, u"unknown fields are ignored"_s}};
        auto read = UniverseDecoder::task(compact(task));
        QVERIFY2(read.ok(), qPrintable(read.error().message()));
        QCOMPARE(read->taskNumber, u"7"_s);
        QCOMPARE(read->difficulty, u"legendary"_s); // an unknown word is kept as sent
        QCOMPARE(read->prompt, u"Close issue 3.\nThen say so."_s);
        task.remove(u"prompt"_s);
        read = UniverseDecoder::task(compact(task));
        QVERIFY(!read.ok());
        QVERIFY(read.error().message().contains(u"no `prompt`"_s));

        auto verdict =
            UniverseDecoder::verdict("{\"task_num\": \"2\", \"passed\": true, \"failure_reason\": null}");
        QVERIFY(verdict.ok());
        QVERIFY(verdict->passed);
        QVERIFY(verdict->failureReason.isEmpty());
        verdict = UniverseDecoder::verdict(
            "{\"task_num\": 2, \"passed\": false, \"failure_reason\": \"no message\"}");
        QVERIFY(verdict.ok());
        QVERIFY(!verdict->passed);
        QCOMPARE(verdict->taskNumber, u"2"_s);
        QCOMPARE(verdict->failureReason, u"no message"_s);
        verdict = UniverseDecoder::verdict("{\"task_num\": \"2\", \"passed\": \"yes\"}");
        QVERIFY(!verdict.ok());
        QVERIFY(verdict.error().message().contains(u"`passed`"_s));
        QVERIFY(!UniverseDecoder::verdict("{\"task_num\": \"2\"}").ok());

        QCOMPARE(UniverseDecoder::initialData("{\"github\": {\"repos\": []}}")->toObject().keys(),
                 QStringList{u"github"_s});
        QCOMPARE(UniverseDecoder::initialData("42").value(), QJsonValue(42));
        QVERIFY(!UniverseDecoder::initialData("{\"a\": ").ok());
        QVERIFY(!UniverseDecoder::initialData("1 2").ok());
    }

    // The service against a raw server: what it sends, and that an acquire is never repeated.
    void serviceRequestsAndNoRepeatedAcquire()
    {
        HostileServer server;
        server.script({HostileServer::json(500, "{\"detail\": \"boom\"}")});
        TransportConfig config;
        config.baseUrl = server.url();
        config.apiKey = u"test-key-123456"_s;
        config.requestsPerSecond = 0;
        config.backoffBaseMs = 10;
        HttpTransport transport(config);
        KlavisUniverseService service(&transport);
        QObject context;
        std::optional<ApiResult<UniverseInstance>> acquired;
        service.acquire(u"a b/c"_s, &context, [&](const ApiResult<UniverseInstance> &r) { acquired = r; });
        QTRY_VERIFY(acquired.has_value());
        QVERIFY(!acquired->ok());
        QCOMPARE(server.requests().size(), 1); // a 500 may have taken an instance: never sent twice
        QCOMPARE(server.requests()[0].method, QByteArray("POST"));
        QCOMPARE(server.requests()[0].path, QByteArray("/universes/a%20b%2Fc"));

        server.script({HostileServer::json(
            200, "{\"task_num\": 3, \"passed\": false, \"failure_reason\": \"nothing in #releases\"}")});
        std::optional<ApiResult<TaskVerdict>> verdict;
        service.verify(u"inst-1"_s, u"3"_s, &context, [&](const ApiResult<TaskVerdict> &r) { verdict = r; });
        QTRY_VERIFY(verdict.has_value());
        QVERIFY(verdict->ok());
        QCOMPARE(server.requests().last().path, QByteArray("/universes/inst-1/tasks/3/verify"));
        QCOMPARE((*verdict)->failureReason, u"nothing in #releases"_s);
    }

    // Against the emulator: the whole round, a task done through MCP tool calls.
    void taskDoneThroughMcpVerifiesAndAReleaseResetsIt()
    {
        ServiceHarness harness;
        KlavisUniverseService service(harness.transport.get());
        const auto list =
            harness.await<QList<Universe>>([&](QObject *c, auto done) { return service.list(c, done); });
        QVERIFY2(list.ok(), qPrintable(list.error().message()));
        QVERIFY(list->size() >= 2);
        const auto seeded = std::find_if(list->begin(), list->end(),
                                         [](const Universe &u) { return u.id == seededUniverse; });
        QVERIFY(seeded != list->end());
        QVERIFY(seeded->taskNumbers.contains(u"2"_s));
        QVERIFY(!seeded->personas.isEmpty());

        const auto data = harness.await<QJsonValue>(
            [&](QObject *c, auto done) { return service.initialData(seededUniverse, c, done); });
        QVERIFY(data.ok());
        QVERIFY(data->toObject().contains(u"slack"_s));

        const auto task = harness.await<UniverseTask>(
            [&](QObject *c, auto done) { return service.task(seededUniverse, u"2"_s, c, done); });
        QVERIFY2(task.ok(), qPrintable(task.error().message()));
        QCOMPARE(task->taskNumber, u"2"_s);
        QVERIFY(!task->prompt.isEmpty());

        const auto instance = harness.await<UniverseInstance>(
            [&](QObject *c, auto done) { return service.acquire(seededUniverse, c, done); });
        QVERIFY2(instance.ok(), qPrintable(instance.error().message()));
        QVERIFY(instance->refusedServers.isEmpty());
        QVERIFY(instance->mcpServers.contains(u"slack"_s));

        const auto verify = [&] {
            return harness.await<TaskVerdict>(
                [&](QObject *c, auto done) { return service.verify(instance->instanceId, u"2"_s, c, done); });
        };
        auto verdict = verify();
        QVERIFY2(verdict.ok(), qPrintable(verdict.error().message()));
        QVERIFY(!verdict->passed);
        QVERIFY(!verdict->failureReason.isEmpty());

        // Task 2: the release announcement in #releases, through the instance's Slack MCP server.
        QNetworkAccessManager network;
        McpClient mcp(&network);
        mcp.setUrl(QUrl(instance->mcpServers.value(u"slack"_s)));
        McpCall *call = mcp.callTool(
            u"post_message"_s,
            {{u"channel"_s, u"#releases"_s},
             {u"text"_s, u"Storefront v2.4.0 is out: faster product search and a checkout rounding fix."_s}});
        bool called = false;
        connect(call, &McpCall::finished, this, [&] {
            called = true;
            QVERIFY2(!call->error().isError(), qPrintable(call->error().message));
        });
        QTRY_VERIFY_WITH_TIMEOUT(called, 10000);
        verdict = verify();
        QVERIFY(verdict.ok());
        QVERIFY2(verdict->passed, qPrintable(verdict->failureReason));

        const auto released = harness.await<SandboxActionResult>(
            [&](QObject *c, auto done) { return service.release(instance->instanceId, c, done); });
        QVERIFY2(released.ok(), qPrintable(released.error().message()));
        // Not acquired any more: verifying is refused.
        QVERIFY(!verify().ok());

        // Acquired again until the same instance comes back: its data is the universe's again.
        QStringList others;
        std::optional<ApiResult<UniverseInstance>> again;
        for (int i = 0; i < 10; ++i) {
            again = harness.await<UniverseInstance>(
                [&](QObject *c, auto done) { return service.acquire(seededUniverse, c, done); });
            QVERIFY2(again->ok(), qPrintable(again->error().message()));
            if (again->value().instanceId == instance->instanceId)
                break;
            others << again->value().instanceId;
        }
        QCOMPARE(again->value().instanceId, instance->instanceId);
        verdict = verify();
        QVERIFY(verdict.ok());
        QVERIFY(!verdict->passed);

        // Errors: an unknown universe, task and instance answer 404 as HTTP errors.
        const auto unknown = harness.await<UniverseTask>(
            [&](QObject *c, auto done) { return service.task(seededUniverse, u"999"_s, c, done); });
        QCOMPARE(unknown.error().httpStatus(), 404);
        const auto noInstance = harness.await<SandboxActionResult>(
            [&](QObject *c, auto done) { return service.release(u"no-such-instance"_s, c, done); });
        QCOMPARE(noInstance.error().httpStatus(), 404);
    }

    // The ledger: an instance held by a run, in its manifest, a leak when no open run claims it, and given
    // back by RunReleaser (a 404 = vanished).
    void ledgerHoldsAnInstanceAndTheRunGivesItBack()
    {
        ServiceHarness harness;
        KlavisUniverseService service(harness.transport.get());
        const auto instance = harness.await<UniverseInstance>(
            [&](QObject *c, auto done) { return service.acquire(seededUniverse, c, done); });
        QVERIFY2(instance.ok(), qPrintable(instance.error().message()));

        const QString run = u"grading-1"_s;
        LedgerRun created;
        created.name = run;
        created.state = LedgerRunState::Open;
        QVERIFY(m_ledger->createRun(created).ok());
        QObject context;
        LedgerRecorder recorder(LedgerAccess(m_ledger.get()), &context);
        recorder.acquiredUniverse(instance.value(), seededUniverse, run);
        // A second, unknown to the server, and a third released elsewhere (the server answers 409, not
        // acquired): both to be found vanished at release.
        UniverseInstance ghost;
        ghost.instanceId = u"ghost-instance"_s;
        recorder.acquiredUniverse(ghost, seededUniverse, run);
        const auto elsewhere = harness.await<UniverseInstance>(
            [&](QObject *c, auto done) { return service.acquire(seededUniverse, c, done); });
        QVERIFY2(elsewhere.ok(), qPrintable(elsewhere.error().message()));
        recorder.acquiredUniverse(elsewhere.value(), seededUniverse, run);
        QVERIFY2(recorder.problem().isEmpty(), qPrintable(recorder.problem()));
        QVERIFY(harness
                    .await<SandboxActionResult>([&](QObject *c, auto done) {
                        return service.release(elsewhere->instanceId, c, done);
                    })
                    .ok());

        const auto held = m_ledger->sandboxesOfRun(run).value();
        QCOMPARE(held.size(), 3);
        const auto mine = std::find_if(held.begin(), held.end(), [&](const LedgerSandbox &s) {
            return s.sandboxId == instance->instanceId;
        });
        QVERIFY(mine != held.end());
        QCOMPARE(mine->provider, LedgerProvider::KlavisUniverse);
        QCOMPARE(mine->benchmark, seededUniverse);
        QCOMPARE(mine->servers, instance->mcpServers.keys());
        QVERIFY(mine->isHeld());

        RunRecord record;
        QCOMPARE(RunManifest::load(*m_ledger, run, &record), QString());
        const QJsonObject manifest = RunManifest::build(record, u"test"_s);
        const QByteArray manifestText = RunManifest::toBytes(manifest);
        QVERIFY(manifestText.contains("klavis-universe"));
        QVERIFY(manifestText.contains(instance->instanceId.toUtf8()));

        // Held by an open run: no leak. Without a run claiming it: unclaimed, though no server list shows it.
        LeakInput input;
        input.ledgerHeld = m_ledger->heldSandboxes().value();
        input.runs = m_ledger->runs().value();
        input.now = QDateTime::currentDateTimeUtc();
        QVERIFY(LeakFinder::find(input).leaks.isEmpty());
        QVERIFY(LeakFinder::find(input).vanished.isEmpty());
        input.runs.clear();
        const LeakReport leaks = LeakFinder::find(input);
        QCOMPARE(leaks.leaks.size(), 3);
        QCOMPARE(leaks.leaks[0].provider, LedgerProvider::KlavisUniverse);
        QCOMPARE(leaks.leaks[0].reasons, QList<LeakReason>{LeakReason::Unclaimed});

        RunReleaser releaser(harness.transport.get(), LedgerAccess(m_ledger.get()));
        QStringList released, vanished, failed;
        std::optional<int> finishedReleased;
        connect(&releaser, &RunReleaser::released, this,
                [&](const ReleaseTarget &t) { released << t.sandboxId; });
        connect(&releaser, &RunReleaser::vanished, this,
                [&](const ReleaseTarget &t) { vanished << t.sandboxId; });
        connect(&releaser, &RunReleaser::failed, this,
                [&](const ReleaseTarget &t, const QString &why) { failed << t.sandboxId + u": "_s + why; });
        connect(&releaser, &RunReleaser::finished, this,
                [&](int count, int, const QString &) { finishedReleased = count; });
        releaser.releaseRun(run);
        QTRY_VERIFY_WITH_TIMEOUT(finishedReleased.has_value(), 15000);
        QVERIFY2(failed.isEmpty(), qPrintable(failed.join(u'\n')));
        QCOMPARE(released, QStringList{instance->instanceId});
        vanished.sort();
        QStringList gone{ghost.instanceId, elsewhere->instanceId};
        gone.sort();
        QCOMPARE(vanished, gone);
        QCOMPARE(*finishedReleased, 3);
        QCOMPARE(m_ledger->run(run)->state, LedgerRunState::Released);
        QVERIFY(m_ledger->heldSandboxes()->isEmpty());

        // The server gave it back: a verify on it is refused as not acquired.
        const auto verdict = harness.await<TaskVerdict>(
            [&](QObject *c, auto done) { return service.verify(instance->instanceId, u"1"_s, c, done); });
        QVERIFY(!verdict.ok());
        QCOMPARE(verdict.error().kind(), ApiError::Kind::Http);
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<RunLedger> m_ledger;
};

QTEST_GUILESS_MAIN(TestUniverses)
#include "tst_universes.moc"
