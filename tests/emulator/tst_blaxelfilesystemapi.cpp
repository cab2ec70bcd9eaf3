// A Blaxel sandbox's filesystem API in the emulator: list, download with Range, upload (JSON and multipart
// forms, hostile ones too), paths relative to /blaxel or absolute with "//", no way out through ".." or
// links, and sandboxes whose API is not (or no longer) there.

#include "blaxelsandboxfixture.h"
#include "emulator/blaxel/blaxelsandboxpaths.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestBlaxelFilesystemApi final : public QObject, private BlaxelSandboxFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { startSandbox(); }
    void cleanup() { stopSandbox(); }

    void listFolders()
    {
        const Answer answer = m_blaxel->sandbox("GET", m_url, u"/filesystem/"_s);
        QCOMPARE(answer.status, 200);
        const QJsonObject directory = answer.object();
        QCOMPARE(directory[u"path"_s].toString(), u"/blaxel"_s);
        QCOMPARE(directory[u"name"_s].toString(), u"blaxel"_s);
        const QJsonArray files = directory[u"files"_s].toArray();
        QCOMPARE(files.size(), 1);
        const QJsonObject readme = files.at(0).toObject();
        QCOMPARE(readme[u"name"_s].toString(), u"README.md"_s);
        QCOMPARE(readme[u"path"_s].toString(), u"/blaxel/README.md"_s);
        QCOMPARE(readme[u"size"_s].toInt(), int(QFileInfo(folder() + u"/blaxel/README.md"_s).size()));
        QVERIFY(QRegularExpression(u"^-[r-][w-][x-][r-][w-][x-][r-][w-][x-]$"_s)
                    .match(readme[u"permissions"_s].toString())
                    .hasMatch());
        QVERIFY(QDateTime::fromString(readme[u"lastModified"_s].toString(), Qt::ISODate).isValid());
        QStringList subdirectories;
        for (const auto &sub : directory[u"subdirectories"_s].toArray())
            subdirectories.append(sub[u"path"_s].toString());
        QCOMPARE(subdirectories, (QStringList{u"/blaxel/data"_s, u"/blaxel/src"_s}));

        // "//" starts at the sandbox's root; a relative path at the working directory.
        const Answer root = m_blaxel->sandbox("GET", m_url, u"/filesystem//"_s);
        QCOMPARE(root.status, 200);
        QCOMPARE(root.object()[u"path"_s].toString(), u"/"_s);
        QCOMPARE(root.object()[u"subdirectories"_s][0][u"name"_s].toString(), u"blaxel"_s);
        const Answer src = m_blaxel->sandbox("GET", m_url, u"/filesystem//blaxel/src"_s);
        QCOMPARE(src.object()[u"files"_s][0][u"path"_s].toString(), u"/blaxel/src/main.py"_s);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem/missing"_s).status, 404);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem/"_s, {}, {}, "wrong").status, 403);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem/"_s, {}, {}, {}).status, 401);
    }

    void downloadWithRange()
    {
        const QByteArray whole = download(u"/filesystem/README.md"_s).body;
        QVERIFY(whole.startsWith("# Research notebook"));
        const Answer part = download(u"/filesystem/README.md"_s, {{"Range", "bytes=2-9"}});
        QCOMPARE(part.status, 206);
        QCOMPARE(part.body, whole.mid(2, 8));
        QCOMPARE(part.header("Content-Range"), "bytes 2-9/" + QByteArray::number(whole.size()));
        const Answer tail = download(u"/filesystem/README.md"_s, {{"Range", "bytes=-5"}});
        QCOMPARE(tail.body, whole.right(5));
        const Answer open = download(u"/filesystem/README.md"_s,
                                     {{"Range", "bytes=" + QByteArray::number(whole.size() - 3) + '-'}});
        QCOMPARE(open.body, whole.right(3));
        const Answer beyond = download(u"/filesystem/README.md"_s,
                                       {{"Range", "bytes=" + QByteArray::number(whole.size()) + '-'}});
        QCOMPARE(beyond.status, 416);
        QCOMPARE(beyond.header("Content-Range"), "bytes */" + QByteArray::number(whole.size()));

        // Without asking for the bytes, the sandbox's API answers the file as JSON text (FileWithContent).
        for (const QList<QPair<QByteArray, QByteArray>> &headers : {QList<QPair<QByteArray, QByteArray>>{},
                                                                    {{"Accept", "application/json"}},
                                                                    {{"Accept", "*/*"}}}) {
            const Answer text = m_blaxel->sandbox("GET", m_url, u"/filesystem/README.md"_s, {}, headers);
            QCOMPARE(text.status, 200);
            QCOMPARE(text.object()[u"content"_s].toString().toUtf8(), whole);
            QCOMPARE(text.object()[u"path"_s].toString(), u"/blaxel/README.md"_s);
        }
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem/README.md?download=true"_s).body, whole);
        QCOMPARE(
            m_blaxel->sandbox("GET", m_url, u"/filesystem/README.md"_s, {}, {{"Accept", "text/plain"}}).body,
            whole);
    }

private:
    Answer putForm(const QString &rest, const QByteArray &content, const QByteArray &permissions = "0644")
    {
        return m_blaxel->sandbox("PUT", m_url, rest,
                                 form({{"file", "binary-file.bin", content},
                                       {"permissions", {}, permissions},
                                       {"path", {}, rest.mid(12).toUtf8()}}),
                                 formType());
    }

private Q_SLOTS:
    void upload()
    {
        // Every byte value, and the boundary's own start inside the file: only a whole delimiter line ends
        // it.
        QByteArray binary;
        for (int i = 0; i < 256 * 40; ++i)
            binary.append(char(i % 256));
        binary += "\r\n--sbd-boundary-7f3\r\n--sbd";
        const Answer put = putForm(u"/filesystem/uploads/deep/data.bin"_s, binary);
        QCOMPARE(put.status, 200);
        QCOMPARE(put.object()[u"path"_s].toString(), u"/blaxel/uploads/deep/data.bin"_s);
        QCOMPARE(download(u"/filesystem/uploads/deep/data.bin"_s).body, binary);
        QFile onDisk(folder() + u"/blaxel/uploads/deep/data.bin"_s);
        QVERIFY(onDisk.open(QIODevice::ReadOnly));
        QCOMPARE(onDisk.readAll(), binary);
        QCOMPARE(QFileInfo(onDisk).permissions() & 0x0777,
                 QFile::ReadUser | QFile::WriteUser | QFile::ReadGroup | QFile::ReadOther);
        // The form's permissions are applied; an empty file is a file.
        QCOMPARE(putForm(u"/filesystem/run.sh"_s, "echo hi\n", "0755").status, 200);
        QVERIFY(QFileInfo(folder() + u"/blaxel/run.sh"_s).isExecutable());
        QCOMPARE(putForm(u"/filesystem/empty"_s, {}).status, 200);
        QCOMPARE(QFileInfo(folder() + u"/blaxel/empty"_s).size(), 0);
        // @blaxel/core's JSON FileRequest, for text.
        const Answer jsonPut =
            m_blaxel->sandbox("PUT", m_url, u"/filesystem/script.sh"_s,
                              json({{u"content"_s, u"echo hi\n"_s}, {u"permissions"_s, u"0755"_s}}),
                              {{"Content-Type", "application/json"}});
        QCOMPARE(jsonPut.status, 200);
        QCOMPARE(download(u"/filesystem/script.sh"_s).body, QByteArray("echo hi\n"));
        QVERIFY(QFileInfo(folder() + u"/blaxel/script.sh"_s).isExecutable());
        // Raw bytes are no body the sandbox's API reads: refused, nothing written.
        const QList<QPair<QByteArray, QByteArray>> raw{{"Content-Type", "application/octet-stream"}};
        QCOMPARE(m_blaxel->sandbox("PUT", m_url, u"/filesystem/raw.bin"_s, binary, raw).status, 400);
        QCOMPARE(m_blaxel->sandbox("PUT", m_url, u"/filesystem/raw.txt"_s, "hello", {}).status, 400);
        QVERIFY(!QFileInfo::exists(folder() + u"/blaxel/raw.bin"_s));
        QVERIFY(!QFileInfo::exists(folder() + u"/blaxel/raw.txt"_s));
        // Bounded size, as a form's file and as a FileRequest's content; a folder is not a file.
        QCOMPARE(putForm(u"/filesystem/big.bin"_s, QByteArray(1024 * 1024 + 1, 'x')).status, 413);
        QVERIFY(!QFileInfo::exists(folder() + u"/blaxel/big.bin"_s));
        QCOMPARE(m_blaxel
                     ->sandbox("PUT", m_url, u"/filesystem/big.txt"_s,
                               json({{u"content"_s, QString(1024 * 1024 + 1, u'x')}}),
                               {{"Content-Type", "application/json"}})
                     .status,
                 413);
        QCOMPARE(putForm(u"/filesystem/src"_s, "x").status, 400);
    }

    void absoluteOnlyWithDoubleSlash()
    {
        // "//" starts at the sandbox's root; without it a path is under the working directory /blaxel.
        QCOMPARE(putForm(u"/filesystem//tmp/note.txt"_s, "root").status, 200);
        QCOMPARE(putForm(u"/filesystem/tmp/note.txt"_s, "relative").status, 200);
        QCOMPARE(download(u"/filesystem//tmp/note.txt"_s).body, QByteArray("root"));
        QCOMPARE(download(u"/filesystem/tmp/note.txt"_s).body, QByteArray("relative"));
        QCOMPARE(download(u"/filesystem//blaxel/tmp/note.txt"_s).body, QByteArray("relative"));
        QFile root(folder() + u"/tmp/note.txt"_s);
        QVERIFY(root.open(QIODevice::ReadOnly));
        QCOMPARE(root.readAll(), QByteArray("root"));
        // The form's own "path" field does not redirect the write: the URL decides, as on Blaxel.
        const Answer elsewhere = m_blaxel->sandbox(
            "PUT", m_url, u"/filesystem/here.bin"_s,
            form({{"path", {}, "/etc/elsewhere"}, {"file", "binary-file.bin", "data"}}), formType());
        QCOMPARE(elsewhere.status, 200);
        QCOMPARE(elsewhere.object()[u"path"_s].toString(), u"/blaxel/here.bin"_s);
        QVERIFY(!QFileInfo::exists(folder() + u"/etc/elsewhere"_s));
        // An encoded '/' is a '/', as the sandbox's router reads the decoded path: @blaxel/core sends the
        // whole path as one segment, "/tmp/other.txt" as "%2Ftmp%2Fother.txt".
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem/%2Ftmp/note.txt"_s).status, 200);
        QCOMPARE(putForm(u"/filesystem/%2Ftmp%2Fother.txt"_s, "x").status, 200);
        QCOMPARE(download(u"/filesystem//tmp/other.txt"_s).body, QByteArray("x"));
        QCOMPARE(putForm(u"/filesystem/sub%2Fother.txt"_s, "y").status, 200);
        QVERIFY(QFileInfo::exists(folder() + u"/blaxel/sub/other.txt"_s));
        QString error;
        QCOMPARE(Emulator::BlaxelSandboxPaths::fromUrlSegments({u""_s, u"tmp"_s, u"x"_s}, &error)
                     .value_or(QString()),
                 u"/tmp/x"_s);
        QCOMPARE(
            Emulator::BlaxelSandboxPaths::fromUrlSegments({u"tmp"_s, u"x"_s}, &error).value_or(QString()),
            u"/blaxel/tmp/x"_s);
        QCOMPARE(Emulator::BlaxelSandboxPaths::fromUrlSegments({}, &error).value_or(QString()), u"/blaxel"_s);
        QCOMPARE(
            Emulator::BlaxelSandboxPaths::fromUrlSegments({u"/tmp"_s, u"x"_s}, &error).value_or(QString()),
            u"/tmp/x"_s);
        QVERIFY(!Emulator::BlaxelSandboxPaths::fromUrlSegments({u"a/../../x"_s}, &error));
    }

    void hostileForms()
    {
        const QByteArray good = form({{"file", "a.bin", "data"}});
        const auto put = [this](const QByteArray &body, const QList<QPair<QByteArray, QByteArray>> &headers) {
            return m_blaxel->sandbox("PUT", m_url, u"/filesystem/hostile.bin"_s, body, headers);
        };
        // No boundary, an empty one, one longer than RFC 2046 allows, one with a character it does not.
        QCOMPARE(put(good, {{"Content-Type", "multipart/form-data"}}).status, 400);
        QCOMPARE(put(good, {{"Content-Type", "multipart/form-data; boundary="}}).status, 400);
        QCOMPARE(
            put(form({{"file", "a.bin", "data"}}, QByteArray(71, 'b')), formType(QByteArray(71, 'b'))).status,
            400);
        QCOMPARE(put(good, {{"Content-Type", "multipart/form-data; boundary=a\x01b"}}).status, 400);
        // A boundary the body does not use; a body cut before its closing delimiter; no "file" part.
        QCOMPARE(put(good, formType("other-boundary")).status, 400);
        QCOMPARE(put(good.left(good.size() - 30), formType()).status, 400);
        QCOMPARE(put(form({{"file", {}, "not a file part"}}), formType()).status, 400);
        QCOMPARE(put(form({{"permissions", {}, "0644"}}), formType()).status, 400);
        // A part with no Content-Disposition, or no name, or headers larger than the bound.
        QCOMPARE(put("--sbd-boundary-7f3a\r\n\r\ndata\r\n--sbd-boundary-7f3a--\r\n", formType()).status, 400);
        QCOMPARE(put("--sbd-boundary-7f3a\r\nContent-Disposition: form-data; filename=\"a\"\r\n\r\nx\r\n"
                     "--sbd-boundary-7f3a--\r\n",
                     formType())
                     .status,
                 400);
        QCOMPARE(
            put("--sbd-boundary-7f3a\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n"
                "X-Padding: " +
                    QByteArray(9000, 'p') + "\r\n\r\nx\r\n--sbd-boundary-7f3a--\r\n",
                formType())
                .status,
            400);
        // A field over its bound, too many parts, permissions that are no octal mode.
        QCOMPARE(put(form({{"path", {}, QByteArray(5000, 'a')}, {"file", "a.bin", "x"}}), formType()).status,
                 400);
        QList<FormPart> many;
        for (int i = 0; i < 17; ++i)
            many.append({"extra", {}, "x"});
        many.append({"file", "a.bin", "x"});
        QCOMPARE(put(form(many), formType()).status, 400);
        QCOMPARE(putForm(u"/filesystem/hostile.bin"_s, "x", "rwx").status, 400);
        QVERIFY(!QFileInfo::exists(folder() + u"/blaxel/hostile.bin"_s));
        // Nothing escapes the sandbox's folder, whatever the form says.
        for (const QByteArray &path :
             {QByteArray("/filesystem/../../outside.bin"), QByteArray("/filesystem//../outside.bin"),
              QByteArray("/filesystem/%2E%2E/%2E%2E/outside.bin"),
              QByteArray("/filesystem/..%2F..%2Foutside.bin")}) {
            const QByteArray answer =
                rawRequest("PUT", "/blaxel-sandbox/demo/research-notebook" + path,
                           "Content-Type: multipart/form-data; boundary=sbd-boundary-7f3a\r\n",
                           form({{"file", "a.bin", "x"}}));
            QVERIFY2(answer.startsWith("HTTP/1.1 4"), answer.left(200).constData());
        }
        QVERIFY(!QFileInfo::exists(QFileInfo(folder()).path() + u"/outside.bin"_s));
        QVERIFY(QFile::link(u"/tmp"_s, folder() + u"/blaxel/out"_s));
        QCOMPARE(putForm(u"/filesystem/out/planted-sbd-bmulti.bin"_s, "x").status, 403);
        QVERIFY(!QFileInfo::exists(u"/tmp/planted-sbd-bmulti.bin"_s));
        // The good form still works after all that.
        QCOMPARE(put(good, formType()).status, 200);
    }

    void pathsCannotEscape()
    {
        QString error;
        QCOMPARE(Emulator::BlaxelSandboxPaths::sandboxPath(u"a/./b"_s, &error).value_or(QString()),
                 u"/blaxel/a/b"_s);
        QCOMPARE(Emulator::BlaxelSandboxPaths::sandboxPath(u"/etc//x"_s, &error).value_or(QString()),
                 u"/etc/x"_s);
        QVERIFY(!Emulator::BlaxelSandboxPaths::sandboxPath(u"../../etc/passwd"_s, &error));
        QVERIFY(!Emulator::BlaxelSandboxPaths::sandboxPath(u"/blaxel/../.."_s, &error));

        // ".." sent as is: refused, and never the machine's file.
        for (const QByteArray &path :
             {QByteArray("/blaxel-sandbox/demo/research-notebook/filesystem/../../../../etc/passwd"),
              QByteArray("/blaxel-sandbox/demo/research-notebook/filesystem/%2E%2E/%2E%2E/etc/passwd"),
              QByteArray("/blaxel-sandbox/demo/research-notebook/filesystem/..%2F..%2F..%2Fetc%2Fpasswd")}) {
            const QByteArray answer = rawGet(path);
            QVERIFY2(answer.startsWith("HTTP/1.1 403") || answer.startsWith("HTTP/1.1 404") ||
                         answer.startsWith("HTTP/1.1 400"),
                     answer.left(200).constData());
            QVERIFY(!answer.contains("root:"));
        }
        // A link inside the sandbox that points out is not followed, for reading or writing.
        QVERIFY(m_blaxel->sandbox("GET", m_url, u"/filesystem/"_s).status == 200); // the folder exists
        QVERIFY(QFile::link(u"/etc"_s, folder() + u"/blaxel/escape"_s));
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem/escape/passwd"_s).status, 403);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem/escape"_s).status, 403);
        QCOMPARE(putForm(u"/filesystem/escape/planted"_s, "x").status, 403);
        // The listing shows the link as a link.
        const QJsonArray files =
            m_blaxel->sandbox("GET", m_url, u"/filesystem/"_s).object()[u"files"_s].toArray();
        bool listed = false;
        for (const auto &file : files)
            listed = listed || (file[u"name"_s].toString() == u"escape" &&
                                file[u"permissions"_s].toString().startsWith(u'L'));
        QVERIFY(listed);
        // Commands refuse it too, and tar refuses to run while it exists.
        QCOMPARE(attempt(u"cat escape/passwd"_s).status, 400);
        QCOMPARE(attempt(u"ls escape"_s).status, 400);
        const Answer tar = attempt(u"tar -tzf x.tgz"_s);
        QCOMPARE(tar.status, 400);
        QVERIFY(tar.object()[u"error"_s].toString().contains(u"/blaxel/escape"_s));
    }

    // DELETE /filesystem/{path}, as @blaxel/core's fs.rm sends it (the whole path one encoded segment): a
    // file, an empty folder, a full one only with recursive=true; never the root, a link's target or a path
    // outside.
    void removePaths()
    {
        QVERIFY(QDir().mkpath(folder() + u"/blaxel/full/inner"_s));
        QVERIFY(QDir().mkpath(folder() + u"/blaxel/empty"_s));
        QCOMPARE(putForm(u"/filesystem/full/inner/a.txt"_s, "x").status, 200);
        const Answer file = m_blaxel->sandbox("DELETE", m_url, u"/filesystem/%2Fblaxel%2FREADME.md"_s);
        QCOMPARE(file.status, 200);
        QCOMPARE(file.object()[u"path"_s].toString(), u"/blaxel/README.md"_s);
        QVERIFY(!file.object()[u"message"_s].toString().isEmpty());
        QVERIFY(!QFileInfo::exists(folder() + u"/blaxel/README.md"_s));
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/filesystem/README.md"_s).status, 404);
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/filesystem/empty"_s).status, 200);
        QVERIFY(!QFileInfo::exists(folder() + u"/blaxel/empty"_s));
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/filesystem/full?recursive=false"_s).status, 400);
        QVERIFY(QFileInfo::exists(folder() + u"/blaxel/full/inner/a.txt"_s));
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/filesystem/full?recursive=true"_s).status, 200);
        QVERIFY(!QFileInfo::exists(folder() + u"/blaxel/full"_s));
        for (const QString &kept : {u"/filesystem//"_s, u"/filesystem/"_s, u"/filesystem/%2Fblaxel"_s})
            QCOMPARE(m_blaxel->sandbox("DELETE", m_url, kept + u"?recursive=true"_s).status, 400);
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/filesystem/..%2F..%2Fother?recursive=true"_s).status,
                 400);
        // A link goes, what it points to stays.
        QVERIFY(QFile::link(folder() + u"/blaxel/src"_s, folder() + u"/blaxel/src-link"_s));
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/filesystem/src-link?recursive=true"_s).status, 200);
        QVERIFY(!QFileInfo(folder() + u"/blaxel/src-link"_s).isSymLink());
        QVERIFY(QFileInfo::exists(folder() + u"/blaxel/src/main.py"_s));
    }

    void unavailableSandboxes()
    {
        // Seeded DEPLOYING with no end in sight: past the edge's hold, so refused at once, with a wait.
        const QString deploying = m_blaxel->url(u"data-pipeline"_s);
        const Answer stuck = m_blaxel->sandbox("GET", deploying, u"/filesystem/"_s);
        QCOMPARE(stuck.status, 503);
        QCOMPARE(stuck.header("Retry-After"), QByteArray("1"));
        QCOMPARE(m_blaxel->sandbox("GET", m_blaxel->url(u"finished-benchmark"_s), u"/filesystem/"_s).status,
                 404);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/elsewhere"_s).status, 404);
        QCOMPARE(m_blaxel->sandbox("POST", m_url, u"/filesystem/README.md"_s).status, 405);

        // A new sandbox's folder appears with its API, and its data goes when it is deleted.
        // Used from the moment create answers: the call is held until the sandbox is up, as Blaxel's edge
        // holds it.
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"short-lived"_s)).status, 200);
        const QString url = m_blaxel->url(u"short-lived"_s);
        QCOMPARE(m_blaxel->status(u"short-lived"_s), u"DEPLOYING"_s);
        QCOMPARE(m_blaxel
                     ->sandbox("PUT", url, u"/filesystem/keep.txt"_s, json({{u"content"_s, u"data"_s}}),
                               {{"Content-Type", "application/json"}})
                     .status,
                 200);
        QVERIFY(QFileInfo::exists(folder(u"short-lived"_s) + u"/blaxel/keep.txt"_s));
        QCOMPARE(m_blaxel->status(u"short-lived"_s), u"DEPLOYED"_s);
        QCOMPARE(m_blaxel->control("DELETE", u"/short-lived"_s).status, 200);
        QCOMPARE(m_blaxel->sandbox("GET", url, u"/filesystem/keep.txt"_s).status, 404);
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(u"short-lived"_s), u"TERMINATED"_s, 5000);
        QVERIFY(!QFileInfo::exists(folder(u"short-lived"_s)));
    }
};

QTEST_GUILESS_MAIN(TestBlaxelFilesystemApi)
#include "tst_blaxelfilesystemapi.moc"
