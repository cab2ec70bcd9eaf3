// The runs core on the ledger worker's thread (the GUI's way): nothing is asked of the server before the
// ledger has answered, and no ledger call runs on this thread; RunReleaser, what `run release` and
// `leaks --release` are made of.
#include "../postedevents.h"
#include "tst_runs.h"

#include "api/klavislocalsandboxservice.h"
#include "api/klavissandboxservice.h"
#include "ledger/ledgeraccess.h"
#include "ledger/ledgerworker.h"
#include "runs/runreleaser.h"

#include <QRegularExpression>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

struct ReleaserLog
{
    QStringList released;
    QStringList leftovers;
    QStringList vanished;
    QStringList failed;
    std::optional<std::tuple<int, int, QString>> finished;

    explicit ReleaserLog(RunReleaser &releaser)
    {
        QObject::connect(&releaser, &RunReleaser::released, &releaser, [this](const ReleaseTarget &target) {
            (target.leftover ? leftovers : released).append(target.sandboxId);
        });
        QObject::connect(&releaser, &RunReleaser::vanished, &releaser,
                         [this](const ReleaseTarget &target) { vanished.append(target.sandboxId); });
        QObject::connect(&releaser, &RunReleaser::failed, &releaser,
                         [this](const ReleaseTarget &target, const QString &sentence, const ApiError &) {
                             failed.append(target.sandboxId + u": "_s + sentence);
                         });
        QObject::connect(&releaser, &RunReleaser::finished, &releaser,
                         [this](int released, int failed, const QString &error) {
                             finished = std::make_tuple(released, failed, error);
                         });
    }
};

} // namespace

void TestRuns::provisionerWaitsForTheLedgerWorker()
{
    // A RunLedger used from any thread but the one that opened it says so: a job run here would fail.
    QTest::failOnWarning(QRegularExpression(u"does not belong to the calling thread"_s));
    const QString path = m_dir->filePath(u"worker.sqlite"_s);
    LedgerWorker worker;
    worker.open(path);
    // The ledger is busy (a slow disk): the provisioner must wait for it, not go ahead without it.
    QSemaphore gate;
    worker.post<LedgerDone>([&gate](RunLedger &) {
        gate.acquire();
        return LedgerDone{};
    });
    RunProvisioner provisioner(m_emulator->transport.get(), LedgerAccess(&worker));
    int changes = 0;
    connect(&provisioner, &RunProvisioner::sandboxChanged, this, [&changes] { ++changes; });
    QSignalSpy finished(&provisioner, &RunProvisioner::finished);
    RunPlan plan;
    plan.name = u"async-1"_s;
    plan.servers = {{u"github"_s, 2}};
    plan.localSets = {{{u"filesystem"_s}, 1}};
    plan.prepare = true;
    provisioner.start(plan);
    QVERIFY(provisioner.isRunning());
    // What start() set going and could do without the ledger has been done once the event loop has handled
    // what was queued before this call; the transport would hold the prepare or an acquire by then.
    QVERIFY(PostedEvents::handled());
    QCOMPARE(m_emulator->transport->inFlight(), 0);
    QCOMPARE(changes, 0); // no acquire was sent: the run is not in the ledger yet
    QCOMPARE(finished.size(), 0);
    gate.release();
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.first().first().value<RunProvisioner::Outcome>(), RunProvisioner::Outcome::Completed);
    QCOMPARE(provisioner.heldCount(), 3);
    QCOMPARE(provisioner.problem(), QString());

    // finished() came after the run's state was written: the file says so to another reader at once.
    RunLedger reader;
    QVERIFY(reader.open(path).ok());
    QCOMPARE(reader.run(plan.name)->state, LedgerRunState::Open);
    QCOMPARE(reader.sandboxesOfRun(plan.name)->size(), 3);
    const auto operations = reader.operationsOfRun(plan.name).value();
    QCOMPARE(operations.size(), 1 + 3); // a prepare, an acquire per sandbox
    QVERIFY(std::all_of(operations.cbegin(), operations.cend(),
                        [](const LedgerOperation &o) { return o.state == LedgerOperationState::Succeeded; }));
    QVERIFY(reader.openIntents()->isEmpty());

    // The releaser on the same worker gives the run back.
    RunReleaser releaser(m_emulator->transport.get(), LedgerAccess(&worker));
    ReleaserLog log(releaser);
    releaser.releaseRun(plan.name);
    QTRY_VERIFY_WITH_TIMEOUT(log.finished.has_value(), 20000);
    QCOMPARE(*log.finished, std::make_tuple(3, 0, QString()));
    QCOMPARE(log.released.size(), 3);
    worker.flush();
    QCOMPARE(reader.run(plan.name)->state, LedgerRunState::Released);
    const auto sandboxes = reader.sandboxesOfRun(plan.name).value();
    QVERIFY(std::none_of(sandboxes.cbegin(), sandboxes.cend(),
                         [](const LedgerSandbox &s) { return s.isHeld(); }));
}

void TestRuns::releaserGivesBackARunAndWhatTheServerHoldsForIt()
{
    RunProvisioner provisioner(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    RunPlan plan;
    plan.name = u"rel-1"_s;
    plan.servers = {{u"github"_s, 2}};
    plan.localSets = {{{u"filesystem"_s}, 1}};
    QCOMPARE(provision(provisioner, plan), RunProvisioner::Outcome::Completed);
    // One the server no longer knows (it expired, or another machine released it): it answers 404.
    const QString goneId = u"00000000-0000-4000-8000-00000000dead"_s;
    LedgerSandbox gone;
    gone.sandboxId = goneId;
    gone.servers = {u"github"_s};
    gone.run = plan.name;
    gone.acquiredAt = QDateTime::currentDateTimeUtc();
    QVERIFY(m_ledger->recordAcquired(gone).ok());
    KlavisSandboxService remote(m_emulator->transport.get());
    // A crashed acquire of the run: an open intent and the sandbox the server holds for it.
    LedgerOperation intent;
    intent.kind = LedgerOperationKind::Acquire;
    intent.server = u"slack"_s;
    intent.run = plan.name;
    intent.startedAt = QDateTime::currentDateTimeUtc();
    intent.processId = 0x7ffffff0; // no such process
    const qint64 intentId = m_ledger->beginOperation(intent).value();
    AcquireRequest request;
    request.serverName = u"slack"_s;
    request.tag = plan.name;
    const auto leftover = m_emulator->await<AcquiredSandbox>(
        [&](QObject *c, auto done) { return remote.acquire(request, c, done); });
    QVERIFY(leftover.ok());
    // One that only carries the run's name as a tag, with no intent of this ledger behind it (another
    // machine's run of the same name): not this run's to release.
    AcquireRequest strangers = request;
    strangers.serverName = u"notion"_s;
    const auto stranger = m_emulator->await<AcquiredSandbox>(
        [&](QObject *c, auto done) { return remote.acquire(strangers, c, done); });
    QVERIFY(stranger.ok());
    // And one that left nothing on the server.
    intent.server = u"jira"_s;
    const qint64 emptyIntentId = m_ledger->beginOperation(intent).value();

    RunReleaser releaser(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    ReleaserLog log(releaser);
    releaser.releaseRun(plan.name);
    QTRY_VERIFY_WITH_TIMEOUT(log.finished.has_value(), 20000);
    QCOMPARE(*log.finished, std::make_tuple(5, 0, QString()));
    QCOMPARE(log.vanished, QStringList{goneId});
    QCOMPARE(log.released.size(), 3);
    QCOMPARE(log.leftovers, QStringList{leftover->sandboxId});
    QVERIFY(log.failed.isEmpty());

    QCOMPARE(m_ledger->run(plan.name)->state, LedgerRunState::Released);
    const auto sandboxes = m_ledger->sandboxesOfRun(plan.name).value();
    for (const auto &sandbox : sandboxes) {
        QVERIFY(!sandbox.isHeld());
        QCOMPARE(sandbox.releasedHow,
                 sandbox.sandboxId == goneId ? LedgerRelease::Vanished : LedgerRelease::Released);
    }
    QVERIFY(m_ledger->openIntents()->isEmpty());
    const auto strangerNow = m_emulator->await<SandboxDetails>(
        [&](QObject *c, auto done) { return remote.details(u"notion"_s, stranger->sandboxId, c, done); });
    QVERIFY2(strangerNow.ok(), qPrintable(strangerNow.error().message()));
    QCOMPARE(strangerNow->summary.status, u"occupied"_s);
    QCOMPARE(m_ledger->operation(intentId)->state, LedgerOperationState::Abandoned);
    QCOMPARE(m_ledger->operation(emptyIntentId)->state, LedgerOperationState::Abandoned);

    // A run the ledger does not know: refused before anything is asked.
    RunReleaser unknown(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    ReleaserLog refused(unknown);
    unknown.releaseRun(u"no-such-run"_s);
    QTRY_VERIFY(refused.finished.has_value());
    QVERIFY(unknown.wasRefused());
    QCOMPARE(std::get<0>(*refused.finished), 0);
    QVERIFY(!std::get<2>(*refused.finished).isEmpty());
}

void TestRuns::releaserStopsWhenCancelled()
{
    RunProvisioner provisioner(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    RunPlan plan;
    plan.name = u"rel-2"_s;
    plan.servers = {{u"github"_s, 3}};
    QCOMPARE(provision(provisioner, plan), RunProvisioner::Outcome::Completed);
    QList<ReleaseTarget> targets;
    const auto sandboxes = m_ledger->sandboxesOfRun(plan.name).value();
    for (const auto &sandbox : sandboxes)
        targets.append(ReleaseTarget::of(sandbox));

    RunReleaser releaser(m_emulator->transport.get(), LedgerAccess(m_ledger.get()));
    ReleaserLog log(releaser);
    connect(&releaser, &RunReleaser::released, &releaser, &RunReleaser::cancel);
    releaser.releaseSandboxes(targets);
    QTRY_VERIFY_WITH_TIMEOUT(log.finished.has_value(), 20000);
    QCOMPARE(std::get<0>(*log.finished), 1); // the one in flight finished, no other was sent
    QCOMPARE(std::get<1>(*log.finished), 0);
    QVERIFY(!std::get<2>(*log.finished).isEmpty());
    QCOMPARE(m_ledger->heldSandboxes()->size(), 2);
    QCOMPARE(m_ledger->run(plan.name)->state, LedgerRunState::Open); // a list, not the run: left as it was
}
