// The object store on the second origin: signed PUT and GET, initialize from an upload, dump with Range, and
// the download-cut fault.

#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "tarbuilder.h"
#include "testclient.h"

#include <QTest>
#include <QUrlQuery>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestEmulatorStore final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<TestClient> m_client;
    QString m_id; // the seeded local sandbox with a workspace

    QUrl uploadUrl(const QString &region = u"us"_s)
    {
        const Answer answer =
            m_client->api("POST", u"/local-sandbox/%1/upload-url?region=%2"_s.arg(m_id, region));
        if (answer.status != 200)
            return {};
        return QUrl(answer.object()[u"upload_url"_s].toString(), QUrl::StrictMode);
    }

    QUrl dumpUrl()
    {
        const Answer answer = m_client->api("GET", u"/local-sandbox/%1/dump"_s.arg(m_id));
        return QUrl(answer.object()[u"download_url"_s].toString(), QUrl::StrictMode);
    }

    Answer put(const QUrl &url, const QByteArray &data, const QByteArray &contentType = "application/gzip")
    {
        return m_client->send("PUT", url, data, {{"Content-Type", contentType}});
    }

    Answer initialize(const QString &region = u"us"_s)
    {
        return m_client->api("POST", u"/local-sandbox/%1/initialize?region=%2"_s.arg(m_id, region));
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        m_server->recordRequests();
        QVERIFY(m_server->listen());
        m_client = std::make_unique<TestClient>(m_server->apiBaseUrl());
        m_id = EmulatorProbe(m_server).localSandboxIds().constFirst();
    }

    void cleanup()
    {
        m_client.reset();
        m_server.reset();
    }

    void uploadUrlShape()
    {
        const Answer answer = m_client->api("POST", u"/local-sandbox/%1/upload-url?region=asia"_s.arg(m_id));
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.object()[u"expires_in_minutes"_s].toInt(), 30);
        const QUrl url(answer.object()[u"upload_url"_s].toString(), QUrl::StrictMode);
        QCOMPARE(url.port(), int(m_server->objectStorePort()));
        QVERIFY(url.path().startsWith(u"/klavis-asia/uploads/%1/"_s.arg(m_id)));
        QVERIFY(url.path().endsWith(u".tar.gz"_s));
        const QUrlQuery query(url);
        QCOMPARE(query.queryItemValue(u"X-Goog-Expires"_s), u"1800"_s);
        QCOMPARE(query.queryItemValue(u"X-Goog-SignedHeaders"_s), u"content-type;host"_s);
        QCOMPARE(query.queryItemValue(u"X-Goog-Signature"_s).size(), 64);
    }

    void maxWorkspaceBytesRefusesABiggerUpload()
    {
        m_server->setMaxWorkspaceBytes(1000);
        QCOMPARE(
            put(uploadUrl(), makeTar({{u"./big.bin"_s, TarEntry::File, QByteArray(2000, 'x'), {}}})).status,
            200);
        const Answer refused = initialize();
        QCOMPARE(refused.status, 400);
        QVERIFY2(refused.detail().contains(u"more than 1000 bytes"_s), qPrintable(refused.detail()));
        m_server->setMaxWorkspaceBytes(4000);
        QCOMPARE(initialize().status, 200);
        QVERIFY(EmulatorProbe(m_server).workspacePaths(m_id).contains(u"big.bin"_s));
    }

    void aBodyOverTheStatedLimitIsRefusedAsS3Does()
    {
        // A client that ignores the stated limit: the store still says no, with both sizes.
        m_server->setMaxUploadBytes(1000);
        const Answer stated = m_client->api("POST", u"/local-sandbox/%1/upload-url?region=us"_s.arg(m_id));
        QCOMPARE(stated.status, 200);
        QCOMPARE(stated.object()[u"max_upload_bytes"_s].toInteger(), 1000);
        const Answer refused = put(uploadUrl(), QByteArray(5000, 'x'));
        QCOMPARE(refused.status, 400);
        QVERIFY2(refused.body.contains("<Code>EntityTooLarge</Code>"), refused.body.constData());
        QVERIFY2(refused.body.contains("<MaxSizeAllowed>1000</MaxSizeAllowed>"), refused.body.constData());
        QVERIFY2(refused.body.contains("<ProposedSize>5000</ProposedSize>"), refused.body.constData());
        // Nothing was stored: initialize finds no archive.
        QCOMPARE(initialize().status, 400);
    }

    void signedPutAndInitialize()
    {
        const QByteArray archive = makeTar({{u"./hello.txt"_s, TarEntry::File, "hi\n", {}},
                                            {u"./dir"_s, TarEntry::Directory, {}, {}},
                                            {u"./dir/inner.txt"_s, TarEntry::File, "inner", {}},
                                            {u"./dir/link"_s, TarEntry::Symlink, {}, u"inner.txt"_s}});
        QCOMPARE(initialize().status, 400); // nothing uploaded yet
        const Answer stored = put(uploadUrl(), archive);
        QCOMPARE(stored.status, 200);
        const Emulator::RecordedRequest recorded = EmulatorProbe(m_server).objectStoreRequests().constLast();
        QCOMPARE(recorded.method, QByteArray("PUT"));
        QCOMPARE(recorded.header("Content-Type"), QByteArray("application/gzip"));
        QVERIFY(!recorded.hasHeader("Authorization"));
        QCOMPARE(recorded.bodySize, archive.size());

        QCOMPARE(initialize(u"asia"_s).status, 400); // uploaded to us, not asia
        const Answer done = initialize();
        QCOMPARE(done.status, 200);
        QCOMPARE(done.object()[u"sandbox_id"_s].toString(), m_id);
        QCOMPARE(done.object()[u"status"_s].toString(), u"occupied"_s);
        QCOMPARE(done.object()[u"message"_s].toString(), u"Extracted archive from GCS to workspace"_s);
        const QStringList paths = EmulatorProbe(m_server).workspacePaths(m_id);
        QVERIFY(paths.contains(u"hello.txt"_s));
        QVERIFY(paths.contains(u"dir/link"_s));
        QVERIFY(paths.contains(u"README.md"_s)); // unpacked on top of what was there
        QCOMPARE(EmulatorProbe(m_server).workspaceFile(m_id, u"dir/inner.txt"_s), QByteArray("inner"));
    }

    void wrongContentType()
    {
        const Answer answer = put(uploadUrl(), makeTar({}), "application/octet-stream");
        QCOMPARE(answer.status, 403);
        QVERIFY(answer.body.startsWith(
            "<?xml version='1.0' encoding='UTF-8'?><Error><Code>SignatureDoesNotMatch"));
        QVERIFY(answer.body.contains("<Message>"));
    }

    void tamperedOrUnsigned()
    {
        QUrl url = uploadUrl();
        QUrl otherPath = url;
        otherPath.setPath(url.path().replace(u".tar.gz"_s, u"x.tar.gz"_s));
        QCOMPARE(put(otherPath, makeTar({})).status, 403);
        QCOMPARE(m_client->send("GET", url).status, 403); // signed for PUT only
        QUrl bare = url;
        bare.setQuery(QString());
        const Answer unsigned_ = put(bare, makeTar({}));
        QCOMPARE(unsigned_.status, 403);
        QVERIFY(unsigned_.body.contains("<Code>AccessDenied</Code>"));
    }

    void expiredUrls()
    {
        Emulator::FaultSettings faults;
        faults.expireNextUrls = 1;
        m_server->setFaults(faults);
        const Answer expired = put(uploadUrl(), makeTar({}));
        QCOMPARE(expired.status, 400);
        QVERIFY(expired.body.contains("<Code>ExpiredToken</Code>"));
        QCOMPARE(EmulatorProbe(m_server).faults().expireNextUrls, 0);
        QCOMPARE(put(uploadUrl(), makeTar({})).status, 200); // the next one is fresh again

        faults = {};
        faults.expiredUrls = true;
        m_server->setFaults(faults);
        QCOMPARE(put(uploadUrl(), makeTar({})).status, 400);
        QCOMPARE(m_client->send("GET", dumpUrl()).status, 400);
    }

    void hostileArchivesRejected_data()
    {
        QTest::addColumn<QByteArray>("archive");
        QTest::addColumn<QString>("reason");
        QTest::newRow("dot-dot") << makeTar({{u"../evil.txt"_s, TarEntry::File, "x", {}}}) << u".."_s;
        QTest::newRow("absolute") << makeTar({{u"/etc/evil"_s, TarEntry::File, "x", {}}}) << u"absolute"_s;
        QTest::newRow("escaping link")
            << makeTar({{u"up"_s, TarEntry::Symlink, {}, u"../../etc/passwd"_s}}) << u"outside"_s;
        QTest::newRow("through link")
            << makeTar({{u"l"_s, TarEntry::Symlink, {}, u"."_s}, {u"l/x.txt"_s, TarEntry::File, "x", {}}})
            << u"symbolic link"_s;
        QTest::newRow("fifo") << makeTar({{u"pipe"_s, TarEntry::Fifo, {}, {}}}) << u"neither"_s;
        QTest::newRow("hard link") << makeTar({{u"a"_s, TarEntry::File, "x", {}},
                                               {u"b"_s, TarEntry::Hardlink, {}, u"a"_s}})
                                   << u"hard link"_s;
        QTest::newRow("plain tar") << makeTar({{u"a"_s, TarEntry::File, "x", {}}}, false) << u"gzip"_s;
        QTest::newRow("garbage") << QByteArray("definitely not an archive") << u"tar"_s;
    }

    void hostileArchivesRejected()
    {
        QFETCH(QByteArray, archive);
        QFETCH(QString, reason);
        const QStringList before = EmulatorProbe(m_server).workspacePaths(m_id);
        QCOMPARE(put(uploadUrl(), archive).status, 200);
        const Answer answer = initialize();
        QCOMPARE(answer.status, 400);
        QVERIFY2(answer.detail().contains(reason), qPrintable(answer.detail()));
        QCOMPARE(EmulatorProbe(m_server).workspacePaths(m_id), before); // nothing half-extracted
    }

    void dumpWithRange()
    {
        const QUrl url = dumpUrl();
        QCOMPARE(url.port(), int(m_server->objectStorePort()));
        const Answer whole = m_client->send("GET", url, {}, {{"Accept-Encoding", "identity"}});
        QCOMPARE(whole.status, 200);
        QCOMPARE(whole.header("Content-Length").toLongLong(), whole.body.size());
        QVERIFY(whole.body.startsWith("\x1f\x8b")); // gzip

        const Answer tail = m_client->send("GET", url, {}, {{"Range", "bytes=100-"}});
        QCOMPARE(tail.status, 206);
        QCOMPARE(tail.body, whole.body.mid(100));
        QCOMPARE(tail.header("Content-Range"), "bytes 100-" + QByteArray::number(whole.body.size() - 1) +
                                                   '/' + QByteArray::number(whole.body.size()));
        const Answer beyond = m_client->send(
            "GET", url, {}, {{"Range", "bytes=" + QByteArray::number(whole.body.size()) + '-'}});
        QCOMPARE(beyond.status, 416);
        QCOMPARE(beyond.header("Content-Range"), "bytes */" + QByteArray::number(whole.body.size()));

        // The dump unpacks into what the workspace holds, with paths under "./".
        Emulator::EmulatorServer other(nullptr, 42);
        QVERIFY(other.listen());
        TestClient otherClient(other.apiBaseUrl());
        const QString otherId = EmulatorProbe(other).localSandboxIds().at(1);
        const QUrl upload(otherClient.api("POST", u"/local-sandbox/%1/upload-url"_s.arg(otherId))
                              .object()[u"upload_url"_s]
                              .toString(),
                          QUrl::StrictMode);
        QCOMPARE(otherClient.send("PUT", upload, whole.body, {{"Content-Type", "application/gzip"}}).status,
                 200);
        QCOMPARE(otherClient.api("POST", u"/local-sandbox/%1/initialize"_s.arg(otherId)).status, 200);
        QCOMPARE(EmulatorProbe(other).workspacePaths(otherId), EmulatorProbe(m_server).workspacePaths(m_id));
        QCOMPARE(EmulatorProbe(other).workspaceFile(otherId, u"notes/\u00c4\u00d6.txt"_s),
                 EmulatorProbe(m_server).workspaceFile(m_id, u"notes/\u00c4\u00d6.txt"_s));
    }

    void droppedDownload()
    {
        const QUrl url = dumpUrl();
        const qint64 size = m_client->send("GET", url).body.size();
        QVERIFY(size > 200);
        Emulator::FaultSettings faults;
        faults.dropDownloadAfterBytes = 100;
        faults.dropDownloadTimes = 1;
        m_server->setFaults(faults);
        const Answer cut = m_client->send("GET", url);
        QVERIFY(cut.error != QNetworkReply::NoError);
        QVERIFY(cut.body.size() <= 100);
        QCOMPARE(EmulatorProbe(m_server).faults().dropDownloadTimes, 0);
        const Answer resumed = m_client->send("GET", url, {}, {{"Range", "bytes=100-"}});
        QCOMPARE(resumed.status, 206);
        QCOMPARE(resumed.body.size(), size - 100);
    }
};

QTEST_GUILESS_MAIN(TestEmulatorStore)
#include "tst_emulatorstore.moc"
