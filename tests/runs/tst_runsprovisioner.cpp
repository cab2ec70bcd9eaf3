// The provisioner and the reconciler on a RunLedger, against the emulator over loopback HTTP: every planned
// sandbox acquired, 429s and failures, cancel and abort, a taken name, the seeds after each acquire, what a
// crash left behind.
#include "emulatorprobe.h"
#include "tst_runs.h"

#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "ledger/runledger.h"
#include "runs/runmanifest.h"
#include "runs/runprovisioner.h"
#include "runs/runreconciler.h"
#include "runs/runseeder.h"
#include "json/jsonschemavalidator.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

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
    auto faults = EmulatorProbe(m_emulator->emulator).faults();
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
    QCOMPARE(EmulatorProbe(m_emulator->emulator).requestCount("POST", u"/sandbox/github"_s), 3 + 1 + 1);
    const auto &sandboxes = provisioner.sandboxes();
    QCOMPARE(sandboxes[0].state, RunSandboxState::Acquired); // the 429 was asked again
    QCOMPARE(sandboxes[1].state, RunSandboxState::Acquired);
    QCOMPARE(sandboxes[2].state, RunSandboxState::Failed);
    QCOMPARE(sandboxes[3].state, RunSandboxState::Acquired); // a failure does not lose the others
    QCOMPARE(provisioner.heldCount(), 3);

    // A 500 may have half-happened: ambiguous, never asked again, left for reconciliation.
    faults = EmulatorProbe(m_emulator->emulator).faults();
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
    auto faults = EmulatorProbe(m_emulator->emulator).faults();
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
    auto faults = EmulatorProbe(m_emulator->emulator).faults();
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

void TestRuns::cancelWhenASeedBeginsFinishesOnce()
{
    // Cancel pressed as the first seed begins: the seed runs to its end, nothing after it is asked for, and
    // the run finishes once.
    const QString seeds = m_dir->filePath(u"seeds-once.json"_s);
    QFile file(seeds);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"github": "default"})");
    file.close();
    RunProvisioner provisioner(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    connect(&provisioner, &RunProvisioner::sandboxChanged, this,
            [&provisioner](int, const RunSandbox &sandbox) {
                if (sandbox.state == RunSandboxState::Seeding)
                    provisioner.cancel();
            });
    QSignalSpy finished(&provisioner, &RunProvisioner::finished);
    RunPlan plan;
    plan.name = u"seed-cancel"_s;
    plan.servers = {{u"github"_s, 3}};
    plan.seedDataFile = seeds;
    provisioner.start(plan);
    QVERIFY(finished.wait(20000));
    // A second finished() would come with the seed's answer: once the transport holds no call, every answer
    // has been handed over.
    QTRY_COMPARE(m_emulator->transport->inFlight(), 0);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.first().first().value<RunProvisioner::Outcome>(), RunProvisioner::Outcome::Cancelled);
    QCOMPARE(provisioner.heldCount(), 1);
    QCOMPARE(provisioner.sandboxes()[0].state, RunSandboxState::Acquired);
    QCOMPARE(provisioner.sandboxes()[1].state, RunSandboxState::Cancelled);
    int initialized = 0;
    const QList<LedgerOperation> operations = m_ledger->operationsOfRun(plan.name).value();
    for (const auto &operation : operations)
        if (operation.kind == LedgerOperationKind::DataInit &&
            operation.state == LedgerOperationState::Succeeded)
            ++initialized;
    QCOMPARE(initialized, 1);
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
    const QJsonObject schema = manifestSchema();
    QVERIFY(JsonSchemaValidator(schema).isValid(manifest, schema));

    QJsonObject parsed;
    QVERIFY(RunSeeder::readSeeds(seeds, &parsed).isEmpty());
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"github": 5})");
    file.close();
    QVERIFY(!RunSeeder::readSeeds(seeds, &parsed).isEmpty());
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
