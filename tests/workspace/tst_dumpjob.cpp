#include "emulatorprobe.h"
#include "transferharness.h"
#include "workspace/dumpjob.h"
#include "workspace/uploadjob.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>

using namespace Qt::StringLiterals;

// DumpJob against the emulator: byte-exact saves, Range resume after a cut, URL refusals, and the rule that
// nothing shows at the target until the whole dump is there.
class TestDumpJob : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void savedArchiveIsByteIdentical();
    void droppedDownloadResumesWithRange();
    void failureAfterPartialDataLeavesNothing();
    void cancelWhileDownloadingLeavesNothing_data();
    void cancelWhileDownloadingLeavesNothing();
    void expiredUrlIsAskedForAgainOnce();
    void twoExpiredUrlsFail();
    void extractIntoNonEmptyFolderIsRefused();
    void extractedFolderAppearsOnlyWhenComplete();
    void cancelAfterTheLastFileIsTooLate();

private:
    // A fresh sandbox holding a few MB, uploaded with UploadJob: the dump then has something to cut.
    QString prepareSandbox(TransferHarness &harness);
    std::unique_ptr<DumpJob> makeJob(TransferHarness &harness, const QString &sandbox, DumpJob::Mode mode,
                                     const QString &target);

    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<QTemporaryDir> m_work;
    QByteArray m_savedTmpDir;
};

void TestDumpJob::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_savedTmpDir = qgetenv("TMPDIR");
}

void TestDumpJob::init()
{
    m_work = std::make_unique<QTemporaryDir>();
    m_tmp = std::make_unique<QTemporaryDir>();
    QVERIFY(m_work->isValid() && m_tmp->isValid());
    qputenv("TMPDIR", QFile::encodeName(m_tmp->path()));
    QVERIFY(QDir().mkpath(m_work->filePath(u"out"_s)));
}

void TestDumpJob::cleanup()
{
    if (m_savedTmpDir.isNull())
        qunsetenv("TMPDIR");
    else
        qputenv("TMPDIR", m_savedTmpDir);
    m_tmp.reset();
    m_work.reset();
}

QString TestDumpJob::prepareSandbox(TransferHarness &harness)
{
    const QString root = m_work->filePath(u"source"_s);
    TransferFiles::writeFile(root + u"/README.md"_s, "dump me\n");
    TransferFiles::writeRandomFile(root + u"/data/random.bin"_s, 4 << 20, 77);
    UploadJob upload(harness.service.get(), harness.network.get(), harness.freshSandbox(), u"us"_s, {root});
    upload.start();
    if (!TransferHarness::waitFinished(&upload) || upload.state() != TransferJob::State::Done)
        qFatal("could not prepare the sandbox: %s", qPrintable(upload.errorText()));
    EmulatorProbe(harness.emulator).clearRecordedRequests();
    return upload.sandboxId();
}

std::unique_ptr<DumpJob> TestDumpJob::makeJob(TransferHarness &harness, const QString &sandbox,
                                              DumpJob::Mode mode, const QString &target)
{
    auto job = std::make_unique<DumpJob>(harness.service.get(), harness.network.get(), sandbox, u"us"_s, mode,
                                         target);
    job->setRetryBaseDelayMs(10);
    return job;
}

void TestDumpJob::savedArchiveIsByteIdentical()
{
    TransferHarness harness;
    const QString sandbox = prepareSandbox(harness);
    const QString target = m_work->filePath(u"out/dump.tar.gz"_s);
    auto job = makeJob(harness, sandbox, DumpJob::Mode::SaveArchive, target);
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
    QCOMPARE(job->resultPath(), target);
    QCOMPARE(job->resumeCount(), 0);

    const auto gets = harness.storeRequests("GET");
    QCOMPARE(gets.size(), 1);
    QCOMPARE(gets.first().header("Accept-Encoding"), QByteArray("identity"));
    QVERIFY(!gets.first().hasHeader("Authorization"));
    QVERIFY(!gets.first().hasHeader("Range"));
    const QByteArray served = harness.fetch(harness.urlOf(gets.first()));
    QVERIFY(served.size() > 4 << 20);
    QCOMPARE(QFileInfo(target).size(), served.size());
    QCOMPARE(TransferFiles::sha256(target), TransferFiles::sha256(served));
    QCOMPARE(TransferFiles::leftovers(m_work->filePath(u"out"_s)), QStringList({u"dump.tar.gz"_s}));
    QCOMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
}

void TestDumpJob::droppedDownloadResumesWithRange()
{
    TransferHarness harness;
    const QString sandbox = prepareSandbox(harness);
    Emulator::FaultSettings faults;
    faults.dropDownloadAfterBytes = 1'000'000;
    faults.dropDownloadTimes = 2;
    harness.emulator->setFaults(faults);
    const QString target = m_work->filePath(u"out/dump.tar.gz"_s);
    auto job = makeJob(harness, sandbox, DumpJob::Mode::SaveArchive, target);
    bool appearedEarly = false;
    int progressEvents = 0;
    connect(job.get(), &TransferJob::progressChanged, this, [&] {
        ++progressEvents;
        appearedEarly = appearedEarly || QFileInfo::exists(target);
    });
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
    QVERIFY(progressEvents >= 2);
    QVERIFY(!appearedEarly);

    // Qt itself may silently send a GET again when a connection closes before it has handed any body
    // over, which uses up one of the emulator's cuts: count what the job asked for, not the cuts.
    const auto gets = harness.storeRequests("GET");
    QVERIFY(!gets.first().hasHeader("Range"));
    QStringList ranges;
    for (const auto &get : gets) {
        QCOMPARE(get.query, gets.first().query); // resumed on the same URL, not a fresh dump
        if (!get.hasHeader("Range"))
            continue;
        QCOMPARE(get.status, 206);
        const QString range = QString::fromLatin1(get.header("Range"));
        if (!ranges.contains(range))
            ranges << range;
    }
    QVERIFY(job->resumeCount() >= 1);
    QCOMPARE(ranges.size(), job->resumeCount());
    QCOMPARE(ranges.first(), u"bytes=1000000-"_s);
    if (ranges.size() > 1)
        QCOMPARE(ranges.at(1), u"bytes=2000000-"_s);
    QCOMPARE(EmulatorProbe(harness.emulator).requestCount("GET", harness.apiPath(sandbox, u"dump"_s)), 1);
    const QByteArray served = harness.fetch(harness.urlOf(gets.first()));
    QCOMPARE(TransferFiles::sha256(target), TransferFiles::sha256(served));
    QCOMPARE(TransferFiles::leftovers(m_work->filePath(u"out"_s)), QStringList({u"dump.tar.gz"_s}));
}

void TestDumpJob::failureAfterPartialDataLeavesNothing()
{
    TransferHarness harness;
    const QString sandbox = prepareSandbox(harness);
    Emulator::FaultSettings faults;
    faults.dropDownloadAfterBytes = 1'000'000;
    faults.dropDownloadTimes = 1;
    harness.emulator->setFaults(faults);
    const QString target = m_work->filePath(u"out/dump.tar.gz"_s);
    auto job = makeJob(harness, sandbox, DumpJob::Mode::SaveArchive, target);
    bool hadBytes = false;
    connect(job.get(), &TransferJob::progressChanged, this, [&](qint64 done) {
        if (done > 0 && !hadBytes) {
            hadBytes = true;
            // From now on every attempt is cut before its first byte: no progress, so the job gives up.
            Emulator::FaultSettings cutEverything;
            cutEverything.dropDownloadAfterBytes = 0;
            cutEverything.dropDownloadTimes = 1000;
            harness.emulator->setFaults(cutEverything);
        }
    });
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY(hadBytes);
    QCOMPARE(job->state(), TransferJob::State::Failed);
    const QString text = job->errorText();
    QVERIFY2(text.contains(u"connection dropped"_s) && text.contains(u"retry"_s), qPrintable(text));
    QVERIFY(harness.storeRequests("GET").size() > 2);
    QVERIFY(!QFileInfo::exists(target));
    // The partial download is unlinked on a worker, without waiting.
    QTRY_COMPARE(TransferFiles::leftovers(m_work->filePath(u"out"_s)), QStringList());
    QVERIFY(job->resultPath().isEmpty());
}

void TestDumpJob::cancelWhileDownloadingLeavesNothing_data()
{
    QTest::addColumn<int>("mode");
    QTest::newRow("save archive") << int(DumpJob::Mode::SaveArchive);
    QTest::newRow("extract") << int(DumpJob::Mode::Extract);
}

void TestDumpJob::cancelWhileDownloadingLeavesNothing()
{
    QFETCH(int, mode);
    TransferHarness harness;
    const QString sandbox = prepareSandbox(harness);
    // A cut after 1 MB keeps the download in flight long enough to cancel it in the middle.
    Emulator::FaultSettings faults;
    faults.dropDownloadAfterBytes = 1'000'000;
    faults.dropDownloadTimes = 1;
    harness.emulator->setFaults(faults);
    const QString target = m_work->filePath(u"out/target"_s);
    auto job = makeJob(harness, sandbox, DumpJob::Mode(mode), target);
    connect(job.get(), &TransferJob::progressChanged, this, [&](qint64 done) {
        if (done > 0 && job->state() == TransferJob::State::Downloading)
            QMetaObject::invokeMethod(job.get(), &TransferJob::cancel, Qt::QueuedConnection);
    });
    QSignalSpy finished(job.get(), &TransferJob::finished);
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QCOMPARE(job->state(), TransferJob::State::Cancelled);
    // A retry the cut scheduled fires at most four retry delays (makeJob: 10 ms) after it and must find the
    // job ended. No signal says it has; a timer started now with that interval expires after any such retry
    // timer, so once it has fired the retry, if any, has run.
    bool retriesDue = false;
    QTimer::singleShot(4 * 10, this, [&retriesDue] { retriesDue = true; });
    QVERIFY(QTest::qWaitFor([&retriesDue] { return retriesDue; }, 5000));
    QCOMPARE(finished.count(), 1);
    QVERIFY(!QFileInfo::exists(target));
    // The partial download is unlinked on a worker, without waiting.
    QTRY_COMPARE(TransferFiles::leftovers(m_work->filePath(u"out"_s)), QStringList());
    // A cancelled job removes its temporary folder on a worker, without waiting.
    QTRY_COMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
}

void TestDumpJob::expiredUrlIsAskedForAgainOnce()
{
    TransferHarness harness;
    const QString sandbox = prepareSandbox(harness);
    Emulator::FaultSettings faults;
    faults.expireNextUrls = 1;
    harness.emulator->setFaults(faults);
    const QString target = m_work->filePath(u"out/dump.tar.gz"_s);
    auto job = makeJob(harness, sandbox, DumpJob::Mode::SaveArchive, target);
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
    QCOMPARE(EmulatorProbe(harness.emulator).requestCount("GET", harness.apiPath(sandbox, u"dump"_s)), 2);
    const auto gets = harness.storeRequests("GET");
    QCOMPARE(gets.size(), 2);
    QCOMPARE(gets.at(0).status, 400);
    QCOMPARE(gets.at(1).status, 200);
    QCOMPARE(TransferFiles::sha256(target), TransferFiles::sha256(harness.fetch(harness.urlOf(gets.at(1)))));
}

void TestDumpJob::twoExpiredUrlsFail()
{
    TransferHarness harness;
    const QString sandbox = prepareSandbox(harness);
    Emulator::FaultSettings faults;
    faults.expireNextUrls = 2;
    harness.emulator->setFaults(faults);
    const QString target = m_work->filePath(u"out/dump.tar.gz"_s);
    auto job = makeJob(harness, sandbox, DumpJob::Mode::SaveArchive, target);
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QCOMPARE(job->state(), TransferJob::State::Failed);
    const QString text = job->errorText();
    QVERIFY2(text.contains(u"ExpiredToken"_s) && text.contains(u"fresh dump URL"_s), qPrintable(text));
    QVERIFY2(!text.contains(u"X-Goog-Signature"_s) && !text.contains(harness.emulator->apiKey()),
             qPrintable(text));
    QCOMPARE(EmulatorProbe(harness.emulator).requestCount("GET", harness.apiPath(sandbox, u"dump"_s)), 2);
    // The partial download is unlinked on a worker, without waiting.
    QTRY_COMPARE(TransferFiles::leftovers(m_work->filePath(u"out"_s)), QStringList());
}

void TestDumpJob::extractIntoNonEmptyFolderIsRefused()
{
    TransferHarness harness;
    const QString target = m_work->filePath(u"out/busy"_s);
    QVERIFY(TransferFiles::writeFile(target + u"/.hidden"_s, "mine\n")); // hidden entries count too
    auto job = makeJob(harness, EmulatorProbe(harness.emulator).localSandboxIds().first(),
                       DumpJob::Mode::Extract, target);
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QCOMPARE(job->state(), TransferJob::State::Failed);
    QVERIFY2(job->errorText().contains(u"already exists and is not empty"_s), qPrintable(job->errorText()));
    QCOMPARE(EmulatorProbe(harness.emulator).apiRequests().size(), 0);
    QCOMPARE(TransferFiles::leftovers(target), QStringList({u".hidden"_s}));
}

void TestDumpJob::extractedFolderAppearsOnlyWhenComplete()
{
    TransferHarness harness;
    const QString sandbox = prepareSandbox(harness);
    const QString target = m_work->filePath(u"out/workspace"_s);
    auto job = makeJob(harness, sandbox, DumpJob::Mode::Extract, target);
    // The extractor renames its staging folder into place when the last file is written, which may be a
    // moment before finished() arrives here: whenever the target exists, it must be whole.
    const QString bigFile = target + u"/data/random.bin"_s;
    bool sawIncomplete = false;
    const auto check = [&] {
        if (!QFileInfo::exists(target))
            return;
        const bool extracting =
            job->state() == TransferJob::State::Extracting || job->state() == TransferJob::State::Done;
        sawIncomplete = sawIncomplete || !extracting || QFileInfo(bigFile).size() != 4 << 20;
    };
    QList<TransferJob::State> states;
    connect(job.get(), &TransferJob::stateChanged, this, [&](TransferJob::State state) {
        states.append(state);
        check();
    });
    connect(job.get(), &TransferJob::progressChanged, this, check);
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
    QVERIFY(!sawIncomplete);
    QVERIFY(states.contains(TransferJob::State::Extracting));
    QCOMPARE(TransferFiles::sha256(target + u"/data/random.bin"_s),
             TransferFiles::sha256(m_work->filePath(u"source/data/random.bin"_s)));
    QCOMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList()); // the downloaded archive is gone
}

void TestDumpJob::cancelAfterTheLastFileIsTooLate()
{
    TransferHarness harness;
    const QString sandbox = prepareSandbox(harness);
    const QString target = m_work->filePath(u"out/workspace"_s);
    auto job = makeJob(harness, sandbox, DumpJob::Mode::Extract, target);
    bool sawLastProgress = false;
    bool cancelledWhileFinishing = false;
    connect(job.get(), &TransferJob::progressChanged, this, [&](qint64 done, qint64 total) {
        if (sawLastProgress || job->state() != TransferJob::State::Extracting || done != total)
            return;
        sawLastProgress = true;
        // Once the extractor's worker is through, its finished() is already queued: a cancel queued now
        // arrives after the outcome was decided, while the downloaded archive is being removed.
        QThreadPool::globalInstance()->waitForDone();
        QMetaObject::invokeMethod(
            this,
            [&] {
                cancelledWhileFinishing = job->isFinishing() && !job->isFinished();
                job->cancel();
            },
            Qt::QueuedConnection);
    });
    job->start();
    QVERIFY(TransferHarness::waitFinished(job.get()));
    QVERIFY(sawLastProgress);
    QVERIFY(cancelledWhileFinishing);
    QVERIFY2(job->state() == TransferJob::State::Done, qPrintable(job->errorText()));
    QCOMPARE(job->resultPath(), target);
    QCOMPARE(TransferFiles::sha256(target + u"/data/random.bin"_s),
             TransferFiles::sha256(m_work->filePath(u"source/data/random.bin"_s)));
    QCOMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
}

QTEST_GUILESS_MAIN(TestDumpJob)
#include "tst_dumpjob.moc"
