// Workspaces in and out of a Blaxel sandbox through the emulator's per-sandbox API over loopback HTTP: the
// files client (PUT streamed, GET with Range resume, list, process), BlaxelUploadJob and BlaxelDumpJob in a
// round trip that keeps paths, bytes, modes and links, a cancel halfway, and a tar that fails in the sandbox.

#include "../emulator/blaxelclient.h"
#include "api/blaxelsandboxfiles.h"
#include "transferharness.h"
#include "workspace/blaxeldumpjob.h"
#include "workspace/blaxeluploadjob.h"
#include "workspace/transferqueue.h"
#include "workspace/workspacearchiver.h"

#include <QStandardPaths>
#include <QTemporaryDir>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace TransferFiles;

class TestBlaxelWorkspace : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_data;
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<EmulatorTest::BlaxelClient> m_blaxel;
    std::unique_ptr<BlaxelSandboxFiles> m_files;
    QString m_name;

    // The sandbox's working directory on the emulator's disk.
    QString workingDir() const
    {
        return QFileInfo(m_data->path()).canonicalFilePath() + u"/demo/"_s + m_name + u"/blaxel"_s;
    }
    QString sandboxTmp() const
    {
        return QFileInfo(m_data->path()).canonicalFilePath() + u"/demo/"_s + m_name + u"/tmp"_s;
    }
    QStringList temporaryArchives() const
    {
        return QDir(sandboxTmp()).entryList({u"sandboxdeck-*"_s}, QDir::Files);
    }

    ApiResult<BlaxelProcessResult> run(const QString &command)
    {
        std::optional<ApiResult<BlaxelProcessResult>> result;
        m_files->run(command, {}, this,
                     [&](const ApiResult<BlaxelProcessResult> &answer) { result = answer; });
        (void)QTest::qWaitFor([&] { return result.has_value(); }, 60000);
        return result.value_or(ApiResult<BlaxelProcessResult>(ApiError::local(u"no answer"_s)));
    }

    template <typename T> std::optional<ApiResult<T>> wait(std::optional<ApiResult<T>> &result)
    {
        (void)QTest::qWaitFor([&] { return result.has_value(); }, 60000);
        return result;
    }

    static QStringList sourceTree(const QString &source, qint64 bigBytes)
    {
        writeFile(source + u"/README.md"_s, "# Round trip\n\nA workspace that must come back whole.\n");
        writeFile(source + u"/src/app/main.cpp"_s, "int main() { return 0; }\n");
        writeFile(source + u"/src/app/deep/er/leaf.txt"_s, QByteArray(3000, 'x') + "\nend\n");
        writeFile(source + u"/empty.txt"_s, {});
        QDir().mkpath(source + u"/emptydir"_s);
        writeFile(source + u"/donn\u00e9es/\u00fc.txt"_s, "contenu non ASCII: \xc3\xa9\xc3\xa8\n");
        writeFile(source + u"/bin/run.sh"_s, "#!/bin/sh\necho run\n", 0755);
        writeFile(source + u"/private.txt"_s, "mine\n", 0600);
        QDir().mkpath(source + u"/docs"_s);
        makeLink(u"../src/app/deep/er/leaf.txt"_s, source + u"/docs/leaf-link"_s);
        if (bigBytes > 0)
            writeRandomFile(source + u"/big/blob.bin"_s, bigBytes, 20261124);
        return describeTree(source);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        ::umask(022); // the modes compared below are the ones written here
    }

    void init()
    {
        m_data = std::make_unique<QTemporaryDir>();
        QVERIFY(m_data->isValid());
        m_server = EmulatorTest::blaxelEmulator(
            m_data->path(), [](Emulator::BlaxelSettings &settings) { settings.transitionMs = 100; });
        QVERIFY(m_server->listen());
        m_blaxel = std::make_unique<EmulatorTest::BlaxelClient>(m_server->apiBaseUrl());
        m_name = u"workspace-trip"_s;
        QCOMPARE(m_blaxel->control("POST", {}, EmulatorTest::BlaxelClient::createBody(m_name)).status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(m_name), u"DEPLOYED"_s, 5000);
        const QUrl url(m_blaxel->url(m_name));
        QVERIFY(url.isValid());
        m_files = std::make_unique<BlaxelSandboxFiles>(m_name, url, m_server->apiKey(), u"demo"_s);
        BlaxelSandboxFiles::Limits limits = m_files->limits();
        limits.retryBaseDelayMs = 10;
        limits.processPollMs = 50;
        m_files->setLimits(limits);
    }

    void cleanup()
    {
        m_files.reset();
        m_blaxel.reset();
        m_server.reset();
        m_data.reset();
    }

    void filesClientPutGetListRun()
    {
        QTemporaryDir local;
        QByteArray bytes;
        for (int i = 0; i < 300000; ++i)
            bytes.append(char((qint64(i) * 7919) % 251));
        QVERIFY(writeFile(local.filePath(u"up.bin"_s), bytes));

        std::optional<ApiResult<qint64>> put;
        m_files->putFile(local.filePath(u"up.bin"_s), u"data/up.bin"_s, this,
                         [&](const ApiResult<qint64> &r) { put = r; });
        QVERIFY(wait(put).has_value());
        QVERIFY2(put->ok(), qPrintable(put->error().fullText()));
        QCOMPARE(put->value(), qint64(bytes.size()));
        QFile onDisk(workingDir() + u"/data/up.bin"_s);
        QVERIFY(onDisk.open(QIODevice::ReadOnly));
        QCOMPARE(onDisk.readAll(), bytes);
        // An absolute path is the sandbox's root, as the API's "//".
        std::optional<ApiResult<qint64>> absolute;
        m_files->putFile(local.filePath(u"up.bin"_s), u"/tmp/x/abs.bin"_s, this,
                         [&](const ApiResult<qint64> &r) { absolute = r; });
        QVERIFY(wait(absolute).has_value() && absolute->ok());
        QVERIFY(QFileInfo::exists(sandboxTmp() + u"/x/abs.bin"_s));

        // Names are percent-encoded segment by segment, and arrive as they were.
        QCOMPARE(BlaxelSandboxFiles::filesystemPath(u"/tmp/a b/%?#"_s),
                 u"/filesystem//tmp/a%20b/%25%3F%23"_s);
        QCOMPARE(BlaxelSandboxFiles::filesystemPath(u"rel/x"_s), u"/filesystem/rel/x"_s);
        std::optional<ApiResult<qint64>> odd;
        m_files->putFile(local.filePath(u"up.bin"_s), u"odd name/\u00e9t\u00e9 %?#.bin"_s, this,
                         [&](const ApiResult<qint64> &r) { odd = r; });
        QVERIFY(wait(odd).has_value());
        QVERIFY2(odd->ok(), qPrintable(odd->error().fullText()));
        QVERIFY(QFileInfo::exists(workingDir() + u"/odd name/\u00e9t\u00e9 %?#.bin"_s));

        std::optional<ApiResult<BlaxelDirectory>> listed;
        m_files->list(u"data"_s, this, [&](const ApiResult<BlaxelDirectory> &r) { listed = r; });
        QVERIFY(wait(listed).has_value() && listed->ok());
        QCOMPARE(listed->value().path, u"/blaxel/data"_s);
        QCOMPARE(listed->value().entries.size(), 1);
        QCOMPARE(listed->value().entries.at(0).name, u"up.bin"_s);
        QCOMPARE(listed->value().entries.at(0).size, qint64(bytes.size()));
        QVERIFY(!listed->value().entries.at(0).folder);

        // A whole download, then a resumed one from the middle: Range asks for the rest only.
        std::optional<ApiResult<BlaxelDownload>> got;
        m_files->getFile(u"data/up.bin"_s, local.filePath(u"down.bin"_s), false, this,
                         [&](const ApiResult<BlaxelDownload> &r) { got = r; });
        QVERIFY(wait(got).has_value());
        QVERIFY2(got->ok(), qPrintable(got->error().fullText()));
        QCOMPARE(got->value().bytes, qint64(bytes.size()));
        QFile down(local.filePath(u"down.bin"_s));
        QVERIFY(down.open(QIODevice::ReadOnly));
        QCOMPARE(down.readAll(), bytes);
        down.close();
        const qint64 half = 123457;
        QVERIFY(writeFile(local.filePath(u"part.bin"_s), bytes.left(half)));
        m_server->clearRecordedRequests();
        got.reset();
        m_files->getFile(u"data/up.bin"_s, local.filePath(u"part.bin"_s), true, this,
                         [&](const ApiResult<BlaxelDownload> &r) { got = r; });
        QVERIFY(wait(got).has_value());
        QVERIFY2(got->ok(), qPrintable(got->error().fullText()));
        QFile part(local.filePath(u"part.bin"_s));
        QVERIFY(part.open(QIODevice::ReadOnly));
        QCOMPARE(part.readAll(), bytes);
        bool ranged = false;
        for (const auto &request : m_server->apiRequests())
            ranged = ranged || request.header("Range") == "bytes=" + QByteArray::number(half) + '-';
        QVERIFY(ranged);
        // A local file that is already whole: the sandbox answers 416 and the download is done.
        got.reset();
        m_files->getFile(u"data/up.bin"_s, local.filePath(u"part.bin"_s), true, this,
                         [&](const ApiResult<BlaxelDownload> &r) { got = r; });
        QVERIFY(wait(got).has_value());
        QVERIFY2(got->ok(), qPrintable(got->error().fullText()));
        QCOMPARE(QFileInfo(local.filePath(u"part.bin"_s)).size(), qint64(bytes.size()));

        // Commands: exit code and logs.
        const ApiResult<BlaxelProcessResult> listing = run(u"ls data"_s);
        QVERIFY2(listing.ok(), qPrintable(listing.error().fullText()));
        QCOMPARE(listing->exitCode, 0);
        QVERIFY(listing->succeeded());
        QCOMPARE(listing->logs, u"up.bin\n"_s);
        QCOMPARE(listing->workingDir, u"/blaxel"_s);
        const ApiResult<BlaxelProcessResult> failed = run(u"ls no-such-file"_s);
        QVERIFY(failed.ok());
        QVERIFY(failed->exitCode != 0);
        QVERIFY(!failed->succeeded());
        QVERIFY(failed->logTail(m_server->apiKey()).contains(u"no-such-file"_s));
    }

    void filesClientErrors()
    {
        QTemporaryDir local;
        std::optional<ApiResult<BlaxelDownload>> missing;
        m_files->getFile(u"nothing/here.bin"_s, local.filePath(u"x"_s), false, this,
                         [&](const ApiResult<BlaxelDownload> &r) { missing = r; });
        QVERIFY(wait(missing).has_value());
        QVERIFY(!missing->ok());
        QCOMPARE(missing->error().httpStatus(), 404);
        QVERIFY(missing->error().fullText().contains(u"nothing/here.bin"_s));
        QCOMPARE(TransferJob::failureKindOf(missing->error()), TransferJob::FailureKind::Rejected);

        // A refused command is an HTTP error with the sandbox's words, not an exit code.
        const ApiResult<BlaxelProcessResult> shell = run(u"sh -c 'echo hi'"_s);
        QVERIFY(!shell.ok());
        QCOMPARE(shell.error().httpStatus(), 400);
        QVERIFY(shell.error().fullText().contains(u"not allowed"_s));

        // ".." never leaves this side.
        std::optional<ApiResult<BlaxelDirectory>> escape;
        m_server->clearRecordedRequests();
        m_files->list(u"../.."_s, this, [&](const ApiResult<BlaxelDirectory> &r) { escape = r; });
        QVERIFY(wait(escape).has_value());
        QCOMPARE(escape->error().kind(), ApiError::Kind::Local);
        QVERIFY(m_server->apiRequests().isEmpty());

        // A wrong key: refused, and the key appears in no error.
        BlaxelSandboxFiles wrong(m_name, m_files->url(), u"sk-wrong-key-4242"_s, u"demo"_s);
        std::optional<ApiResult<BlaxelDirectory>> refused;
        wrong.list({}, this, [&](const ApiResult<BlaxelDirectory> &r) { refused = r; });
        QVERIFY(wait(refused).has_value());
        QCOMPARE(refused->error().httpStatus(), 403);
        QVERIFY(refused->error().isKeyProblem());
        QVERIFY(!refused->error().fullText().contains(u"sk-wrong-key-4242"_s));

        // Plain http to another machine: refused before anything is sent.
        BlaxelSandboxFiles remote(m_name, QUrl(u"http://example.com/sandbox"_s), m_server->apiKey(),
                                  u"demo"_s);
        std::optional<ApiResult<BlaxelDirectory>> insecure;
        remote.list({}, this, [&](const ApiResult<BlaxelDirectory> &r) { insecure = r; });
        QVERIFY(wait(insecure).has_value());
        QCOMPARE(insecure->error().kind(), ApiError::Kind::Local);

        // A context that dies takes its call with it: the handler never runs.
        bool ran = false;
        {
            QObject context;
            m_files->run(u"ls"_s, {}, &context, [&](const ApiResult<BlaxelProcessResult> &) { ran = true; });
        }
        QTest::qWait(300);
        QVERIFY(!ran);
    }

    void droppedDownloadResumesWithRange()
    {
        QByteArray bytes(2 * 1024 * 1024 + 17, Qt::Uninitialized);
        for (qsizetype i = 0; i < bytes.size(); ++i)
            bytes[i] = char((qint64(i) * 131) % 253);
        QVERIFY(writeFile(workingDir() + u"/blob.bin"_s, bytes));
        QTemporaryDir local;
        const qint64 kept = 1000003;
        QVERIFY(writeFile(local.filePath(u"blob.bin"_s), bytes.left(kept)));
        // The first request is read and never answered: the transfer timeout ends it, and the download goes
        // on from the bytes it has.
        BlaxelSandboxFiles::Limits limits = m_files->limits();
        limits.transferTimeoutMs = 400;
        m_files->setLimits(limits);
        Emulator::FaultSettings faults;
        faults.hangNextRequests = 1;
        m_server->setFaults(faults);
        m_server->clearRecordedRequests();
        std::optional<ApiResult<BlaxelDownload>> got;
        m_files->getFile(u"blob.bin"_s, local.filePath(u"blob.bin"_s), true, this,
                         [&](const ApiResult<BlaxelDownload> &r) { got = r; });
        QVERIFY(wait(got).has_value());
        QVERIFY2(got->ok(), qPrintable(got->error().fullText()));
        QCOMPARE(got->value().resumes, 1);
        QFile result(local.filePath(u"blob.bin"_s));
        QVERIFY(result.open(QIODevice::ReadOnly));
        QCOMPARE(result.readAll(), bytes);
        QList<QByteArray> ranges;
        for (const auto &request : m_server->apiRequests())
            ranges.append(request.header("Range"));
        QCOMPARE(ranges, (QList<QByteArray>{"bytes=1000003-", "bytes=1000003-"}));

        // Hanging every time: the download ends, with the reason, after its resumes.
        limits.maxResumes = 1;
        m_files->setLimits(limits);
        faults.hangNextRequests = 5;
        m_server->setFaults(faults);
        got.reset();
        m_files->getFile(u"blob.bin"_s, local.filePath(u"again.bin"_s), false, this,
                         [&](const ApiResult<BlaxelDownload> &r) { got = r; });
        QVERIFY(wait(got).has_value());
        QVERIFY(!got->ok());
        QCOMPARE(got->error().kind(), ApiError::Kind::Timeout);
        QCOMPARE(TransferJob::failureKindOf(got->error()), TransferJob::FailureKind::Transient);
        m_server->setFaults({});
    }

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
