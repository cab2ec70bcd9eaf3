// A size limit the server states: the emulator says it in the upload-url reply and enforces it in its
// store as S3 does; the client refuses before the PUT, in human units, and does not offer a retry.
#include "api/klavisdecoder.h"
#include "transferharness.h"
#include "workspace/bytesize.h"
#include "workspace/uploadjob.h"

#include <QLocale>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

class TestUploadLimit : public QObject
{
    Q_OBJECT

private slots:
    void theLimitIsReadTolerantly_data()
    {
        QTest::addColumn<QByteArray>("field");
        QTest::addColumn<qint64>("limit");
        QTest::newRow("absent") << QByteArray() << qint64(-1);
        QTest::newRow("null") << QByteArray(",\"max_upload_bytes\":null") << qint64(-1);
        QTest::newRow("a string") << QByteArray(",\"max_upload_bytes\":\"5 GB\"") << qint64(-1);
        QTest::newRow("negative") << QByteArray(",\"max_upload_bytes\":-3") << qint64(-1);
        QTest::newRow("fractional") << QByteArray(",\"max_upload_bytes\":1.5") << qint64(-1);
        QTest::newRow("zero") << QByteArray(",\"max_upload_bytes\":0") << qint64(0);
        QTest::newRow("5 GiB") << QByteArray(",\"max_upload_bytes\":5368709120") << qint64(5368709120);
    }

    void theLimitIsReadTolerantly()
    {
        QFETCH(QByteArray, field);
        QFETCH(qint64, limit);
        const QByteArray body =
            "{\"upload_url\":\"https://store.example/u?sig=1\",\"expires_in_minutes\":30" + field + '}';
        const auto decoded = KlavisDecoder::signedUrl(body, u"upload_url"_s);
        QVERIFY(decoded);
        QCOMPARE(decoded.value().maxUploadBytes, limit);
    }

    void anUploadOverTheStatedLimitIsRefusedBeforeThePut()
    {
        QTemporaryDir work;
        QVERIFY(work.isValid());
        // Random bytes: gzip cannot shrink them under the limit.
        QByteArray random(200'000, Qt::Uninitialized);
        QRandomGenerator(7).fillRange(reinterpret_cast<quint32 *>(random.data()), random.size() / 4);
        TransferFiles::writeFile(work.filePath(u"tree/big.bin"_s), random);

        TransferHarness harness;
        harness.emulator->setMaxUploadBytes(100'000);
        UploadJob job(harness.service.get(), harness.network.get(), harness.freshSandbox(), u"us"_s,
                      {work.filePath(u"tree"_s)});
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job));
        QCOMPARE(job.state(), TransferJob::State::Failed);
        QCOMPARE(harness.storeRequests("PUT").size(), 0); // not one byte went up
        const QString limit = ByteSize::text(100'000);
        QVERIFY2(job.errorText().contains(u"at most "_s + limit), qPrintable(job.errorText()));
        QVERIFY2(job.errorText().contains(u"the archive is "_s), qPrintable(job.errorText()));
        QCOMPARE(job.failureKind(), TransferJob::FailureKind::Policy);
        QVERIFY(!job.canRetry());
    }

    void anUploadWithinTheLimitGoesThrough()
    {
        QTemporaryDir work;
        TransferFiles::writeFile(work.filePath(u"tree/small.txt"_s), "hello\n");
        TransferHarness harness;
        harness.emulator->setMaxUploadBytes(100'000);
        UploadJob job(harness.service.get(), harness.network.get(), harness.freshSandbox(), u"us"_s,
                      {work.filePath(u"tree"_s)});
        job.start();
        QVERIFY(TransferHarness::waitFinished(&job));
        QVERIFY2(job.state() == TransferJob::State::Done, qPrintable(job.errorText()));
    }

    void theStoreRefusesABodyOverTheLimitAsS3Does()
    {
        // A client that ignores the stated limit: the store still says no, with both sizes.
        TransferHarness harness;
        harness.emulator->setMaxUploadBytes(1000);
        const QString sandbox = harness.freshSandbox();
        SignedUrl url;
        bool answered = false;
        harness.service->uploadUrl(sandbox, u"us"_s, this, [&](const ApiResult<SignedUrl> &result) {
            answered = true;
            if (result)
                url = result.value();
        });
        QVERIFY(QTest::qWaitFor([&] { return answered; }, 10000));
        QCOMPARE(url.maxUploadBytes, 1000);
        QNetworkRequest request(url.url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/gzip"));
        std::unique_ptr<QNetworkReply> reply(harness.network->put(request, QByteArray(5000, 'x')));
        QVERIFY(TransferHarness::waitUntil(
            reply.get(), &QNetworkReply::finished, [&] { return reply->isFinished(); }, 10000));
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 400);
        const QByteArray body = reply->readAll();
        QVERIFY2(body.contains("<Code>EntityTooLarge</Code>"), body.constData());
        QVERIFY2(body.contains("<MaxSizeAllowed>1000</MaxSizeAllowed>"), body.constData());
        QVERIFY2(body.contains("<ProposedSize>5000</ProposedSize>"), body.constData());
        // Nothing was stored: initialize finds no archive.
        QCOMPARE(harness.storeRequests("PUT").size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestUploadLimit)
#include "tst_uploadlimit.moc"
