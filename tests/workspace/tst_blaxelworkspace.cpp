// Workspaces in and out of a Blaxel sandbox through the emulator's per-sandbox API over loopback HTTP:
// BlaxelUploadJob and BlaxelDumpJob in the transfer queue, a round trip that keeps paths, bytes, modes and
// links, a cancel halfway, and a tar that fails in the sandbox.

#include "blaxelworkspacefixture.h"
#include "workspace/blaxeldumpjob.h"
#include "workspace/blaxeluploadjob.h"
#include "workspace/transferqueue.h"
#include "workspace/workspacearchiver.h"

class TestBlaxelWorkspace : public QObject, private BlaxelWorkspaceFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setUpOnce(); }
    void init() { setUpSandbox(); }
    void cleanup() { tearDownSandbox(); }

    void transferQueueRunsAndRetriesBlaxelJobs()
    {
        QTemporaryDir work;
        const QString source = work.filePath(u"source"_s);
        const QStringList tree = sourceTree(source, 0);
        TransferQueue queue(nullptr, nullptr);
        queue.setMaxConcurrent(1);
        auto *first = new BlaxelUploadJob(m_files.get(), {source});
        auto *second = new BlaxelUploadJob(m_files.get(), {source});
        queue.enqueue(first);
        queue.enqueue(second);
        QCOMPARE(second->state(), TransferJob::State::Queued);
        queue.cancel(1);
        QCOMPARE(second->state(), TransferJob::State::Cancelled);
        QVERIFY(TransferHarness::waitFinished(first, 120000));
        QVERIFY2(first->state() == TransferJob::State::Done, qPrintable(first->errorText()));
        queue.retry(1);
        TransferJob *again = queue.jobs().at(1);
        QVERIFY(again != second);
        QVERIFY(TransferHarness::waitFinished(again, 120000));
        QVERIFY2(again->state() == TransferJob::State::Done, qPrintable(again->errorText()));
        QCOMPARE(describeTree(workingDir()), tree);
    }

    void roundTripKeepsPathsBytesModesAndLinks()
    {
        QTemporaryDir work;
        const QString source = work.filePath(u"source"_s);
        const QStringList tree = sourceTree(source, qint64(6) * 1024 * 1024 + 321);
        QVERIFY(tree.contains(u"docs/leaf-link link -> ../src/app/deep/er/leaf.txt"_s));
        QVERIFY(tree.contains(u"bin/run.sh file 755 "_s +
                              QString::fromLatin1(sha256(source + u"/bin/run.sh"_s))));

        BlaxelUploadJob upload(m_files.get(), {source});
        QList<TransferJob::State> states;
        connect(&upload, &TransferJob::stateChanged, this, [&](TransferJob::State s) { states.append(s); });
        upload.start();
        QVERIFY(TransferHarness::waitFinished(&upload, 120000));
        QVERIFY2(upload.state() == TransferJob::State::Done, qPrintable(upload.errorText()));
        QCOMPARE(states,
                 (QList<TransferJob::State>{TransferJob::State::Packing, TransferJob::State::Uploading,
                                            TransferJob::State::Initializing, TransferJob::State::Done}));
        QCOMPARE(upload.resultPath(), u"/blaxel"_s);
        QCOMPARE(upload.overallFraction(), 1.0);
        QCOMPARE(describeTree(workingDir()), tree);
        QTRY_VERIFY_WITH_TIMEOUT(temporaryArchives().isEmpty(), 10000);

        const QString extracted = work.filePath(u"extracted"_s);
        BlaxelDumpJob dump(m_files.get(), BlaxelDumpJob::Mode::Extract, extracted);
        dump.start();
        QVERIFY(TransferHarness::waitFinished(&dump, 120000));
        QVERIFY2(dump.state() == TransferJob::State::Done, qPrintable(dump.errorText()));
        QCOMPARE(dump.resultPath(), extracted);
        QVERIFY(dump.leftOut().isEmpty());
        // The extractor's rule gives every file 0644 or 0755; the sandbox kept the 0600 (compared above).
        QStringList extractedTree = tree;
        extractedTree.replaceInStrings(u"private.txt file 600 "_s, u"private.txt file 644 "_s);
        QCOMPARE(describeTree(extracted), extractedTree);
        QTRY_VERIFY_WITH_TIMEOUT(temporaryArchives().isEmpty(), 10000);

        const QString saved = work.filePath(u"saved.tar.gz"_s);
        BlaxelDumpJob save(m_files.get(), BlaxelDumpJob::Mode::SaveArchive, saved);
        save.start();
        QVERIFY(TransferHarness::waitFinished(&save, 120000));
        QVERIFY2(save.state() == TransferJob::State::Done, qPrintable(save.errorText()));
        QVERIFY(WorkspaceArchiver::isGzipTar(saved));
        QCOMPARE(leftovers(work.path()).filter(u".sandboxdeck-dump"_s), QStringList());
        // The saved archive, dropped as it is on the sandbox, unpacks to the same tree.
        QVERIFY(QDir(workingDir()).removeRecursively());
        QVERIFY(QDir().mkpath(workingDir()));
        BlaxelUploadJob again(m_files.get(), {saved});
        again.start();
        QVERIFY(TransferHarness::waitFinished(&again, 120000));
        QVERIFY2(again.state() == TransferJob::State::Done, qPrintable(again.errorText()));
        QVERIFY(QFileInfo::exists(saved)); // a dropped archive stays where it was
        QStringList unpacked = describeTree(workingDir());
        unpacked.removeAll(u"."_s);
        QCOMPARE(unpacked, tree);
    }

    void cancelHalfwayLeavesNothing()
    {
        QTemporaryDir work;
        const QString source = work.filePath(u"source"_s);
        sourceTree(source, qint64(48) * 1024 * 1024);
        BlaxelUploadJob upload(m_files.get(), {source});
        connect(&upload, &TransferJob::progressChanged, this, [&](qint64 done, qint64) {
            if (upload.state() == TransferJob::State::Uploading && done > 0)
                upload.cancel();
        });
        upload.start();
        QVERIFY(TransferHarness::waitFinished(&upload, 120000));
        QCOMPARE(upload.state(), TransferJob::State::Cancelled);
        QVERIFY(upload.canRetry());
        QVERIFY(!upload.remoteArchivePath().isEmpty());
        QCOMPARE(leftovers(workingDir()), QStringList());
        QTRY_VERIFY_WITH_TIMEOUT(temporaryArchives().isEmpty(), 10000);

        // Retry: a fresh job with the same parameters goes through.
        std::unique_ptr<TransferJob> retry(upload.clone(nullptr));
        retry->start();
        QVERIFY(TransferHarness::waitFinished(retry.get(), 120000));
        QVERIFY2(retry->state() == TransferJob::State::Done, qPrintable(retry->errorText()));
        QCOMPARE(describeTree(workingDir()), describeTree(source));
    }

    void dumpCancelledWhileDownloadingLeavesNothing()
    {
        QVERIFY(writeRandomFile(workingDir() + u"/big.bin"_s, qint64(40) * 1024 * 1024, 7));
        QTemporaryDir work;
        const QString target = work.filePath(u"out"_s);
        BlaxelDumpJob dump(m_files.get(), BlaxelDumpJob::Mode::Extract, target);
        connect(&dump, &TransferJob::progressChanged, this, [&](qint64 done, qint64) {
            if (dump.state() == TransferJob::State::Downloading && done > 0)
                dump.cancel();
        });
        dump.start();
        QVERIFY(TransferHarness::waitFinished(&dump, 120000));
        QCOMPARE(dump.state(), TransferJob::State::Cancelled);
        QVERIFY(dump.canRetry());
        QVERIFY(!QFileInfo::exists(target));
        QTRY_VERIFY_WITH_TIMEOUT(temporaryArchives().isEmpty(), 10000);
    }

    void uploadIntoASubfolderLandsThere()
    {
        QTemporaryDir work;
        const QString source = work.filePath(u"source"_s);
        const QStringList tree = sourceTree(source, 0);
        QVERIFY(writeFile(workingDir() + u"/kept.txt"_s, "stays\n"));
        BlaxelUploadJob upload(m_files.get(), {source}, nullptr, u"/blaxel/sub/dir"_s);
        upload.start();
        QVERIFY(TransferHarness::waitFinished(&upload, 120000));
        QVERIFY2(upload.state() == TransferJob::State::Done, qPrintable(upload.errorText()));
        QCOMPARE(upload.resultPath(), u"/blaxel/sub/dir"_s);
        QCOMPARE(describeTree(workingDir() + u"/sub/dir"_s), tree);
        // Nothing else moved: the working directory holds what it held and the new folder.
        QCOMPARE(QDir(workingDir()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 (QStringList{u"kept.txt"_s, u"sub"_s}));
        QTRY_VERIFY_WITH_TIMEOUT(temporaryArchives().isEmpty(), 10000);

        // A folder outside the sandbox is refused before anything is sent.
        BlaxelUploadJob outside(m_files.get(), {source}, nullptr, u"/blaxel/../etc"_s);
        outside.start();
        QVERIFY(TransferHarness::waitFinished(&outside, 120000));
        QCOMPARE(outside.state(), TransferJob::State::Failed);
    }

    void dumpOfAFolderOrAFileGivesOnlyThat()
    {
        QVERIFY(writeFile(workingDir() + u"/top.txt"_s, "not wanted\n"));
        QVERIFY(writeFile(workingDir() + u"/sub/a.txt"_s, "alpha\n"));
        QVERIFY(writeFile(workingDir() + u"/sub/deep/b.txt"_s, "beta\n"));
        QVERIFY(writeFile(workingDir() + u"/other/c.txt"_s, "not wanted\n"));
        QTemporaryDir work;

        const QString folder = work.filePath(u"folder"_s);
        BlaxelDumpJob dump(m_files.get(), BlaxelDumpJob::Mode::Extract, folder, nullptr, u"/blaxel/sub"_s);
        dump.start();
        QVERIFY(TransferHarness::waitFinished(&dump, 120000));
        QVERIFY2(dump.state() == TransferJob::State::Done, qPrintable(dump.errorText()));
        QCOMPARE(describeTree(folder), describeTree(workingDir()).filter(u"sub"_s));
        QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList{u"sub"_s});
        QTRY_VERIFY_WITH_TIMEOUT(temporaryArchives().isEmpty(), 10000);

        const QString file = work.filePath(u"file"_s);
        BlaxelDumpJob one(m_files.get(), BlaxelDumpJob::Mode::Extract, file, nullptr,
                          u"/blaxel/sub/deep/b.txt"_s);
        one.start();
        QVERIFY(TransferHarness::waitFinished(&one, 120000));
        QVERIFY2(one.state() == TransferJob::State::Done, qPrintable(one.errorText()));
        QCOMPARE(QDir(file).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList{u"b.txt"_s});
        QCOMPARE(sha256(file + u"/b.txt"_s), sha256(workingDir() + u"/sub/deep/b.txt"_s));
    }

    void failingTarIsReportedWithItsLog()
    {
        // A folder with files in it where the archive has a file: tar cannot replace it, exits non-zero and
        // says why.
        QVERIFY(writeFile(workingDir() + u"/README.md/inner.txt"_s, "in the way\n"));
        QTemporaryDir work;
        const QString source = work.filePath(u"source"_s);
        sourceTree(source, 0);
        BlaxelUploadJob upload(m_files.get(), {source});
        upload.start();
        QVERIFY(TransferHarness::waitFinished(&upload, 120000));
        QCOMPARE(upload.state(), TransferJob::State::Failed);
        QCOMPARE(upload.failureKind(), TransferJob::FailureKind::Rejected);
        QVERIFY(!upload.canRetry());
        QVERIFY2(upload.errorText().contains(u"exit code"_s), qPrintable(upload.errorText()));
        QVERIFY2(upload.errorText().contains(u"README.md: Cannot open"_s), qPrintable(upload.errorText()));
        QVERIFY(!upload.errorText().contains(m_server->apiKey()));
        QTRY_VERIFY_WITH_TIMEOUT(temporaryArchives().isEmpty(), 10000);

        // A dump that tar cannot write: the folder it writes to is a file.
        QVERIFY(QDir(sandboxTmp()).removeRecursively());
        QVERIFY(writeFile(sandboxTmp(), "not a folder\n"));
        BlaxelDumpJob dump(m_files.get(), BlaxelDumpJob::Mode::Extract, work.filePath(u"out"_s));
        dump.start();
        QVERIFY(TransferHarness::waitFinished(&dump, 120000));
        QCOMPARE(dump.state(), TransferJob::State::Failed);
        QVERIFY2(dump.errorText().contains(u"/tmp"_s), qPrintable(dump.errorText()));
        QVERIFY(!QFileInfo::exists(work.filePath(u"out"_s)));
    }
};

QTEST_GUILESS_MAIN(TestBlaxelWorkspace)
#include "tst_blaxelworkspace.moc"
