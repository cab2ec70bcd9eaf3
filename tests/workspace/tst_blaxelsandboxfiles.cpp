// BlaxelSandboxFiles against the emulator's per-sandbox API over loopback HTTP: PUT streamed, GET with Range
// resume after a dropped connection, list, process, and the errors of each.

#include "api/blaxelsandboxcall.h"
#include "blaxelworkspacefixture.h"
#include "emulatorprobe.h"
#include "workspace/transferjob.h"

#include <QPointer>

#include <optional>

class TestBlaxelSandboxFiles : public QObject, private BlaxelWorkspaceFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setUpOnce(); }
    void init() { setUpSandbox(); }
    void cleanup() { tearDownSandbox(); }

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
        EmulatorProbe(m_server).clearRecordedRequests();
        got.reset();
        m_files->getFile(u"data/up.bin"_s, local.filePath(u"part.bin"_s), true, this,
                         [&](const ApiResult<BlaxelDownload> &r) { got = r; });
        QVERIFY(wait(got).has_value());
        QVERIFY2(got->ok(), qPrintable(got->error().fullText()));
        QFile part(local.filePath(u"part.bin"_s));
        QVERIFY(part.open(QIODevice::ReadOnly));
        QCOMPARE(part.readAll(), bytes);
        bool ranged = false;
        for (const auto &request : EmulatorProbe(m_server).apiRequests())
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
        EmulatorProbe(m_server).clearRecordedRequests();
        m_files->list(u"../.."_s, this, [&](const ApiResult<BlaxelDirectory> &r) { escape = r; });
        QVERIFY(wait(escape).has_value());
        QCOMPARE(escape->error().kind(), ApiError::Kind::Local);
        QVERIFY(EmulatorProbe(m_server).apiRequests().isEmpty());

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
        QPointer<BlaxelSandboxCall> call;
        {
            QObject context;
            call = m_files->run(u"ls"_s, {}, &context,
                                [&](const ApiResult<BlaxelProcessResult> &) { ran = true; });
        }
        QVERIFY(call.isNull()); // gone with its context, its request with it
        // A call made after it, answered: anything the first one still had coming would have come first.
        std::optional<ApiResult<BlaxelDirectory>> later;
        m_files->list({}, this, [&](const ApiResult<BlaxelDirectory> &r) { later = r; });
        QVERIFY(wait(later).has_value());
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
        EmulatorProbe(m_server).clearRecordedRequests();
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
        for (const auto &request : EmulatorProbe(m_server).apiRequests())
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
};

QTEST_GUILESS_MAIN(TestBlaxelSandboxFiles)
#include "tst_blaxelsandboxfiles.moc"
