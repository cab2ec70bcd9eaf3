#include "../api/hostileserver.h"
#include "api/blaxelsandboxfiles.h"
#include "emulatorprobe.h"
#include "transferharness.h"
#include "workspace/dumpjob.h"
#include "workspace/uploadjob.h"

#include <QStandardPaths>
#include <QTemporaryDir>

#include <zlib.h>

using namespace Qt::StringLiterals;

// Upload and dump jobs against what a hostile API or store can send: URLs that point at local files or at
// plain http elsewhere (first or on a resume), store errors on the PUT, and download bodies that end early
// or never end by the protocol. Nothing partial may appear at the target, nothing local may be written.
class TestTransferHardening : public QObject
{
    Q_OBJECT

private:
    // The API and the store both played by one hostile server.
    struct HostileApi
    {
        HostileApi()
        {
            TransportConfig config;
            config.baseUrl = server.url();
            config.apiKey = u"sk-hostile-transfer-1"_s;
            config.requestsPerSecond = 0;
            config.backoffBaseMs = 20;
            config.callDeadlineMs = 10'000;
            transport = std::make_unique<HttpTransport>(config);
            service = std::make_unique<KlavisLocalSandboxService>(transport.get());
        }

        int count(const QByteArray &method, const QByteArray &pathPrefix) const
        {
            int n = 0;
            for (const auto &request : server.requests())
                n += request.method == method && request.path.startsWith(pathPrefix) ? 1 : 0;
            return n;
        }

        HostileServer server;
        std::unique_ptr<HttpTransport> transport;
        std::unique_ptr<KlavisLocalSandboxService> service;
        QNetworkAccessManager network;
    };

    static HostileServer::Step urlReply(const QByteArray &field, const QByteArray &url)
    {
        return HostileServer::json(200, "{\"" + field + "\":\"" + url + "\",\"expires_in_minutes\":5}");
    }
    static QByteArray gzipOf(const QByteArray &data)
    {
        z_stream z = {};
        if (deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            qFatal("deflateInit2 failed");
        QByteArray out(int(deflateBound(&z, uLong(data.size()))), Qt::Uninitialized);
        z.next_in = const_cast<Bytef *>(reinterpret_cast<const Bytef *>(data.constData()));
        z.avail_in = uInt(data.size());
        z.next_out = reinterpret_cast<Bytef *>(out.data());
        z.avail_out = uInt(out.size());
        if (deflate(&z, Z_FINISH) != Z_STREAM_END)
            qFatal("deflate failed");
        out.resize(qsizetype(z.total_out));
        deflateEnd(&z);
        return out;
    }
    static QByteArray storeHead(int status, const QByteArray &headers)
    {
        return "HTTP/1.1 " + QByteArray::number(status) + " X\r\n" + headers + "\r\n";
    }

    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<QTemporaryDir> m_work;
    QByteArray m_savedTmpDir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_savedTmpDir = qgetenv("TMPDIR");
    }

    void init()
    {
        m_work = std::make_unique<QTemporaryDir>();
        m_tmp = std::make_unique<QTemporaryDir>();
        QVERIFY(m_work->isValid() && m_tmp->isValid());
        qputenv("TMPDIR", QFile::encodeName(m_tmp->path()));
        QVERIFY(QDir().mkpath(m_work->filePath(u"out"_s)));
    }

    void cleanup()
    {
        if (m_savedTmpDir.isNull())
            qunsetenv("TMPDIR");
        else
            qputenv("TMPDIR", m_savedTmpDir);
        m_tmp.reset();
        m_work.reset();
    }

    void uploadToFileUrlNeverWritesTheFile_data()
    {
        QTest::addColumn<QString>("scheme");
        QTest::newRow("file") << u"file"_s;
        QTest::newRow("http elsewhere") << u"http"_s;
    }

    void uploadToFileUrlNeverWritesTheFile()
    {
        QFETCH(QString, scheme);
        const QString victim = m_work->filePath(u"bashrc"_s);
        QVERIFY(TransferFiles::writeFile(victim, "precious\n"));
        const QString source = m_work->filePath(u"src"_s);
        QVERIFY(TransferFiles::writeFile(source + u"/a.txt"_s, "a\n"));

        HostileApi api;
        const QByteArray url = scheme == u"file"_s ? QUrl::fromLocalFile(victim).toEncoded()
                                                   : QByteArray("http://store.example.com/o?sig=1");
        api.server.script({urlReply("upload_url", url)});
        UploadJob job(api.service.get(), &api.network, u"ls-1"_s, u"us"_s, {source});
        job.setRetryBaseDelayMs(10);
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job, 20000));
        QCOMPARE(job.state(), TransferJob::State::Failed);
        QVERIFY2(job.errorText().contains(u"refused"_s), qPrintable(job.errorText()));
        QVERIFY2(job.errorText().contains(u"Nothing was sent"_s), qPrintable(job.errorText()));
        QCOMPARE(TransferFiles::sha256(victim), TransferFiles::sha256(QByteArray("precious\n")));
        QCOMPARE(api.count("POST", "/local-sandbox/ls-1/initialize"), 0);
        QCOMPARE(api.server.requests().size(), 1); // the URL request, and nothing after it
        // A failed or cancelled job removes its temporary folder on a worker, without waiting.
        QTRY_COMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
    }

    // A store that answers the PUT with a body that never ends: the job stops reading past 1 MiB and says
    // so, instead of buffering for ever.
    void endlessAnswerToPutIsCutOff()
    {
        const QString source = m_work->filePath(u"src"_s);
        QVERIFY(TransferFiles::writeFile(source + u"/a.txt"_s, "a\n"));
        HostileApi api;
        const QByteArray chunk =
            QByteArray::number(64 * 1024, 16) + "\r\n" + QByteArray(64 * 1024, 'x') + "\r\n";
        api.server.script(
            {urlReply("upload_url", api.server.url("/store/o?sig=1").toEncoded()),
             HostileServer::trickle(storeHead(200, "Transfer-Encoding: chunked\r\n"), chunk, 1)});
        UploadJob job(api.service.get(), &api.network, u"ls-1"_s, u"us"_s, {source});
        job.setRetryBaseDelayMs(10);
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job, 20000));
        QCOMPARE(job.state(), TransferJob::State::Failed);
        QVERIFY2(job.errorText().contains(u"more than 1.0 MB"_s), qPrintable(job.errorText()));
        QCOMPARE(api.count("PUT", "/store/o"), 1);
        QCOMPARE(api.count("POST", "/local-sandbox/ls-1/initialize"), 0);
        QTRY_COMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
    }

    // The same from a Blaxel sandbox's API, whose answers to a PUT, a command or a listing are JSON: each
    // call ends as too large past its limit instead of buffering for ever.
    void endlessAnswerFromBlaxelSandboxIsCutOff_data()
    {
        QTest::addColumn<QString>("call");
        QTest::newRow("put") << u"put"_s;
        QTest::newRow("run") << u"run"_s;
        QTest::newRow("list") << u"list"_s;
    }

    void endlessAnswerFromBlaxelSandboxIsCutOff()
    {
        QFETCH(QString, call);
        const QString source = m_work->filePath(u"a.txt"_s);
        QVERIFY(TransferFiles::writeFile(source, "a\n"));
        HostileServer server;
        const QByteArray chunk =
            QByteArray::number(64 * 1024, 16) + "\r\n" + QByteArray(64 * 1024, ' ') + "\r\n";
        server.script({HostileServer::trickle(
            storeHead(200, "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"), chunk, 1)});
        BlaxelSandboxFiles files(u"bx"_s, server.url("/sandbox"), u"sk-hostile-blaxel-1"_s, u"demo"_s);
        BlaxelSandboxFiles::Limits limits = files.limits();
        limits.maxJsonBytes = 1 << 20;
        files.setLimits(limits);
        std::optional<ApiError> error;
        QObject context;
        const auto record = [&error](const auto &result) { error = result.error(); };
        if (call == u"put"_s)
            files.putFile(source, u"/app/a.txt"_s, &context, record);
        else if (call == u"run"_s)
            files.run(u"ls"_s, {}, &context, record);
        else
            files.list(u"/app"_s, &context, record);
        QTRY_VERIFY_WITH_TIMEOUT(error.has_value(), 20000);
        QVERIFY2(error->message().contains(u"larger than the 1.0 MiB"_s), qPrintable(error->message()));
    }

    void dumpFromFileUrlIsRefused()
    {
        HostileApi api;
        api.server.script({urlReply("download_url", "file:///etc/passwd")});
        const QString target = m_work->filePath(u"out/dump.tar.gz"_s);
        DumpJob job(api.service.get(), &api.network, u"ls-1"_s, u"us"_s, DumpJob::Mode::SaveArchive, target);
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job, 20000));
        QCOMPARE(job.state(), TransferJob::State::Failed);
        QVERIFY2(job.errorText().contains(u"\"file:\""_s), qPrintable(job.errorText()));
        QCOMPARE(TransferFiles::leftovers(m_work->filePath(u"out"_s)), QStringList());
    }

    void refusedUrlDuringResumeLeavesNothing()
    {
        // First URL: the store sends 400 of 1000 bytes and hangs up; the resume is refused as expired;
        // the fresh URL the API then hands out points at a local file.
        HostileApi api;
        const QByteArray expired =
            "<Error><Code>ExpiredToken</Code><Message>The token expired.</Message></Error>\n";
        const QByteArray storeUrl = api.server.url("/store/dump?sig=1").toEncoded();
        api.server.script(
            {urlReply("download_url", storeUrl),
             HostileServer::answer(storeHead(200, "Content-Length: 1000\r\n") + QByteArray(400, 'x')),
             HostileServer::answer(storeHead(403, "Content-Type: application/xml\r\nContent-Length: " +
                                                      QByteArray::number(expired.size()) +
                                                      "\r\nConnection: close\r\n") +
                                   expired),
             urlReply("download_url", "file:///etc/hostname")});
        const QString target = m_work->filePath(u"out/dump.tar.gz"_s);
        DumpJob job(api.service.get(), &api.network, u"ls-1"_s, u"us"_s, DumpJob::Mode::SaveArchive, target);
        job.setRetryBaseDelayMs(10);
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job, 20000));
        QCOMPARE(job.state(), TransferJob::State::Failed);
        QVERIFY2(job.errorText().contains(u"refused"_s) && job.errorText().contains(u"\"file:\""_s),
                 qPrintable(job.errorText()));
        QCOMPARE(api.count("GET", "/local-sandbox/ls-1/dump"), 2);
        QCOMPARE(api.count("GET", "/store/dump"), 2);
        QCOMPARE(api.server.requests().at(2).header("Range"), QByteArray("bytes=400-"));
        QCOMPARE(TransferFiles::leftovers(m_work->filePath(u"out"_s)), QStringList());
        QCOMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
    }

    void dumpBodyEndingEarlyIsNeverSaved_data()
    {
        // A real gzip stream, cut in the middle: what a dump looks like when its body ends early.
        const QByteArray whole = gzipOf(QByteArray(200'000, 'w') + "end");
        const QByteArray half = whole.left(whole.size() / 2);
        const QByteArray halfChunk = QByteArray::number(half.size(), 16) + "\r\n" + half + "\r\n";
        QTest::addColumn<QByteArray>("answer");
        QTest::newRow("short Content-Length")
            << storeHead(200, "Content-Length: " + QByteArray::number(whole.size()) + "\r\n") + half;
        QTest::newRow("chunked without last chunk")
            << storeHead(200, "Transfer-Encoding: chunked\r\n") + halfChunk;
        QTest::newRow("garbage instead of last chunk")
            << storeHead(200, "Transfer-Encoding: chunked\r\n") + halfChunk + "not-a-chunk\r\n\r\n";
        QTest::newRow("not gzip at all") << storeHead(200, "Content-Length: 5\r\n") + "hello";
        QTest::newRow("second member cut")
            << storeHead(200, "Content-Length: " + QByteArray::number(whole.size() + half.size()) + "\r\n") +
                   whole + half;
    }

    void chunkedWholeDumpIsSaved()
    {
        // The control for the cases above: the same store, the same framing, the whole archive.
        const QByteArray whole = gzipOf(QByteArray(200'000, 'w') + "end");
        HostileApi api;
        api.server.script(
            {urlReply("download_url", api.server.url("/store/dump?sig=1").toEncoded()),
             HostileServer::answer(storeHead(200, "Transfer-Encoding: chunked\r\n") +
                                   QByteArray::number(whole.size(), 16) + "\r\n" + whole + "\r\n0\r\n\r\n")});
        const QString target = m_work->filePath(u"out/dump.tar.gz"_s);
        DumpJob job(api.service.get(), &api.network, u"ls-1"_s, u"us"_s, DumpJob::Mode::SaveArchive, target);
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job, 20000));
        QVERIFY2(job.state() == TransferJob::State::Done, qPrintable(job.errorText()));
        QCOMPARE(TransferFiles::sha256(target), TransferFiles::sha256(whole));
    }

    void dumpBodyEndingEarlyIsNeverSaved()
    {
        // A store that always cuts the same way: each try "makes progress" from zero again, which must not
        // keep the job going forever.
        QFETCH(QByteArray, answer);
        HostileApi api;
        api.server.script({urlReply("download_url", api.server.url("/store/dump?sig=1").toEncoded()),
                           HostileServer::answer(answer)});
        const QString target = m_work->filePath(u"out/dump.tar.gz"_s);
        DumpJob job(api.service.get(), &api.network, u"ls-1"_s, u"us"_s, DumpJob::Mode::SaveArchive, target);
        job.setRetryBaseDelayMs(5);
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job, 30000));
        QCOMPARE(job.state(), TransferJob::State::Failed);
        QVERIFY2(job.errorText().contains(u"The download"_s), qPrintable(job.errorText()));
        QVERIFY(api.count("GET", "/store/dump") <= 12);
        QCOMPARE(TransferFiles::leftovers(m_tmp->path()), QStringList());
        QCOMPARE(TransferFiles::leftovers(m_work->filePath(u"out"_s)), QStringList());
    }

    void storeErrorsOnPutAreRetriedThenReported()
    {
        TransferHarness harness;
        const QString source = m_work->filePath(u"src"_s);
        QVERIFY(TransferFiles::writeFile(source + u"/a.txt"_s, "a\n"));
        Emulator::FaultSettings faults;
        faults.storeFailNextRequests = 3;
        faults.storeErrorStatus = 503;
        harness.emulator->setFaults(faults);
        UploadJob job(harness.service.get(), harness.network.get(), harness.freshSandbox(), u"us"_s,
                      {source});
        job.setRetryBaseDelayMs(10);
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job));
        QCOMPARE(job.state(), TransferJob::State::Failed);
        const auto puts = harness.storeRequests("PUT");
        QCOMPARE(puts.size(), 3);
        for (const auto &put : puts) {
            QCOMPARE(put.status, 503);
            QCOMPARE(put.query, puts.first().query); // the same URL: a 5xx is not a refusal
            QCOMPARE(put.bodySize, puts.first().bodySize);
        }
        QVERIFY2(job.errorText().contains(u"after 3 attempts"_s), qPrintable(job.errorText()));
        QVERIFY2(job.errorText().contains(u"ServiceUnavailable"_s), qPrintable(job.errorText()));
        QCOMPARE(EmulatorProbe(harness.emulator)
                     .requestCount("POST", harness.apiPath(job.sandboxId(), u"initialize"_s)),
                 0);
        QVERIFY(EmulatorProbe(harness.emulator).workspacePaths(job.sandboxId()).isEmpty());
    }

    void storeErrorOnPutRecoversOnRetry()
    {
        TransferHarness harness;
        const QString source = m_work->filePath(u"src"_s);
        QVERIFY(TransferFiles::writeFile(source + u"/a.txt"_s, "a\n"));
        Emulator::FaultSettings faults;
        faults.storeFailNextRequests = 2;
        faults.storeErrorStatus = 500;
        harness.emulator->setFaults(faults);
        UploadJob job(harness.service.get(), harness.network.get(), harness.freshSandbox(), u"us"_s,
                      {source});
        job.setRetryBaseDelayMs(10);
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job));
        QVERIFY2(job.state() == TransferJob::State::Done, qPrintable(job.errorText()));
        const auto puts = harness.storeRequests("PUT");
        QCOMPARE(puts.size(), 3);
        QCOMPARE(puts.at(2).status, 200);
        QCOMPARE(puts.at(2).bodySize, puts.at(0).bodySize);
        QCOMPARE(EmulatorProbe(harness.emulator)
                     .requestCount("POST", harness.apiPath(job.sandboxId(), u"upload-url"_s)),
                 1);
        QCOMPARE(EmulatorProbe(harness.emulator)
                     .requestCount("POST", harness.apiPath(job.sandboxId(), u"initialize"_s)),
                 1);
        QCOMPARE(EmulatorProbe(harness.emulator).workspaceFile(job.sandboxId(), u"a.txt"_s),
                 QByteArray("a\n"));
    }
};

QTEST_GUILESS_MAIN(TestTransferHardening)
#include "tst_transferhardening.moc"
