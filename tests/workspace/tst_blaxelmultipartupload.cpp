// BlaxelSandboxFiles::putFile of a file over the multipart threshold, against the emulator over loopback
// HTTP: the file goes in parts (BlaxelMultipartUpload) and arrives whole; a part the connection lost or the
// sandbox failed is sent again, not the file; a cancel or a refusal leaves no upload open in the sandbox; a
// hostile answer is not followed.

#include "api/blaxelmultipartupload.h"
#include "api/blaxelsandboxcall.h"
#include "blaxelworkspacefixture.h"
#include "emulatorprobe.h"

#include <QNetworkReply>
#include <QPointer>

#include <algorithm>
#include <optional>

class TestBlaxelMultipartUpload : public QObject, private BlaxelWorkspaceFixture
{
    Q_OBJECT

private:
    static constexpr qint64 partBytes = 50'001;

    QByteArray m_bytes;
    QTemporaryDir m_local;

    QString localFile() const { return m_local.filePath(u"large.bin"_s); }

    QList<Emulator::RecordedRequest> requestsTo(const QString &fragment) const
    {
        QList<Emulator::RecordedRequest> found;
        for (const auto &request : EmulatorProbe(m_server).apiRequests())
            if (request.path.contains(fragment))
                found.append(request);
        return found;
    }
    int openUploads() const
    {
        const auto answer = m_blaxel->sandbox("GET", m_blaxel->url(m_name), u"/filesystem-multipart"_s);
        return answer.status == 200 ? int(answer.object()[u"uploads"_s].toArray().size()) : -1;
    }
    QByteArray landed(const QString &relative) const
    {
        QFile file(workingDir() + u'/' + relative);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private Q_SLOTS:
    void initTestCase()
    {
        setUpOnce();
        // Six parts, the last a short one; bytes that differ from part to part, so an order mixed up shows.
        for (int i = 0; i < 300'000; ++i)
            m_bytes.append(char((qint64(i) * 7919 + i / 1000) % 251));
        QVERIFY(writeFile(localFile(), m_bytes));
    }
    void init()
    {
        setUpSandbox();
        BlaxelSandboxFiles::Limits limits = m_files->limits();
        limits.multipartThresholdBytes = 100'000;
        limits.multipartPartBytes = partBytes;
        m_files->setLimits(limits);
    }
    void cleanup() { tearDownSandbox(); }

    void aLargeFileGoesInPartsAndArrivesWhole()
    {
        std::optional<ApiResult<qint64>> put;
        QList<qint64> progress;
        BlaxelSandboxCall *call = m_files->putFile(localFile(), u"data/large.bin"_s, this,
                                                   [&](const ApiResult<qint64> &r) { put = r; });
        // The replies of parts sent (each holding its part) do not pile up on the call while it goes on.
        qsizetype mostReplies = 0;
        connect(call, &BlaxelSandboxCall::progress, this, [&](qint64 done, qint64 total) {
            QCOMPARE(total, qint64(m_bytes.size()));
            progress.append(done);
            mostReplies = std::max(mostReplies, call->findChildren<QNetworkReply *>().size());
        });
        QVERIFY(wait(put).has_value());
        QVERIFY2(mostReplies <= 2, qPrintable(u"%1 replies held at once"_s.arg(mostReplies)));
        QVERIFY2(put->ok(), qPrintable(put->error().fullText()));
        QCOMPARE(put->value(), qint64(m_bytes.size()));
        QCOMPARE(landed(u"data/large.bin"_s), m_bytes);
        // Initiate, six parts numbered 1 to 6, complete; never the whole file in one PUT.
        QCOMPARE(requestsTo(u"/filesystem-multipart/initiate/"_s).size(), 1);
        const auto parts = requestsTo(u"/part"_s);
        QCOMPARE(parts.size(), 6);
        for (int i = 0; i < parts.size(); ++i)
            QCOMPARE(parts.at(i).query, u"partNumber=%1"_s.arg(i + 1));
        QVERIFY(parts.at(5).bodySize < parts.at(0).bodySize);
        QCOMPARE(requestsTo(u"/complete"_s).size(), 1);
        QVERIFY(requestsTo(u"/filesystem/"_s).isEmpty());
        QCOMPARE(openUploads(), 0);
        // Progress only goes forward, to the whole file.
        QVERIFY(!progress.isEmpty());
        QVERIFY(std::is_sorted(progress.cbegin(), progress.cend()));
        QCOMPARE(progress.constLast(), qint64(m_bytes.size()));

        // Small files still go in one PUT.
        EmulatorProbe(m_server).clearRecordedRequests();
        QVERIFY(writeFile(m_local.filePath(u"small.bin"_s), m_bytes.left(1000)));
        std::optional<ApiResult<qint64>> small;
        m_files->putFile(m_local.filePath(u"small.bin"_s), u"data/small.bin"_s, this,
                         [&](const ApiResult<qint64> &r) { small = r; });
        QVERIFY(wait(small).has_value() && small->ok());
        QVERIFY(requestsTo(u"/filesystem-multipart"_s).isEmpty());
        QCOMPARE(landed(u"data/small.bin"_s), m_bytes.left(1000));
    }

    void aLostPartIsSentAgainNotTheFile_data()
    {
        QTest::addColumn<bool>("cut");
        QTest::newRow("its answer cut halfway") << true;
        QTest::newRow("answered 500") << false;
    }
    void aLostPartIsSentAgainNotTheFile()
    {
        QFETCH(bool, cut);
        Emulator::FaultSettings faults;
        faults.onlyPath = u"/part"_s;
        if (cut) {
            faults.dropNextReplies = 1;
        } else {
            faults.failNextRequests = 1;
            faults.failStatus = 500;
        }
        m_server->setFaults(faults);
        std::optional<ApiResult<qint64>> put;
        QList<qint64> progress;
        BlaxelSandboxCall *call = m_files->putFile(localFile(), u"resumed.bin"_s, this,
                                                   [&](const ApiResult<qint64> &r) { put = r; });
        connect(call, &BlaxelSandboxCall::progress, this,
                [&](qint64 done, qint64) { progress.append(done); });
        QVERIFY(wait(put).has_value());
        QVERIFY2(put->ok(), qPrintable(put->error().fullText()));
        QCOMPARE(landed(u"resumed.bin"_s), m_bytes);
        // Six parts and the first once more; one initiate, one complete.
        const auto parts = requestsTo(u"/part"_s);
        QCOMPARE(parts.size(), 7);
        QCOMPARE(parts.at(0).query, u"partNumber=1"_s);
        QCOMPARE(parts.at(1).query, u"partNumber=1"_s);
        QCOMPARE(requestsTo(u"/filesystem-multipart/initiate/"_s).size(), 1);
        QCOMPARE(requestsTo(u"/complete"_s).size(), 1);
        QCOMPARE(openUploads(), 0);
        // The progress of the part sent again goes back to that part's start, not to the file's.
        QVERIFY(!std::is_sorted(progress.cbegin(), progress.cend()));
        QCOMPARE(progress.constLast(), qint64(m_bytes.size()));
    }

    void aPartThatKeepsFailingFailsTheUploadAndAbortsIt()
    {
        Emulator::FaultSettings faults;
        faults.onlyPath = u"/part"_s;
        faults.failNextRequests = 100;
        faults.failStatus = 503;
        m_server->setFaults(faults);
        std::optional<ApiResult<qint64>> put;
        m_files->putFile(localFile(), u"failed.bin"_s, this, [&](const ApiResult<qint64> &r) { put = r; });
        QVERIFY(wait(put).has_value());
        QVERIFY(!put->ok());
        QCOMPARE(put->error().httpStatus(), 503);
        // The first part, and maxResumes more attempts of it; then the upload is aborted, nothing written.
        QCOMPARE(requestsTo(u"/part"_s).size(), 1 + m_files->limits().maxResumes);
        m_server->setFaults({});
        QTRY_COMPARE_WITH_TIMEOUT(requestsTo(u"/abort"_s).size(), 1, 5000);
        QCOMPARE(openUploads(), 0);
        QVERIFY(!QFileInfo::exists(workingDir() + u"/failed.bin"_s));

        // A refusal of the sandbox (4xx) is not sent again.
        EmulatorProbe(m_server).clearRecordedRequests();
        Emulator::FaultSettings refused;
        refused.onlyPath = u"/part"_s;
        refused.failNextRequests = 1;
        refused.failStatus = 413;
        std::optional<ApiResult<qint64>> again;
        m_server->setFaults(refused);
        m_files->putFile(localFile(), u"failed.bin"_s, this, [&](const ApiResult<qint64> &r) { again = r; });
        QVERIFY(wait(again).has_value());
        QVERIFY(!again->ok());
        QCOMPARE(requestsTo(u"/part"_s).size(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(openUploads(), 0, 5000);
    }

    void aCancelStopsItAndLeavesNoUploadOpen()
    {
        Emulator::FaultSettings slow;
        slow.latencyMs = 150;
        m_server->setFaults(slow);
        std::optional<ApiResult<qint64>> put;
        QPointer<BlaxelSandboxCall> call = m_files->putFile(localFile(), u"cancelled.bin"_s, this,
                                                            [&](const ApiResult<qint64> &r) { put = r; });
        QTRY_VERIFY_WITH_TIMEOUT(!requestsTo(u"/part"_s).isEmpty(), 10000);
        call->abort();
        QVERIFY(put.has_value());
        QCOMPARE(put->error().kind(), ApiError::Kind::Cancelled);
        QTRY_COMPARE_WITH_TIMEOUT(requestsTo(u"/abort"_s).size(), 1, 5000);
        const qsizetype partsThen = requestsTo(u"/part"_s).size();
        QTRY_COMPARE_WITH_TIMEOUT(openUploads(), 0, 5000);
        // Nothing more happens: no part after the cancel, no complete, no file.
        QTest::qWait(400);
        QCOMPARE(requestsTo(u"/part"_s).size(), partsThen);
        QVERIFY(requestsTo(u"/complete"_s).isEmpty());
        QVERIFY(!QFileInfo::exists(workingDir() + u"/cancelled.bin"_s));

        // Its caller gone mid-way, the same.
        EmulatorProbe(m_server).clearRecordedRequests();
        bool answered = false;
        {
            QObject context;
            m_files->putFile(localFile(), u"orphan.bin"_s, &context,
                             [&](const ApiResult<qint64> &) { answered = true; });
            QTRY_VERIFY_WITH_TIMEOUT(!requestsTo(u"/part"_s).isEmpty(), 10000);
        }
        QTRY_COMPARE_WITH_TIMEOUT(requestsTo(u"/abort"_s).size(), 1, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(openUploads(), 0, 5000);
        QVERIFY(!answered);
    }

    void anUploadIdThatCouldChangeTheUrlIsRefused()
    {
        QVERIFY(!BlaxelMultipartUpload::uploadIdOf(R"({"uploadId":"550e8400-e29b-41d4-a716-446655440000"})")
                     .isEmpty());
        for (const QByteArray &hostile :
             {QByteArray(R"({"uploadId":"../../process"})"), QByteArray(R"({"uploadId":"a/b"})"),
              QByteArray(R"({"uploadId":"a?b=c"})"), QByteArray(R"({"uploadId":""})"),
              QByteArray(R"({"uploadId":7})"), QByteArray(R"({"uploadId":"x\u0000y"})"),
              QByteArray("not json"),
              QByteArray(QByteArray(R"({"uploadId":")") + QByteArray(200, 'a') + "\"}")})
            QVERIFY2(BlaxelMultipartUpload::uploadIdOf(hostile).isEmpty(), hostile.constData());
    }

    void aPartIsConfirmedOnlyAsItWasSent()
    {
        const QByteArray md5 = "5d41402abc4b2a76b9719d911017c592";
        QVERIFY(BlaxelMultipartUpload::confirms(
            R"({"partNumber":3,"etag":"5d41402abc4b2a76b9719d911017c592","size":5})", 3, 5, md5));
        // Go's hex is lower case; an upper-case one is the same checksum.
        QVERIFY(BlaxelMultipartUpload::confirms(
            R"({"partNumber":3,"etag":"5D41402ABC4B2A76B9719D911017C592","size":5})", 3, 5, md5));
        for (const QByteArray &other :
             {QByteArray(R"({"partNumber":2,"etag":"5d41402abc4b2a76b9719d911017c592","size":5})"),
              QByteArray(R"({"partNumber":3,"etag":"5d41402abc4b2a76b9719d911017c593","size":5})"),
              QByteArray(R"({"partNumber":3,"etag":"5d41402abc4b2a76b9719d911017c592","size":4})"),
              QByteArray(R"({"partNumber":3,"size":5})"),
              QByteArray(R"({"partNumber":"3","etag":"x","size":5})"), QByteArray("[]"), QByteArray()})
            QVERIFY2(!BlaxelMultipartUpload::confirms(other, 3, 5, md5), other.constData());
    }
};

QTEST_GUILESS_MAIN(TestBlaxelMultipartUpload)
#include "tst_blaxelmultipartupload.moc"
