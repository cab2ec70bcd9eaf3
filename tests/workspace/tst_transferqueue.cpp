#include "emulatorprobe.h"
#include "transferharness.h"
#include "workspace/transferqueue.h"
#include "workspace/workspacearchiver.h"

#include <QPointer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <atomic>
#include <optional>

using namespace Qt::StringLiterals;

// TransferQueue with real jobs against the emulator: concurrency, retry in place, clearing, and signals
// that a model and a notifier can rely on.
class TestTransferQueue : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void atMostTwoRunAtOnce();
    void retryReplacesTheFailedJobInPlace();
    void clearFinishedKeepsRunningJobs();
    void cancelQueuedJobNeverStartsIt();
    void cancelAllEndsEverything();
    void slotsMayClearTheQueueWhileJobsStart();

private:
    QString tree(const QString &name);
    QString notAnArchive(const QString &name);
    static bool waitAllFinished(TransferQueue &queue, int timeoutMs = 60000);

    std::unique_ptr<QTemporaryDir> m_work;
};

void TestTransferQueue::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestTransferQueue::init()
{
    m_work = std::make_unique<QTemporaryDir>();
    QVERIFY(m_work->isValid());
}

QString TestTransferQueue::tree(const QString &name)
{
    const QString root = m_work->filePath(name);
    TransferFiles::writeFile(root + u"/file.txt"_s, name.toUtf8() + '\n');
    TransferFiles::writeRandomFile(root + u"/blob.bin"_s, 256 * 1024, 9);
    return root;
}

QString TestTransferQueue::notAnArchive(const QString &name)
{
    const QString path = m_work->filePath(name);
    TransferFiles::writeFile(path, "not gzip at all\n");
    return path;
}

bool TestTransferQueue::waitAllFinished(TransferQueue &queue, int timeoutMs)
{
    const auto allDone = [&queue] {
        return std::all_of(queue.jobs().cbegin(), queue.jobs().cend(),
                           [](const TransferJob *job) { return job->isFinished(); });
    };
    return TransferHarness::waitUntil(&queue, &TransferQueue::jobFinished, allDone, timeoutMs);
}

void TestTransferQueue::atMostTwoRunAtOnce()
{
    TransferHarness harness;
    Emulator::FaultSettings faults;
    faults.latencyMs = 150; // every API answer waits, so the jobs overlap
    harness.emulator->setFaults(faults);
    TransferQueue queue(harness.service.get(), harness.network.get());
    QCOMPARE(queue.maxConcurrent(), 2);
    int maxActive = 0;
    const auto measure = [&] { maxActive = std::max(maxActive, queue.activeCount()); };
    connect(&queue, &TransferQueue::jobChanged, this, measure);
    connect(&queue, &TransferQueue::activeCountChanged, this, measure);
    QSignalSpy finished(&queue, &TransferQueue::jobFinished);
    QSignalSpy added(&queue, &TransferQueue::jobAdded);
    QSignalSpy activeCounts(&queue, &TransferQueue::activeCountChanged);

    const QString sandbox = harness.freshSandbox();
    QList<TransferJob *> jobs;
    for (int i = 0; i < 4; ++i)
        jobs << queue.enqueueUpload(sandbox, {tree(u"t%1"_s.arg(i))});
    QCOMPARE(added.count(), 4);
    QCOMPARE(queue.jobs(), jobs);
    QCOMPARE(queue.activeCount(), 2);
    QVERIFY(jobs[0]->isActive() && jobs[1]->isActive());
    QCOMPARE(jobs[2]->state(), TransferJob::State::Queued);
    QCOMPARE(jobs[3]->state(), TransferJob::State::Queued);

    QVERIFY(waitAllFinished(queue));
    for (TransferJob *job : std::as_const(jobs))
        QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
    QCOMPARE(maxActive, 2);
    QCOMPARE(queue.activeCount(), 0);
    QCOMPARE(activeCounts.last().first().toInt(), 0);
    QCOMPARE(finished.count(), 4);
    QList<TransferJob *> reported;
    for (const auto &arguments : std::as_const(finished)) {
        reported << arguments.at(0).value<TransferJob *>();
        QVERIFY(arguments.at(1).toLongLong() >= 0);
    }
    // The first two ended before the last two could start.
    QCOMPARE(QSet<TransferJob *>(reported.cbegin(), reported.cend()),
             QSet<TransferJob *>(jobs.cbegin(), jobs.cend()));
    QVERIFY(reported.indexOf(jobs[3]) >= 2);
}

void TestTransferQueue::retryReplacesTheFailedJobInPlace()
{
    TransferHarness harness;
    TransferQueue queue(harness.service.get(), harness.network.get());
    const QString sandbox = harness.freshSandbox();
    // A failure that would repeat is not run again: a dropped file that is no archive.
    QPointer<TransferJob> refused = queue.enqueueUpload(sandbox, {notAnArchive(u"notes.tar.gz"_s)});
    QVERIFY(waitAllFinished(queue));
    QCOMPARE(refused->state(), TransferJob::State::Failed);
    QVERIFY(!refused->canRetry());
    queue.retry(0);
    QCOMPARE(queue.jobs().at(0), refused.data());
    queue.clearFinished();

    queue.enqueueUpload(sandbox, {tree(u"a"_s)});
    QVERIFY(waitAllFinished(queue));
    // One that can pass: the store refuses every signed URL, a fresh one too.
    auto faults = EmulatorProbe(harness.emulator).faults();
    faults.expiredUrls = true;
    harness.emulator->setFaults(faults);
    QPointer<TransferJob> failing = queue.enqueueUpload(sandbox, {tree(u"later"_s)});
    QVERIFY(waitAllFinished(queue));
    QCOMPARE(failing->state(), TransferJob::State::Failed);
    QCOMPARE(failing->failureKind(), TransferJob::FailureKind::UrlExpired);
    faults.expiredUrls = false;
    harness.emulator->setFaults(faults);
    queue.enqueueUpload(sandbox, {tree(u"c"_s)});
    QVERIFY(waitAllFinished(queue));
    const QList<TransferJob *> before = queue.jobs();

    // The cause has passed: a fresh job in the same row, no row added or removed.
    QSignalSpy changed(&queue, &TransferQueue::jobChanged);
    QSignalSpy added(&queue, &TransferQueue::jobAdded);
    QSignalSpy removed(&queue, &TransferQueue::jobRemoved);
    queue.retry(1);
    QCOMPARE(queue.jobs().size(), 3);
    TransferJob *fresh = queue.jobs().at(1);
    QVERIFY(fresh != failing.data());
    QCOMPARE(queue.jobs().at(0), before.at(0));
    QCOMPARE(queue.jobs().at(2), before.at(2));
    QVERIFY(!changed.isEmpty());
    QCOMPARE(changed.first().first().toInt(), 1);
    QCOMPARE(fresh->name(), u"later"_s);
    QVERIFY(waitAllFinished(queue));
    QVERIFY2(fresh->state() == TransferJob::State::Done, qPrintable(fresh->errorText()));
    QCOMPARE(added.count(), 0);
    QCOMPARE(removed.count(), 0);
    QVERIFY(QTest::qWaitFor([&] { return failing.isNull(); }, 1000)); // the old one is gone

    // Only failed or cancelled jobs are retried.
    queue.retry(1);
    QCOMPARE(queue.jobs().at(1), fresh);
    queue.retry(7);
    QCOMPARE(queue.jobs().size(), 3);
}

void TestTransferQueue::clearFinishedKeepsRunningJobs()
{
    TransferHarness harness;
    TransferQueue queue(harness.service.get(), harness.network.get());
    const QString sandbox = harness.freshSandbox();
    queue.enqueueUpload(sandbox, {notAnArchive(u"x.tar.gz"_s)});
    Emulator::FaultSettings faults;
    faults.latencyMs = 400;
    harness.emulator->setFaults(faults);
    TransferJob *running = queue.enqueueUpload(sandbox, {tree(u"slow"_s)});
    QCOMPARE(queue.jobs().at(0)->state(), TransferJob::State::Failed);
    QVERIFY(running->isActive());

    QSignalSpy aboutToRemove(&queue, &TransferQueue::jobAboutToBeRemoved);
    QSignalSpy removed(&queue, &TransferQueue::jobRemoved);
    queue.clearFinished();
    QCOMPARE(queue.jobs(), QList<TransferJob *>({running}));
    QCOMPARE(aboutToRemove.count(), 1);
    QCOMPARE(aboutToRemove.first().first().toInt(), 0);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(queue.indexOf(running), 0);

    QVERIFY(waitAllFinished(queue));
    QVERIFY2(running->state() == TransferJob::State::Done, qPrintable(running->errorText()));
    queue.clearFinished();
    QVERIFY(queue.jobs().isEmpty());
    QCOMPARE(removed.count(), 2);
}

void TestTransferQueue::cancelQueuedJobNeverStartsIt()
{
    TransferHarness harness;
    Emulator::FaultSettings faults;
    faults.latencyMs = 200;
    harness.emulator->setFaults(faults);
    TransferQueue queue(harness.service.get(), harness.network.get());
    queue.setMaxConcurrent(1);
    const QStringList ids = EmulatorProbe(harness.emulator).localSandboxIds();
    QVERIFY(ids.size() >= 3);
    TransferJob *first = queue.enqueueUpload(ids.at(1), {tree(u"one"_s)});
    TransferJob *second = queue.enqueueUpload(ids.at(2), {tree(u"two"_s)});
    QCOMPARE(second->state(), TransferJob::State::Queued);
    QSignalSpy finished(&queue, &TransferQueue::jobFinished);
    queue.cancel(1);
    QCOMPARE(second->state(), TransferJob::State::Cancelled);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().at(0).value<TransferJob *>(), second);
    QVERIFY(waitAllFinished(queue));
    QCOMPARE(first->state(), TransferJob::State::Done);
    QCOMPARE(
        EmulatorProbe(harness.emulator).requestCount("POST", harness.apiPath(ids.at(2), u"upload-url"_s)), 0);
}

void TestTransferQueue::cancelAllEndsEverything()
{
    TransferHarness harness;
    Emulator::FaultSettings faults;
    faults.latencyMs = 300;
    harness.emulator->setFaults(faults);
    TransferQueue queue(harness.service.get(), harness.network.get());
    const QString sandbox = harness.freshSandbox();
    for (int i = 0; i < 4; ++i)
        queue.enqueueUpload(sandbox, {tree(u"c%1"_s.arg(i))});
    QSignalSpy finished(&queue, &TransferQueue::jobFinished);
    queue.cancelAll();
    // The queued ones end at once; a packing one ends when its packer has stopped.
    QCOMPARE(queue.jobs().at(2)->state(), TransferJob::State::Cancelled);
    QCOMPARE(queue.jobs().at(3)->state(), TransferJob::State::Cancelled);
    QVERIFY(waitAllFinished(queue));
    QCOMPARE(finished.count(), 4);
    for (const TransferJob *job : queue.jobs())
        QCOMPARE(job->state(), TransferJob::State::Cancelled);
    QCOMPARE(queue.activeCount(), 0);
    // The answers the emulator still sends change nothing. A request of the test's own, sent now, is answered
    // after the same latency: by then every earlier answer has come.
    std::optional<ApiResult<LocalSandbox>> probe;
    QObject context;
    harness.service->details(sandbox, &context, [&probe](const ApiResult<LocalSandbox> &r) { probe = r; });
    QVERIFY(QTest::qWaitFor([&probe] { return probe.has_value(); }, 10000));
    QVERIFY(probe->ok());
    QCOMPARE(finished.count(), 4);
    QVERIFY(EmulatorProbe(harness.emulator).workspacePaths(sandbox).isEmpty());
}

void TestTransferQueue::slotsMayClearTheQueueWhileJobsStart()
{
    // Refused archives end inside start(), which the queue calls from its own loop: a slot that clears the
    // list right then must not pull it from under that loop.
    TransferHarness harness;
    TransferQueue queue(harness.service.get(), harness.network.get());
    QSignalSpy finished(&queue, &TransferQueue::jobFinished);
    connect(&queue, &TransferQueue::jobFinished, &queue, &TransferQueue::clearFinished);
    const QString sandbox = harness.freshSandbox();
    queue.setMaxConcurrent(1);
    for (int i = 0; i < 3; ++i)
        queue.enqueueUpload(sandbox, {notAnArchive(u"bad%1.tar.gz"_s.arg(i))});
    TransferJob *good = queue.enqueueUpload(sandbox, {tree(u"good"_s)});
    QCOMPARE(finished.count(), 3);
    QCOMPARE(queue.jobs(), QList<TransferJob *>({good}));
    QVERIFY(good->isActive());
    for (int i = 0; i < 2; ++i)
        queue.enqueueUpload(sandbox, {notAnArchive(u"late%1.tar.gz"_s.arg(i))});
    QVERIFY(QTest::qWaitFor([&] { return queue.jobs().isEmpty(); }, 30000));
    QCOMPARE(finished.count(), 6);
    QVERIFY(EmulatorProbe(harness.emulator).workspacePaths(sandbox).contains(u"file.txt"_s));
}

QTEST_GUILESS_MAIN(TestTransferQueue)
#include "tst_transferqueue.moc"
