// A Blaxel sandbox's multipart upload in the emulator (/filesystem-multipart, as blaxel-ai/sandbox's
// sandbox-api answers it): parts in any order make the file in part order, etags are the parts' MD5, and what
// is refused is refused before anything is written. @blaxel/core's own use of it is in blaxel_sdk.mjs.

#include "blaxelsandboxfixture.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestBlaxelMultipart final : public QObject, private BlaxelSandboxFixture
{
    Q_OBJECT

private:
    QString initiate(const QString &rest, const QByteArray &body = {})
    {
        const Answer answer = m_blaxel->sandbox("POST", m_url, u"/filesystem-multipart/initiate/"_s + rest,
                                                body, {{"Content-Type", "application/json"}});
        if (answer.status != 200)
            return {};
        return answer.object()[u"uploadId"_s].toString();
    }
    Answer putPart(const QString &id, const QString &number, const QByteArray &bytes)
    {
        return m_blaxel->sandbox("PUT", m_url,
                                 u"/filesystem-multipart/%1/part?partNumber=%2"_s.arg(id, number),
                                 form({{"file", "blob", bytes}}), formType());
    }
    Answer completeWith(const QString &id, const QJsonArray &parts)
    {
        return m_blaxel->sandbox("POST", m_url, u"/filesystem-multipart/%1/complete"_s.arg(id),
                                 json({{u"parts"_s, parts}}), {{"Content-Type", "application/json"}});
    }
    static QString md5(const QByteArray &bytes)
    {
        return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Md5).toHex());
    }
    static QJsonObject listed(int number, const QString &etag)
    {
        return {{u"partNumber"_s, number}, {u"etag"_s, etag}};
    }
    int openUploads()
    {
        return int(m_blaxel->sandbox("GET", m_url, u"/filesystem-multipart"_s)
                       .object()[u"uploads"_s]
                       .toArray()
                       .size());
    }

private Q_SLOTS:
    void init() { startSandbox(); }
    void cleanup() { stopSandbox(); }

    void partsInAnyOrderMakeTheFileInPartOrder()
    {
        const QByteArray first(300'000, 'a');
        const QByteArray second = QByteArray(200'000, 'b') + "end";
        const QString id = initiate(u"uploads/big.bin"_s, json({{u"permissions"_s, u"0750"_s}}));
        QVERIFY(!id.isEmpty());
        // The second part first: parts may come in any order, or at once.
        const Answer two = putPart(id, u"2"_s, second);
        QCOMPARE(two.status, 200);
        QCOMPARE(two.object()[u"partNumber"_s].toInt(), 2);
        QCOMPARE(two.object()[u"etag"_s].toString(), md5(second));
        QCOMPARE(two.object()[u"size"_s].toInteger(), second.size());
        QCOMPARE(putPart(id, u"1"_s, QByteArray("replaced later")).status, 200);
        // A part sent again replaces the one before it.
        QCOMPARE(putPart(id, u"1"_s, first).object()[u"etag"_s].toString(), md5(first));
        const QJsonArray parts = m_blaxel->sandbox("GET", m_url, u"/filesystem-multipart/%1/parts"_s.arg(id))
                                     .object()[u"parts"_s]
                                     .toArray();
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts.at(0)[u"partNumber"_s].toInt(), 1);
        QCOMPARE(parts.at(0)[u"size"_s].toInteger(), first.size());
        QCOMPARE(openUploads(), 1);
        // Nothing of it is in the sandbox before it completes.
        QVERIFY(!QFileInfo::exists(folder() + u"/blaxel/uploads/big.bin"_s));

        const Answer done = completeWith(id, {listed(2, md5(second)), listed(1, md5(first))});
        QCOMPARE(done.status, 200);
        QCOMPARE(done.object()[u"path"_s].toString(), u"/blaxel/uploads/big.bin"_s);
        QFile file(folder() + u"/blaxel/uploads/big.bin"_s);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), first + second);
        QCOMPARE(file.permissions() &
                     (QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther),
                 QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup);
        // Completed is gone: no upload left open, no part kept anywhere in the sandbox.
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem-multipart/%1/parts"_s.arg(id)).status, 404);
        QCOMPARE(openUploads(), 0);
        QDirIterator entries(folder(), QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot,
                             QDirIterator::Subdirectories);
        while (entries.hasNext()) {
            entries.next();
            QVERIFY2(!entries.fileName().startsWith(u"part-"_s), qPrintable(entries.filePath()));
        }

        // An absolute path, as @blaxel/core sends it: one encoded segment.
        const QString absolute = initiate(u"%2Ftmp%2Fabs.bin"_s);
        QVERIFY(!absolute.isEmpty());
        QCOMPARE(putPart(absolute, u"1"_s, "x").status, 200);
        QCOMPARE(completeWith(absolute, {listed(1, md5("x"))}).object()[u"path"_s].toString(),
                 u"/tmp/abs.bin"_s);
        QVERIFY(QFileInfo::exists(folder() + u"/tmp/abs.bin"_s));
    }

    void whatIsRefusedWritesNothing()
    {
        const QString id = initiate(u"refused.bin"_s);
        QVERIFY(!id.isEmpty());
        QCOMPARE(putPart(id, u"0"_s, "x").status, 500);
        QCOMPARE(putPart(id, u"10001"_s, "x").status, 500);
        QCOMPARE(putPart(id, u"one"_s, "x").status, 400);
        QCOMPARE(m_blaxel
                     ->sandbox("PUT", m_url, u"/filesystem-multipart/%1/part"_s.arg(id),
                               form({{"file", "blob", "x"}}), formType())
                     .status,
                 400);
        QCOMPARE(m_blaxel
                     ->sandbox("PUT", m_url, u"/filesystem-multipart/%1/part?partNumber=1"_s.arg(id),
                               form({{"other", {}, "x"}}), formType())
                     .status,
                 400);
        QCOMPARE(putPart(u"no-such-upload"_s, u"1"_s, "x").status, 404);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem-multipart/%1/part"_s.arg(id)).status, 405);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem-multipart/%1/other"_s.arg(id)).status, 404);

        // The whole upload is bounded as one file is (1 MiB in this fixture), and a part too.
        QCOMPARE(putPart(id, u"1"_s, QByteArray(600'000, 'x')).status, 200);
        QCOMPARE(putPart(id, u"2"_s, QByteArray(600'000, 'y')).status, 413);
        QCOMPARE(putPart(id, u"3"_s, QByteArray(1024 * 1024 + 1, 'z')).status, 413);

        // Completing needs every listed part with its own etag; the file is written only when it does.
        QCOMPARE(completeWith(id, {}).status, 400);
        QCOMPARE(m_blaxel
                     ->sandbox("POST", m_url, u"/filesystem-multipart/%1/complete"_s.arg(id), "not json",
                               {{"Content-Type", "application/json"}})
                     .status,
                 400);
        QCOMPARE(completeWith(id, {listed(1, md5("wrong"))}).status, 500);
        QCOMPARE(completeWith(id, {listed(1, md5(QByteArray(600'000, 'x'))), listed(2, md5("x"))}).status,
                 500);
        QVERIFY(!QFileInfo::exists(folder() + u"/blaxel/refused.bin"_s));

        // Aborted, it is gone, and its parts with it.
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/filesystem-multipart/%1/abort"_s.arg(id)).status, 200);
        QCOMPARE(putPart(id, u"1"_s, "x").status, 404);
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/filesystem-multipart/%1/abort"_s.arg(id)).status, 404);
        QCOMPARE(openUploads(), 0);

        // No way out of the sandbox, and a folder is no file.
        QCOMPARE(
            m_blaxel->sandbox("POST", m_url, u"/filesystem-multipart/initiate/..%2F..%2Fescape"_s).status,
            400);
        QCOMPARE(initiate(u"x.bin"_s, json({{u"permissions"_s, u"rwx"_s}})), QString());
        const QString onFolder = initiate(u"src"_s);
        QCOMPARE(putPart(onFolder, u"1"_s, "x").status, 200);
        QCOMPARE(completeWith(onFolder, {listed(1, md5("x"))}).status, 500);
        QVERIFY(QFileInfo(folder() + u"/blaxel/src"_s).isDir());
    }

    void uploadsAreBoundedAndBelongToTheirSandbox()
    {
        QStringList ids;
        for (int i = 0; i < 16; ++i)
            ids.append(initiate(u"many-%1.bin"_s.arg(i)));
        QVERIFY(!ids.contains(QString()));
        QCOMPARE(m_blaxel->sandbox("POST", m_url, u"/filesystem-multipart/initiate/one-more.bin"_s).status,
                 429);
        QCOMPARE(
            m_blaxel->sandbox("DELETE", m_url, u"/filesystem-multipart/%1/abort"_s.arg(ids.first())).status,
            200);
        QVERIFY(!initiate(u"one-more.bin"_s).isEmpty());

        // Another sandbox neither sees nor touches this one's uploads.
        const QString other = m_blaxel->url(u"agent-runner-01"_s);
        QVERIFY(!other.isEmpty());
        const Answer foreign =
            m_blaxel->sandbox("PUT", other, u"/filesystem-multipart/%1/part?partNumber=1"_s.arg(ids.last()),
                              form({{"file", "blob", "x"}}), formType());
        QCOMPARE(foreign.status, 404);
        QCOMPARE(m_blaxel->sandbox("GET", other, u"/filesystem-multipart"_s)
                     .object()[u"uploads"_s]
                     .toArray()
                     .size(),
                 0);
        QCOMPARE(openUploads(), 16);
    }
};

QTEST_GUILESS_MAIN(TestBlaxelMultipart)
#include "tst_blaxelmultipart.moc"
