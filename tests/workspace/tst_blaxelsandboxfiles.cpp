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

    // Blaxel's create answers while the sandbox is DEPLOYING and its SDK uses it at once; an edge that does
    // not hold the call answers 502, 503 or 504 until it is up. Every kind of call asks again, saying so.
    void aSandboxStillStartingIsAskedAgainSayingSo()
    {
        Emulator::BlaxelSettings settings = EmulatorProbe(m_server).blaxelSettings();
        settings.edgeHoldMs = 0; // no holding: a 503 for each call until the sandbox is up
        settings.transitionMs = 1200;
        m_server->setBlaxelSettings(settings);
        const auto starting = [&](const QString &name) {
            const int created =
                m_blaxel->control("POST", {}, EmulatorTest::BlaxelClient::createBody(name)).status;
            auto files = std::make_unique<BlaxelSandboxFiles>(name, QUrl(m_blaxel->url(name)),
                                                              m_server->apiKey(), u"demo"_s);
            BlaxelSandboxFiles::Limits limits = files->limits();
            limits.processPollMs = 50;
            files->setLimits(limits);
            return created == 200 ? std::move(files) : nullptr;
        };
        QStringList said;
        const auto listen = [&](BlaxelSandboxCall *call) {
            connect(call, &BlaxelSandboxCall::waiting, this, [&](const QString &why) { said << why; });
        };

        QTemporaryDir local;
        writeFile(local.filePath(u"up.txt"_s), "made while it started\n");
        const auto put = starting(u"starting-put"_s);
        QVERIFY(put);
        std::optional<ApiResult<qint64>> sent;
        listen(put->putFile(local.filePath(u"up.txt"_s), u"up.txt"_s, this,
                            [&](const ApiResult<qint64> &r) { sent = r; }));
        const auto ran = starting(u"starting-run"_s);
        QVERIFY(ran);
        std::optional<ApiResult<BlaxelProcessResult>> made;
        listen(ran->run(u"mkdir -p made"_s, {}, this,
                        [&](const ApiResult<BlaxelProcessResult> &r) { made = r; }));
        const auto got = starting(u"starting-get"_s);
        QVERIFY(got);
        std::optional<ApiResult<BlaxelDownload>> missing;
        listen(got->getFile(u"not-there.bin"_s, local.filePath(u"x"_s), false, this,
                            [&](const ApiResult<BlaxelDownload> &r) { missing = r; }));

        QVERIFY(wait(sent).has_value());
        QVERIFY2(sent->ok(), qPrintable(sent->error().fullText()));
        QVERIFY(wait(made).has_value());
        QVERIFY2(made->ok() && made->value().succeeded(),
                 qPrintable(made->ok() ? made->value().logs : made->error().fullText()));
        QVERIFY(wait(missing).has_value());
        QCOMPARE(missing->error().httpStatus(), 404); // asked again until up, then the file's own answer
        QVERIFY2(said.size() >= 3, qPrintable(said.join(u'\n')));
        for (const QString &why : std::as_const(said))
            QVERIFY2(why.contains(u"HTTP 503"_s) && why.contains(u"DEPLOYING"_s), qPrintable(why));

        // One that never comes up (seeded DEPLOYING for good) fails once the wait is over, with the 503.
        BlaxelSandboxFiles stuck(u"data-pipeline"_s, QUrl(m_blaxel->url(u"data-pipeline"_s)),
                                 m_server->apiKey(), u"demo"_s);
        BlaxelSandboxFiles::Limits limits = stuck.limits();
        limits.startupWaitMs = 2500;
        stuck.setLimits(limits);
        said.clear();
        std::optional<ApiResult<BlaxelDirectory>> listed;
        listen(stuck.list({}, this, [&](const ApiResult<BlaxelDirectory> &r) { listed = r; }));
        QVERIFY(wait(listed).has_value());
        QCOMPARE(listed->error().httpStatus(), 503);
        QVERIFY(!said.isEmpty());
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
