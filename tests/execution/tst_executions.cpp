// Executions in a local sandbox, over real HTTP: the service's decoder against hostile replies, and the
// follower and the job against the emulator, which runs the scripts with python3.

#include "../api/hostileserver.h"
#include "../workspace/transferharness.h"
#include "droppingproxy.h"
#include "emulatorprobe.h"

#include "api/apicall.h"
#include "api/executiondecoder.h"
#include "api/klavisexecutionservice.h"
#include "execution/executionjob.h"
#include "execution/executionlogfollower.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QByteArray hundredThousandLines()
{
    QByteArray text;
    text.reserve(1'500'000);
    for (int i = 0; i < 100'000; ++i)
        text += "line " + QByteArray::number(i) + " ...\n";
    return text;
}

const QByteArray hundredThousandScript = "for i in range(100000):\n    print(f\"line {i} ...\")\n";

bool waitJob(ExecutionJob *job, int timeoutMs = 60000)
{
    return TransferHarness::waitUntil(
        job, &ExecutionJob::finished, [job] { return job->outcome() != ExecutionJob::Outcome::None; },
        timeoutMs);
}

bool waitFollower(ExecutionLogFollower *follower, int timeoutMs = 30000)
{
    return TransferHarness::waitUntil(
        follower, &ExecutionLogFollower::finished,
        [follower] { return follower->outcome() != ExecutionLogFollower::Outcome::Running; }, timeoutMs);
}

} // namespace

class TestExecutions : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    // The decoder alone.
    void decoderChecksTheCursorAgainstTheText_data();
    void decoderChecksTheCursorAgainstTheText();
    // A server that answers hostile logs replies.
    void followerStopsAtAHostileReply_data();
    void followerStopsAtAHostileReply();
    void followerGivesUpOnAGiganticReply();
    // The emulator.
    void folderWithoutMainPyIsRefusedBeforeAnyRequest();
    void hundredThousandLinesArriveWholeAcrossADropAndA429();
    void failingScriptEndsFailedWithItsTraceback();
    void artifactsExtractAsTheScriptWroteThem();
    void cancelWhileFollowingLeavesTheExecutionRunning();
    void followerStartsFromAGivenCursor();

private:
    ExecutionJob *newJob(const QString &folder, const QString &name);
    QString scriptFolder(const QByteArray &mainPy);

    std::unique_ptr<TransferHarness> m_harness;
    std::unique_ptr<DroppingProxy> m_proxy;
    std::unique_ptr<HttpTransport> m_transport;
    std::unique_ptr<KlavisExecutionService> m_service;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_sandbox;
    int m_folders = 0;
};

void TestExecutions::init()
{
    m_harness = std::make_unique<TransferHarness>();
    m_proxy = std::make_unique<DroppingProxy>(m_harness->emulator->apiBaseUrl());
    TransportConfig config = m_harness->transport->config();
    config.baseUrl = m_proxy->url();
    config.requestsPerSecond = 0;
    config.maxAttempts = 4;
    config.maxRetryAfterSeconds = 2;
    m_transport = std::make_unique<HttpTransport>(config);
    m_service = std::make_unique<KlavisExecutionService>(m_transport.get());
    m_dir = std::make_unique<QTemporaryDir>();
    m_sandbox = m_harness->freshSandbox();
}

void TestExecutions::cleanup()
{
    m_service.reset();
    m_transport.reset();
    m_proxy.reset();
    m_harness.reset(); // kills what still runs
}

QString TestExecutions::scriptFolder(const QByteArray &mainPy)
{
    const QString folder = m_dir->filePath(u"script-"_s + QString::number(++m_folders));
    if (!TransferFiles::writeFile(folder + u"/main.py"_s, mainPy))
        qFatal("could not write main.py");
    return folder;
}

ExecutionJob *TestExecutions::newJob(const QString &folder, const QString &name)
{
    auto *job =
        new ExecutionJob(m_service.get(), m_harness->network.get(), m_sandbox, folder, name, u"us"_s, this);
    job->setPollBackoff(20, 200);
    job->setRetryBaseDelayMs(20);
    job->setFollow(true);
    return job;
}

void TestExecutions::decoderChecksTheCursorAgainstTheText_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<qint64>("asked");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("next");

    QTest::newRow("text and cursor agree") << QByteArray(R"({"status":"running","logs":"abc\n","cursor":14})")
                                           << qint64(10) << true << qint64(14);
    QTest::newRow("defaults: no logs, cursor 0")
        << QByteArray(R"({"status":"pending"})") << qint64(0) << true << qint64(0);
    QTest::newRow("two-byte characters count as bytes")
        << QByteArray(R"({"status":"running","logs":"\u00e9\u00e9","cursor":4})") << qint64(0) << true
        << qint64(4);
    QTest::newRow("a replacement character may stand for one raw byte")
        << QByteArray(R"({"status":"running","logs":"a\ufffdb","cursor":3})") << qint64(0) << true
        << qint64(3);
    QTest::newRow("cursor goes backwards")
        << QByteArray(R"({"status":"running","logs":"","cursor":5})") << qint64(10) << false << qint64(0);
    QTest::newRow("cursor past the text")
        << QByteArray(R"({"status":"running","logs":"abc","cursor":20})") << qint64(10) << false << qint64(0);
    QTest::newRow("cursor short of the text")
        << QByteArray(R"({"status":"running","logs":"abcdef","cursor":12})") << qint64(10) << false
        << qint64(0);
    QTest::newRow("negative cursor") << QByteArray(R"({"status":"running","logs":"","cursor":-1})")
                                     << qint64(0) << false << qint64(0);
    QTest::newRow("fractional cursor")
        << QByteArray(R"({"status":"running","logs":"a","cursor":1.5})") << qint64(0) << false << qint64(0);
    QTest::newRow("cursor as text") << QByteArray(R"({"status":"running","logs":"a","cursor":"1"})")
                                    << qint64(0) << false << qint64(0);
    QTest::newRow("logs not a string")
        << QByteArray(R"({"status":"running","logs":["a"],"cursor":1})") << qint64(0) << false << qint64(0);
    QTest::newRow("logs null") << QByteArray(R"({"status":"running","logs":null,"cursor":0})") << qint64(0)
                               << false << qint64(0);
    QTest::newRow("unknown status word")
        << QByteArray(R"({"status":"exploded","logs":"","cursor":0})") << qint64(0) << false << qint64(0);
    QTest::newRow("no status") << QByteArray(R"({"logs":"","cursor":0})") << qint64(0) << false << qint64(0);
    QTest::newRow("not an object") << QByteArray("[1,2]") << qint64(0) << false << qint64(0);
    QTest::newRow("not JSON") << QByteArray("<html>") << qint64(0) << false << qint64(0);
}

void TestExecutions::decoderChecksTheCursorAgainstTheText()
{
    QFETCH(QByteArray, body);
    QFETCH(qint64, asked);
    QFETCH(bool, ok);
    QFETCH(qint64, next);
    const auto result = ExecutionDecoder::logChunk(body, asked);
    QCOMPARE(result.ok(), ok);
    if (ok)
        QCOMPARE(result->nextCursor, next);
    else
        QCOMPARE(result.error().kind(), ApiError::Kind::Decode);
}

void TestExecutions::followerStopsAtAHostileReply_data()
{
    QTest::addColumn<QByteArray>("second");
    QTest::addColumn<QString>("expected");
    QTest::newRow("cursor backwards")
        << QByteArray(R"({"status":"running","logs":"","cursor":1})") << u"goes back"_s;
    QTest::newRow("logs not a string")
        << QByteArray(R"({"status":"running","logs":42,"cursor":6})") << u"not a string"_s;
    QTest::newRow("unknown status") << QByteArray(R"({"status":"weird","logs":"","cursor":6})")
                                    << u"not pending, running"_s;
    QTest::newRow("cursor too far") << QByteArray(R"({"status":"running","logs":"x","cursor":600})")
                                    << u"moved"_s;
}

void TestExecutions::followerStopsAtAHostileReply()
{
    QFETCH(QByteArray, second);
    QFETCH(QString, expected);
    HostileServer server;
    server.script({HostileServer::json(200, R"({"status":"running","logs":"hello\n","cursor":6})"),
                   HostileServer::json(200, second)});
    TransportConfig config;
    config.baseUrl = server.url();
    config.apiKey = u"sk-hostile-1"_s;
    config.requestsPerSecond = 0;
    HttpTransport transport(config);
    KlavisExecutionService service(&transport);
    ExecutionLogFollower follower(&service, u"sbx"_s, u"run-1"_s);
    follower.setBackoff(10, 20);
    QByteArray received;
    connect(&follower, &ExecutionLogFollower::text, this,
            [&](const QByteArray &bytes) { received += bytes; });
    follower.start();
    QVERIFY(waitFollower(&follower, 10000));
    QCOMPARE(follower.outcome(), ExecutionLogFollower::Outcome::Failed);
    QCOMPARE(received, QByteArray("hello\n"));
    QCOMPARE(follower.cursor(), qint64(6)); // not moved by the hostile reply
    QVERIFY2(follower.error().message().contains(expected), qPrintable(follower.error().message()));
    QCOMPARE(server.requests().size(), 2); // no loop: a reply that cannot be trusted is not asked again
}

void TestExecutions::followerGivesUpOnAGiganticReply()
{
    // Past the transport's cap for a logs reply: abandoned unread. Retried a bounded number of times (the cap
    // is a network-level refusal, like a cut), then the follower ends with the transport's sentence.
    const QByteArray gigantic =
        R"({"status":"running","cursor":9437190,"logs":")" + QByteArray(9 * 1024 * 1024 + 6, 'x') + R"("})";
    HostileServer server;
    server.script({HostileServer::json(200, gigantic)});
    TransportConfig config;
    config.baseUrl = server.url();
    config.apiKey = u"sk-hostile-2"_s;
    config.requestsPerSecond = 0;
    config.maxAttempts = 1;
    HttpTransport transport(config);
    KlavisExecutionService service(&transport);
    ExecutionLogFollower follower(&service, u"sbx"_s, u"run-1"_s);
    follower.setBackoff(10, 20);
    follower.setMaxFailures(3);
    qint64 received = 0;
    connect(&follower, &ExecutionLogFollower::text, this,
            [&](const QByteArray &bytes) { received += bytes.size(); });
    follower.start();
    QVERIFY(waitFollower(&follower, 20000));
    QCOMPARE(follower.outcome(), ExecutionLogFollower::Outcome::Failed);
    QCOMPARE(received, qint64(0));
    QCOMPARE(follower.cursor(), qint64(0));
    QVERIFY2(follower.error().message().contains(u"larger than"_s), qPrintable(follower.error().message()));
    QCOMPARE(server.requests().size(), 3);
}

void TestExecutions::folderWithoutMainPyIsRefusedBeforeAnyRequest()
{
    const QString folder = m_dir->filePath(u"no-main"_s);
    QVERIFY(TransferFiles::writeFile(folder + u"/script.py"_s, "print(1)\n"));
    const qsizetype before = EmulatorProbe(m_harness->emulator).apiRequests().size();
    std::unique_ptr<ExecutionJob> job(newJob(folder, u"no-main"_s));
    bool finished = false;
    connect(job.get(), &ExecutionJob::finished, this, [&] { finished = true; });
    job->start();
    QVERIFY(finished); // inside start()
    QCOMPARE(job->outcome(), ExecutionJob::Outcome::Error);
    QVERIFY2(job->errorText().contains(u"main.py"_s), qPrintable(job->errorText()));
    QCOMPARE(EmulatorProbe(m_harness->emulator).apiRequests().size(), before);
    QCOMPARE(EmulatorProbe(m_harness->emulator).objectStoreRequests().size(), 0);
}

void TestExecutions::hundredThousandLinesArriveWholeAcrossADropAndA429()
{
    const QByteArray expected = hundredThousandLines();
    std::unique_ptr<ExecutionJob> job(newJob(scriptFolder(hundredThousandScript), u"lines"_s));
    QByteArray received;
    int chunks = 0;
    connect(job.get(), &ExecutionJob::logText, this, [&](const QByteArray &bytes) {
        received += bytes;
        // After the first text, the next logs request meets a 429 and, once that is retried, the retry has
        // its connection cut in the middle of the reply: both must be asked again from the same cursor.
        if (++chunks == 1) {
            auto faults = EmulatorProbe(m_harness->emulator).faults();
            faults.rateLimitNextRequests = 1;
            faults.retryAfterSeconds = 1;
            m_harness->emulator->setFaults(faults);
            connect(job->follower(), &ExecutionLogFollower::retrying, this, [this] {
                if (m_proxy->drops() == 0)
                    m_proxy->dropNext("/execution-logs", 300);
            });
        }
    });
    job->start();
    QVERIFY(waitJob(job.get()));
    QCOMPARE(job->outcome(), ExecutionJob::Outcome::Completed);
    QCOMPARE(m_proxy->drops(), 1);
    QVERIFY(received.endsWith(expected));
    QCOMPARE(received.size(), expected.size());
    QCOMPARE(received, expected);
    ExecutionLogFollower *follower = job->follower();
    QCOMPARE(follower->bytes(), qint64(expected.size()));
    QCOMPARE(follower->lines(), qint64(100'000));
    QCOMPARE(follower->cursor(), qint64(expected.size()));
    QVERIFY2(follower->retries() >= 2, qPrintable(QString::number(follower->retries())));
    QVERIFY(job->archiveFacts().sha256.size() == 64);
    qInfo("%lld bytes in %d polls, %d retries", follower->bytes(), follower->polls(), follower->retries());
}

void TestExecutions::failingScriptEndsFailedWithItsTraceback()
{
    std::unique_ptr<ExecutionJob> job(
        newJob(scriptFolder("print('before the error')\nraise ValueError('deliberate')\n"), u"failing"_s));
    QByteArray received;
    connect(job.get(), &ExecutionJob::logText, this, [&](const QByteArray &bytes) { received += bytes; });
    job->start();
    QVERIFY(waitJob(job.get()));
    QCOMPARE(job->outcome(), ExecutionJob::Outcome::Failed);
    QCOMPARE(job->finalStatus(), ExecutionStatus::Failed);
    QVERIFY2(received.contains("before the error\n"), received.constData());
    QVERIFY2(received.contains("Traceback"), received.constData());
    QVERIFY2(received.contains("ValueError: deliberate"), received.constData());
}

void TestExecutions::artifactsExtractAsTheScriptWroteThem()
{
    const QByteArray script = "import os\n"
                              "os.makedirs('out/deep', exist_ok=True)\n"
                              "open('out/result.txt', 'w').write('forty-two\\n')\n"
                              "open('out/deep/data.bin', 'wb').write(bytes(range(256)) * 40)\n"
                              "print('wrote')\n";
    const QString target = m_dir->filePath(u"artifacts"_s);
    std::unique_ptr<ExecutionJob> job(newJob(scriptFolder(script), u"artifacts"_s));
    job->setArtifactsFolder(target);
    job->start();
    QVERIFY(waitJob(job.get()));
    QCOMPARE(job->outcome(), ExecutionJob::Outcome::Completed);
    QVERIFY2(job->errorText().isEmpty(), qPrintable(job->errorText()));
    QByteArray data;
    for (int i = 0; i < 40; ++i)
        for (int b = 0; b < 256; ++b)
            data.append(char(b));
    QFile result(target + u"/out/result.txt"_s);
    QVERIFY(result.open(QIODevice::ReadOnly));
    QCOMPARE(result.readAll(), QByteArray("forty-two\n"));
    QFile binary(target + u"/out/deep/data.bin"_s);
    QVERIFY(binary.open(QIODevice::ReadOnly));
    QCOMPARE(binary.readAll(), data);
    QFile main(target + u"/main.py"_s);
    QVERIFY(main.open(QIODevice::ReadOnly));
    QCOMPARE(main.readAll(), script);
    QVERIFY(job->artifactsLeftOut().isEmpty());
}

void TestExecutions::cancelWhileFollowingLeavesTheExecutionRunning()
{
    std::unique_ptr<ExecutionJob> job(
        newJob(scriptFolder("import time\nprint('started', flush=True)\ntime.sleep(30)\n"), u"sleeper"_s));
    connect(job.get(), &ExecutionJob::logText, this, [&](const QByteArray &) { job->cancel(); });
    job->start();
    QVERIFY(waitJob(job.get()));
    QCOMPARE(job->outcome(), ExecutionJob::Outcome::StoppedFollowing);
    QVERIFY(job->executionStarted());

    std::optional<ApiResult<ExecutionStatus>> status;
    m_service->status(m_sandbox, u"sleeper"_s, this,
                      [&](const ApiResult<ExecutionStatus> &result) { status.emplace(result); });
    QTRY_VERIFY(status.has_value());
    QVERIFY2(status->ok(), qPrintable(status->error().fullText()));
    QCOMPARE(status->value(), ExecutionStatus::Running);
}

void TestExecutions::followerStartsFromAGivenCursor()
{
    std::unique_ptr<ExecutionJob> job(
        newJob(scriptFolder("print('first line')\nprint('second line')\n"), u"two"_s));
    job->start();
    QVERIFY(waitJob(job.get()));
    QCOMPARE(job->outcome(), ExecutionJob::Outcome::Completed);
    const qint64 whole = job->follower()->cursor();

    ExecutionLogFollower follower(m_service.get(), m_sandbox, u"two"_s);
    follower.setBackoff(10, 50);
    QByteArray received;
    connect(&follower, &ExecutionLogFollower::text, this,
            [&](const QByteArray &bytes) { received += bytes; });
    follower.start(whole - qint64(sizeof("second line\n") - 1));
    QVERIFY(waitFollower(&follower));
    QCOMPARE(follower.outcome(), ExecutionLogFollower::Outcome::Ended);
    QCOMPARE(received, QByteArray("second line\n"));
}

QTEST_GUILESS_MAIN(TestExecutions)
#include "tst_executions.moc"
