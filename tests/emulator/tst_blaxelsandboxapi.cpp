// A Blaxel sandbox's own API in the emulator: the filesystem API (list, download with Range, upload, paths
// relative to /blaxel or absolute with "//", no way out through ".." or links) and the process API (allowed
// commands only, no shell, waitForCompletion, background runs and their logs, the timeout).

#include "blaxelclient.h"
#include "emulator/blaxelcommandline.h"
#include "emulator/blaxelsandboxpaths.h"
#include "emulator/emulatorserver.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;
using Emulator::BlaxelCommandLine;

class TestBlaxelSandboxApi final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_data;
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<BlaxelClient> m_blaxel;
    QString m_url; // research-notebook's metadata.url

    QString folder(const QString &name = u"research-notebook"_s) const
    {
        return QFileInfo(m_data->path()).canonicalFilePath() + u"/demo/"_s + name;
    }

    QJsonObject run(const QString &command, QJsonObject extra = {})
    {
        extra.insert(u"command"_s, command);
        if (!extra.contains(u"waitForCompletion"_s))
            extra.insert(u"waitForCompletion"_s, true);
        const Answer answer = m_blaxel->process(m_url, extra);
        QTest::qCompare(answer.status, 200, "answer.status", "200", __FILE__, __LINE__);
        return answer.object();
    }

    Answer attempt(const QString &command)
    {
        return m_blaxel->process(m_url, {{u"command"_s, command}, {u"waitForCompletion"_s, true}});
    }

    // A request written byte for byte, so that no client library tidies the path first.
    QByteArray rawRequest(const QByteArray &method, const QByteArray &path, const QByteArray &headers = {},
                          const QByteArray &body = {})
    {
        QTcpSocket socket;
        socket.connectToHost(u"127.0.0.1"_s, m_server->apiPort());
        if (!socket.waitForConnected(5000))
            return {};
        socket.write(method + ' ' + path +
                     " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer demo-key\r\n"
                     "Connection: close\r\n" +
                     headers + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        QByteArray all;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 5000 && socket.state() != QAbstractSocket::UnconnectedState) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
            socket.waitForReadyRead(50);
            all += socket.readAll();
        }
        return all + socket.readAll();
    }
    QByteArray rawGet(const QByteArray &path) { return rawRequest("GET", path); }

    // A file's bytes, asked for as the SDKs' readBinary does.
    Answer download(const QString &rest, QList<QPair<QByteArray, QByteArray>> headers = {})
    {
        headers.append(qMakePair(QByteArray("Accept"), QByteArray("application/octet-stream")));
        return m_blaxel->sandbox("GET", m_url, rest, {}, headers);
    }

private Q_SLOTS:
    void init()
    {
        m_data = std::make_unique<QTemporaryDir>();
        QVERIFY(m_data->isValid());
        m_server = std::make_unique<Emulator::EmulatorServer>();
        Emulator::BlaxelSettings settings = m_server->blaxelSettings();
        settings.dataDir = m_data->path();
        settings.processTimeoutMs = 1500;
        settings.transitionMs = 200;
        settings.maxFileBytes = qint64(1024) * 1024;
        m_server->setBlaxelSettings(settings);
        QVERIFY(m_server->listen());
        m_blaxel = std::make_unique<BlaxelClient>(m_server->apiBaseUrl());
        m_url = m_blaxel->url(u"research-notebook"_s);
        QVERIFY(m_url.endsWith(u"/blaxel-sandbox/demo/research-notebook"_s));
    }

    void cleanup()
    {
        m_blaxel.reset();
        m_server.reset();
        m_data.reset();
    }

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
    // A PUT of the SDKs' writeBinary form; `parts` are (name, file name or null, body).
    struct FormPart
    {
        QByteArray name;
        QByteArray fileName; // null: a field
        QByteArray body;
    };
    static QByteArray form(const QList<FormPart> &parts, const QByteArray &boundary = "sbd-boundary-7f3a")
    {
        QByteArray body;
        for (const FormPart &part : parts) {
            body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + part.name + '"';
            if (!part.fileName.isNull())
                body += "; filename=\"" + part.fileName + "\"\r\nContent-Type: application/octet-stream";
            body += "\r\n\r\n" + part.body + "\r\n";
        }
        return body + "--" + boundary + "--\r\n";
    }
    static QList<QPair<QByteArray, QByteArray>> formType(const QByteArray &boundary = "sbd-boundary-7f3a")
    {
        return {{"Content-Type", "multipart/form-data; boundary=" + boundary}};
    }
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
        // An encoded '/' cannot pass for the "//": refused, for reading and writing.
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/filesystem/%2Ftmp/note.txt"_s).status, 400);
        QCOMPARE(putForm(u"/filesystem/%2Ftmp/other.txt"_s, "x").status, 400);
        QVERIFY(!QFileInfo::exists(folder() + u"/tmp/other.txt"_s));
        QString error;
        QCOMPARE(Emulator::BlaxelSandboxPaths::fromUrlSegments({u""_s, u"tmp"_s, u"x"_s}, &error)
                     .value_or(QString()),
                 u"/tmp/x"_s);
        QCOMPARE(
            Emulator::BlaxelSandboxPaths::fromUrlSegments({u"tmp"_s, u"x"_s}, &error).value_or(QString()),
            u"/blaxel/tmp/x"_s);
        QCOMPARE(Emulator::BlaxelSandboxPaths::fromUrlSegments({}, &error).value_or(QString()), u"/blaxel"_s);
        QVERIFY(!Emulator::BlaxelSandboxPaths::fromUrlSegments({u"/tmp"_s, u"x"_s}, &error));
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

    void commandLineSplitting()
    {
        QString error;
        QCOMPARE(BlaxelCommandLine::split(u"tar -xzf 'my archive.tgz' -C \"out dir\" a\\ b"_s, &error)
                     .value_or(QStringList()),
                 (QStringList{u"tar"_s, u"-xzf"_s, u"my archive.tgz"_s, u"-C"_s, u"out dir"_s, u"a b"_s}));
        QCOMPARE(
            BlaxelCommandLine::split(u"python3 -c \"print(\\\"x\\\")\" ''"_s, &error).value_or(QStringList()),
            (QStringList{u"python3"_s, u"-c"_s, u"print(\"x\")"_s, QString()}));
        QCOMPARE(BlaxelCommandLine::split(u"  ls   -la  "_s, &error).value_or(QStringList()),
                 (QStringList{u"ls"_s, u"-la"_s}));
        for (const QString &shell :
             {u"ls | cat"_s, u"ls; rm -rf x"_s, u"cat a > b"_s, u"ls $(pwd)"_s, u"ls `pwd`"_s, u"ls && ls"_s,
              u"echo \"$HOME\""_s, u"ls 'open"_s, u"ls \\"_s}) {
            error.clear();
            QVERIFY2(!BlaxelCommandLine::split(shell, &error), qPrintable(shell));
            QVERIFY(!error.isEmpty());
        }
        // Quoted operators are plain text.
        QCOMPARE(BlaxelCommandLine::split(u"cat 'a|b;c'"_s, &error).value_or(QStringList()),
                 (QStringList{u"cat"_s, u"a|b;c"_s}));
    }

    void runWithWaitForCompletion()
    {
        const QJsonObject listing = run(u"ls -1"_s);
        QCOMPARE(listing[u"status"_s].toString(), u"completed"_s);
        QCOMPARE(listing[u"exitCode"_s].toInt(), 0);
        QCOMPARE(listing[u"workingDir"_s].toString(), u"/blaxel"_s);
        QCOMPARE(listing[u"logs"_s].toString(), u"README.md\ndata\nsrc\n"_s);
        QVERIFY(!listing[u"pid"_s].toString().isEmpty());
        QVERIFY(!listing[u"completedAt"_s].toString().isEmpty());
        QCOMPARE(run(u"python3 -c 'print(6*7)'"_s)[u"logs"_s].toString(), u"42\n"_s);
        QCOMPARE(run(u"cat /blaxel/src/main.py"_s)[u"logs"_s].toString(),
                 u"print('hello from a Blaxel sandbox')\n"_s);
        QCOMPARE(run(u"ls"_s, {{u"workingDir"_s, u"src"_s}})[u"logs"_s].toString(), u"main.py\n"_s);
        const QJsonObject failed = run(u"ls no-such-file"_s);
        QCOMPARE(failed[u"status"_s].toString(), u"failed"_s);
        QVERIFY(failed[u"exitCode"_s].toInt() != 0);
        // The host's environment stays out; the sandbox's own variables are in.
        qputenv("SANDBOXDECK_PROBE", "from-the-host");
        const QJsonObject env = run(
            u"python3 -c 'import os; print(os.environ.get(\"HF_TOKEN\"), os.environ.get(\"SANDBOXDECK_PROBE\"))'"_s);
        QCOMPARE(env[u"logs"_s].toString(), u"hf_demo_secret_value None\n"_s);

        // A workspace round trip as the app does it: pack, remove, unpack, compare (bytes, modes, links).
        const QString csv = folder() + u"/blaxel/data/sample.csv"_s;
        QVERIFY(QFile::setPermissions(csv, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                               QFileDevice::ReadGroup | QFileDevice::WriteGroup));
        QVERIFY(QFile::link(u"main.py"_s, folder() + u"/blaxel/src/link"_s));
        QCOMPARE(run(u"mkdir -p /tmp"_s)[u"status"_s].toString(), u"completed"_s);
        QCOMPARE(run(u"tar -czf /tmp/ws.tgz src data"_s)[u"status"_s].toString(), u"completed"_s);
        QCOMPARE(run(u"rm -r src data"_s)[u"status"_s].toString(), u"completed"_s);
        QCOMPARE(run(u"tar -xzf /tmp/ws.tgz"_s)[u"status"_s].toString(), u"completed"_s);
        QCOMPARE(run(u"cat data/sample.csv"_s)[u"logs"_s].toString(), u"id,score\n1,0.82\n2,0.91\n"_s);
        QCOMPARE(QFileInfo(csv).permissions() & (QFileDevice::WriteGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions(QFileDevice::WriteGroup));
        QCOMPARE(QFileInfo(folder() + u"/blaxel/src/link"_s).symLinkTarget(),
                 folder() + u"/blaxel/src/main.py"_s);
        QCOMPARE(QFileInfo(folder() + u"/tmp/ws.tgz"_s).isFile(), true);

        // The list and the logs of a finished process.
        run(u"ls src"_s, {{u"name"_s, u"named-run"_s}});
        const Answer list = m_blaxel->sandbox("GET", m_url, u"/process"_s);
        QCOMPARE(list.status, 200);
        QStringList names;
        for (const auto &process : QJsonDocument::fromJson(list.body).array())
            names.append(process[u"name"_s].toString());
        QVERIFY(names.contains(u"named-run"_s));
        const Answer logs = m_blaxel->sandbox("GET", m_url, u"/process/named-run/logs"_s);
        QCOMPARE(logs.object()[u"stdout"_s].toString(), u"link\nmain.py\n"_s);
        QCOMPARE(logs.object()[u"stderr"_s].toString(), QString());
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/process/named-run"_s).object()[u"status"_s].toString(),
                 u"completed"_s);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/process/nobody/logs"_s).status, 404);
    }

    void backgroundProcess()
    {
        const QJsonObject started = run(
            u"python3 -c 'import sys,time; time.sleep(1); print(\"out\"); print(\"err\", file=sys.stderr)'"_s,
            {{u"name"_s, u"bg"_s}, {u"waitForCompletion"_s, false}});
        QCOMPARE(started[u"status"_s].toString(), u"running"_s);
        QVERIFY(!started.contains(u"exitCode"_s));
        QCOMPARE(attempt(u"ls"_s).status, 200);
        QCOMPARE(m_blaxel->process(m_url, {{u"command"_s, u"ls"_s}, {u"name"_s, u"bg"_s}}).status, 409);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_blaxel->sandbox("GET", m_url, u"/process/bg"_s).object()[u"status"_s].toString(),
            u"completed"_s, 5000);
        const QJsonObject logs = m_blaxel->sandbox("GET", m_url, u"/process/bg/logs"_s).object();
        QCOMPARE(logs[u"stdout"_s].toString(), u"out\n"_s);
        QCOMPARE(logs[u"stderr"_s].toString(), u"err\n"_s);
        QVERIFY(logs[u"logs"_s].toString().contains(u"out\n"_s));
    }

    // A command run with waitForCompletion is answered when it ends, and the emulator answers everyone else
    // meanwhile: a blocking run held its whole event loop (Klavis routes too) for up to the timeout.
    void waitingCommandHoldsNobodyUp()
    {
        Emulator::BlaxelSettings settings = m_server->blaxelSettings();
        settings.processTimeoutMs = 10000; // init's 1.5 s would kill the 2 s command
        m_server->setBlaxelSettings(settings);
        QNetworkAccessManager waiterNam;
        QNetworkRequest request(QUrl(m_url + u"/process"_s));
        request.setRawHeader("Authorization", "Bearer demo-key");
        request.setRawHeader("Content-Type", "application/json");
        QElapsedTimer waited;
        waited.start();
        QNetworkReply *waiter =
            waiterNam.post(request, json({{u"command"_s, u"python3 -c 'import time; time.sleep(2)'"_s},
                                          {u"name"_s, u"waiter"_s},
                                          {u"waitForCompletion"_s, true}}));
        QTRY_COMPARE_WITH_TIMEOUT(
            m_blaxel->sandbox("GET", m_url, u"/process/waiter"_s).object()[u"status"_s].toString(),
            u"running"_s, 3000);

        QElapsedTimer clock;
        clock.start();
        const Answer klavis = m_blaxel->client().api("GET", u"/sandbox"_s);
        const qint64 klavisMs = clock.restart();
        const Answer blaxel = m_blaxel->control("GET", {});
        const qint64 blaxelMs = clock.elapsed();
        QCOMPARE(klavis.status, 200);
        QCOMPARE(blaxel.status, 200);
        QVERIFY2(klavisMs < 300, qPrintable(u"Klavis list took %1 ms"_s.arg(klavisMs)));
        QVERIFY2(blaxelMs < 300, qPrintable(u"Blaxel list took %1 ms"_s.arg(blaxelMs)));
        QVERIFY2(!waiter->isFinished(), "the waiting command was answered before it ended");

        QTRY_VERIFY_WITH_TIMEOUT(waiter->isFinished(), 5000);
        QVERIFY(waited.elapsed() >= 1900);
        QCOMPARE(waiter->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        const QJsonObject done = QJsonDocument::fromJson(waiter->readAll()).object();
        QCOMPARE(done[u"name"_s].toString(), u"waiter"_s);
        QCOMPARE(done[u"status"_s].toString(), u"completed"_s);
        QCOMPARE(done[u"exitCode"_s].toInt(), 0);
        delete waiter;
    }

    // A call waiting for a command is answered when the sandbox is deleted under it, not left hanging.
    void waitingCommandAnsweredWhenSandboxGoes()
    {
        QNetworkAccessManager waiterNam;
        QNetworkRequest request(QUrl(m_url + u"/process"_s));
        request.setRawHeader("Authorization", "Bearer demo-key");
        request.setRawHeader("Content-Type", "application/json");
        QNetworkReply *waiter =
            waiterNam.post(request, json({{u"command"_s, u"python3 -c 'import time; time.sleep(30)'"_s},
                                          {u"name"_s, u"orphan"_s},
                                          {u"waitForCompletion"_s, true}}));
        QTRY_COMPARE_WITH_TIMEOUT(
            m_blaxel->sandbox("GET", m_url, u"/process/orphan"_s).object()[u"status"_s].toString(),
            u"running"_s, 3000);
        QCOMPARE(m_blaxel->control("DELETE", u"/research-notebook"_s).status, 200);
        QTRY_VERIFY_WITH_TIMEOUT(waiter->isFinished(), 3000);
        QCOMPARE(waiter->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        QCOMPARE(QJsonDocument::fromJson(waiter->readAll()).object()[u"status"_s].toString(), u"killed"_s);
        delete waiter;
    }

    void refusedCommands()
    {
        for (const QString &command :
             {u"sh -c 'echo hi'"_s, u"bash"_s, u"/bin/ls"_s, u"ls | cat"_s, u"cat ../../etc/passwd"_s,
              u"ls .."_s, u"tar --to-command=sh -xf a.tar"_s, u"tar -xPf a.tar"_s,
              u"tar -x -I gzip -f a.tar"_s, u"tar -chf a.tar src"_s, u"rm -rf /"_s, u"cat --file=../x"_s,
              u""_s}) {
            const Answer answer = attempt(command);
            QVERIFY2(answer.status == 400, qPrintable(command));
            QVERIFY(!answer.object()[u"error"_s].toString().isEmpty());
        }
        // An absolute path is the sandbox's, never the machine's.
        const QJsonObject host = run(u"cat /etc/passwd"_s);
        QCOMPARE(host[u"status"_s].toString(), u"failed"_s);
        QVERIFY(!host[u"logs"_s].toString().contains(u"root:"_s));
        QCOMPARE(m_blaxel->process(m_url, {{u"command"_s, u"ls"_s}, {u"workingDir"_s, u"../.."_s}}).status,
                 403);
        QCOMPARE(m_blaxel
                     ->process(m_url,
                               {{u"command"_s, u"ls"_s}, {u"env"_s, QJsonObject{{u"LD_PRELOAD"_s, u"x"_s}}}})
                     .status,
                 400);
        QCOMPARE(m_blaxel->process(m_url, {{u"waitForCompletion"_s, true}}).status, 400);
        QVERIFY(QFileInfo(folder() + u"/blaxel/README.md"_s).exists()); // nothing above ran
    }

    void timeout()
    {
        QElapsedTimer clock;
        clock.start();
        const QJsonObject slow = run(u"python3 -c 'import time; time.sleep(30)'"_s);
        QCOMPARE(slow[u"status"_s].toString(), u"killed"_s);
        QVERIFY(clock.elapsed() >= 1400);
        QVERIFY(clock.elapsed() < 10000);
        // The request's own timeout may be shorter than the emulator's, never longer.
        clock.restart();
        const QJsonObject shorter = run(u"python3 -c 'import time; time.sleep(30)'"_s, {{u"timeout"_s, 0.3}});
        QCOMPARE(shorter[u"status"_s].toString(), u"killed"_s);
        QVERIFY(clock.elapsed() < 1400);
        // In the background too.
        run(u"python3 -c 'import time; time.sleep(30)'"_s,
            {{u"name"_s, u"sleeper"_s}, {u"waitForCompletion"_s, false}});
        QTRY_COMPARE_WITH_TIMEOUT(
            m_blaxel->sandbox("GET", m_url, u"/process/sleeper"_s).object()[u"status"_s].toString(),
            u"killed"_s, 8000);
    }

    void unavailableSandboxes()
    {
        const QString deploying = m_blaxel->url(u"data-pipeline"_s);
        QCOMPARE(m_blaxel->sandbox("GET", deploying, u"/filesystem/"_s).status, 503);
        QCOMPARE(m_blaxel->sandbox("GET", m_blaxel->url(u"finished-benchmark"_s), u"/filesystem/"_s).status,
                 404);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/elsewhere"_s).status, 404);
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/filesystem/README.md"_s).status, 405);

        // A new sandbox's folder appears with its API, and its data goes when it is deleted.
        QCOMPARE(m_blaxel->control("POST", {}, BlaxelClient::createBody(u"short-lived"_s)).status, 200);
        const QString url = m_blaxel->url(u"short-lived"_s);
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(u"short-lived"_s), u"DEPLOYED"_s, 5000);
        QCOMPARE(m_blaxel
                     ->sandbox("PUT", url, u"/filesystem/keep.txt"_s, json({{u"content"_s, u"data"_s}}),
                               {{"Content-Type", "application/json"}})
                     .status,
                 200);
        QVERIFY(QFileInfo::exists(folder(u"short-lived"_s) + u"/blaxel/keep.txt"_s));
        QCOMPARE(m_blaxel->control("DELETE", u"/short-lived"_s).status, 200);
        QCOMPARE(m_blaxel->sandbox("GET", url, u"/filesystem/keep.txt"_s).status, 404);
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(u"short-lived"_s), u"TERMINATED"_s, 5000);
        QVERIFY(!QFileInfo::exists(folder(u"short-lived"_s)));
    }
};

QTEST_GUILESS_MAIN(TestBlaxelSandboxApi)
#include "tst_blaxelsandboxapi.moc"
