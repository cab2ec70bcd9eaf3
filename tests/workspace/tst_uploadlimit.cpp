// A size limit the server states in the upload-url reply (read by tst_klavisdecoder, enforced by the
// emulator's store in tst_emulatorstore): the client refuses before the PUT, in human units, and does not
// offer a retry.
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
};

QTEST_GUILESS_MAIN(TestUploadLimit)
#include "tst_uploadlimit.moc"
