// The local sandbox's filesystem MCP server, tool by tool, over real HTTP against the in-process emulator:
// the 14 tools of Klavis's server with their texts, the workspace they change, the sandbox root they never
// leave.

#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "mcptestcalls.h"
#include "tarbuilder.h"
#include "testclient.h"

#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestEmulatorFilesystemTools final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<TestClient> m_client;
    std::unique_ptr<McpTestCalls> m_mcp;
    QString m_localId;
    QUrl m_url;

    Rpc call(const QString &tool, const QJsonObject &arguments)
    {
        return m_mcp->callTool(m_url, tool, arguments);
    }

    // The text of a call that must succeed; a failure is reported where the call was made.
    QString ok(const QString &tool, const QJsonObject &arguments, int line)
    {
        const Rpc answer = call(tool, arguments);
        const bool failed = answer.result().value(u"isError"_s).toBool(true);
        QTest::qVerify(!failed, "isError false", qPrintable(tool + u": "_s + answer.text()), __FILE__, line);
        return answer.text();
    }

    // The text of a call that must fail.
    QString refused(const QString &tool, const QJsonObject &arguments, int line)
    {
        const Rpc answer = call(tool, arguments);
        QTest::qVerify(answer.result().value(u"isError"_s).toBool(), "isError true",
                       qPrintable(tool + u" succeeded: "_s + answer.text()), __FILE__, line);
        return answer.text();
    }

    void put(const QString &path, const QByteArray &data)
    {
        QCOMPARE(EmulatorProbe(m_server).addWorkspaceFile(m_localId, path, data), QString());
    }
    QByteArray file(const QString &path) const
    {
        return EmulatorProbe(m_server).workspaceFile(m_localId, path);
    }
    bool exists(const QString &path) const
    {
        return EmulatorProbe(m_server).workspacePaths(m_localId).contains(path);
    }

    // Replaces the workspace with an archive's content, as a client's upload and initialize do.
    int upload(const QList<TarEntry> &entries)
    {
        const QUrl target(m_client->api("POST", u"/local-sandbox/%1/upload-url"_s.arg(m_localId))
                              .object()[u"upload_url"_s]
                              .toString(),
                          QUrl::StrictMode);
        const Answer put =
            m_client->send("PUT", target, makeTar(entries), {{"Content-Type", "application/gzip"}});
        if (put.status != 200)
            return put.status;
        return m_client->api("POST", u"/local-sandbox/%1/initialize"_s.arg(m_localId)).status;
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        QVERIFY(m_server->listen());
        m_client = std::make_unique<TestClient>(m_server->apiBaseUrl());
        m_mcp = std::make_unique<McpTestCalls>(*m_client);
        m_localId = EmulatorProbe(m_server).localSandboxIds().constFirst();
        m_url = QUrl();
        for (const auto &server :
             m_client->api("GET", u"/local-sandbox/"_s + m_localId).object()[u"servers"_s].toArray()) {
            if (server[u"server_name"_s] == u"filesystem"_s)
                m_url = QUrl(server[u"mcp_server_url"_s].toString());
        }
        QVERIFY(m_url.isValid());
    }

    void cleanup()
    {
        m_mcp.reset();
        m_client.reset();
        m_server.reset();
    }

    void toolsListIsExactlyKlavisFourteen()
    {
        const QJsonArray tools = m_mcp->allTools(m_url);
        QCOMPARE(toolNames(tools),
                 (QStringList{u"filesystem_read_file"_s, u"filesystem_read_text_file"_s,
                              u"filesystem_read_media_file"_s, u"filesystem_read_multiple_files"_s,
                              u"filesystem_write_file"_s, u"filesystem_edit_file"_s,
                              u"filesystem_create_directory"_s, u"filesystem_list_directory"_s,
                              u"filesystem_list_directory_with_sizes"_s, u"filesystem_directory_tree"_s,
                              u"filesystem_move_file"_s, u"filesystem_search_files"_s,
                              u"filesystem_get_file_info"_s, u"filesystem_list_allowed_directories"_s}));
        const QStringList writers{u"filesystem_write_file"_s, u"filesystem_edit_file"_s,
                                  u"filesystem_create_directory"_s, u"filesystem_move_file"_s};
        for (const auto &tool : tools) {
            const QString name = tool[u"name"_s].toString();
            QCOMPARE(tool[u"annotations"_s][u"readOnlyHint"_s].toBool(), !writers.contains(name));
            QCOMPARE(tool[u"inputSchema"_s][u"type"_s].toString(), u"object"_s);
            QVERIFY2(tool[u"outputSchema"_s][u"properties"_s][u"content"_s].isObject(), qPrintable(name));
        }
        const QJsonObject edit = tools.at(5)[u"inputSchema"_s].toObject();
        QCOMPARE(edit[u"required"_s].toArray(), (QJsonArray{u"path"_s, u"edits"_s}));
        QCOMPARE(edit[u"properties"_s][u"edits"_s][u"items"_s][u"required"_s].toArray(),
                 (QJsonArray{u"oldText"_s, u"newText"_s}));
        QCOMPARE(tools.at(11)[u"inputSchema"_s][u"required"_s].toArray(),
                 (QJsonArray{u"path"_s, u"pattern"_s}));
    }

    void readTextFileWholeHeadAndTail()
    {
        put(u"notes/lines.txt"_s, "one\ntwo\nthree\nfour\n");
        const Rpc whole = call(u"filesystem_read_text_file"_s, {{u"path"_s, u"notes/lines.txt"_s}});
        QCOMPARE(whole.text(), u"one\ntwo\nthree\nfour\n"_s);
        QCOMPARE(whole.result()[u"structuredContent"_s][u"content"_s].toString(), whole.text());
        QCOMPARE(ok(u"filesystem_read_file"_s, {{u"path"_s, u"/workspace/notes/lines.txt"_s}}, __LINE__),
                 whole.text());
        QCOMPARE(
            ok(u"filesystem_read_text_file"_s, {{u"path"_s, u"notes/lines.txt"_s}, {u"head"_s, 2}}, __LINE__),
            u"one\ntwo"_s);
        // The reference splits on "\n": the empty piece after the last newline is one of the last lines.
        QCOMPARE(
            ok(u"filesystem_read_text_file"_s, {{u"path"_s, u"notes/lines.txt"_s}, {u"tail"_s, 3}}, __LINE__),
            u"three\nfour\n"_s);
        QCOMPARE(refused(u"filesystem_read_text_file"_s,
                         {{u"path"_s, u"notes/lines.txt"_s}, {u"head"_s, 1}, {u"tail"_s, 1}}, __LINE__),
                 u"Cannot specify both head and tail parameters simultaneously"_s);
        QCOMPARE(refused(u"filesystem_read_text_file"_s, {{u"path"_s, u"notes/none.txt"_s}}, __LINE__),
                 u"ENOENT: no such file or directory, open '/workspace/notes/none.txt'"_s);
        QCOMPARE(refused(u"filesystem_read_text_file"_s, {{u"path"_s, u"notes"_s}}, __LINE__),
                 u"EISDIR: illegal operation on a directory, read"_s);
    }

    void bigFilesAreReadInPartsOnly()
    {
        QByteArray big(qsizetype(1024) * 1024, 'x');
        big.prepend("first line\n");
        put(u"big.log"_s, big);
        QVERIFY(refused(u"filesystem_read_text_file"_s, {{u"path"_s, u"big.log"_s}}, __LINE__)
                    .startsWith(u"File too large to return whole: /workspace/big.log is 1048587 bytes"_s));
        QCOMPARE(ok(u"filesystem_read_text_file"_s, {{u"path"_s, u"big.log"_s}, {u"head"_s, 1}}, __LINE__),
                 u"first line"_s);
        QVERIFY(refused(u"filesystem_read_media_file"_s, {{u"path"_s, u"big.log"_s}}, __LINE__)
                    .startsWith(u"File too large"_s));
        const QString tooMuch(qsizetype(1024) * 1024 + 1, u'y');
        QVERIFY(refused(u"filesystem_write_file"_s, {{u"path"_s, u"huge.txt"_s}, {u"content"_s, tooMuch}},
                        __LINE__)
                    .contains(u"over the 1048576"_s));
        QVERIFY(!exists(u"huge.txt"_s));
    }

    void readMediaFileAnswersBase64WithItsType_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("mimeType");
        QTest::newRow("png") << u"media/pixel.PNG"_s << u"image"_s << u"image/png"_s;
        QTest::newRow("jpeg") << u"media/photo.jpeg"_s << u"image"_s << u"image/jpeg"_s;
        QTest::newRow("wav") << u"media/beep.wav"_s << u"audio"_s << u"audio/wav"_s;
        QTest::newRow("other") << u"media/data.bin"_s << u"blob"_s << u"application/octet-stream"_s;
    }

    void readMediaFileAnswersBase64WithItsType()
    {
        QFETCH(QString, path);
        QFETCH(QString, type);
        QFETCH(QString, mimeType);
        const QByteArray bytes("\x89PNG\r\n\x1a\n\x00\x01\xff", 11);
        put(path, bytes);
        const Rpc media = call(u"filesystem_read_media_file"_s, {{u"path"_s, path}});
        QCOMPARE(media.result()[u"isError"_s], QJsonValue(false));
        const QJsonObject block = media.result()[u"content"_s].toArray().at(0).toObject();
        QCOMPARE(block[u"type"_s].toString(), type);
        QCOMPARE(block[u"mimeType"_s].toString(), mimeType);
        QCOMPARE(QByteArray::fromBase64(block[u"data"_s].toString().toLatin1()), bytes);
        QCOMPARE(media.result()[u"structuredContent"_s][u"content"_s].toArray().at(0).toObject(), block);
    }

    void readMultipleFilesReportsEachOnItsOwn()
    {
        put(u"a.txt"_s, "A");
        put(u"dir/b.txt"_s, "B\n");
        const QString text =
            ok(u"filesystem_read_multiple_files"_s,
               {{u"paths"_s, QJsonArray{u"a.txt"_s, u"missing.txt"_s, u"/workspace/dir/b.txt"_s}}}, __LINE__);
        QCOMPARE(text, u"a.txt:\nA\n\n---\nmissing.txt: Error - ENOENT: no such file or directory, open "
                       "'/workspace/missing.txt'\n---\n/workspace/dir/b.txt:\nB\n\n"_s);
        QVERIFY(refused(u"filesystem_read_multiple_files"_s, {{u"paths"_s, QJsonArray()}}, __LINE__)
                    .contains(u"paths"_s));
    }

    void writeFileCreatesAndReplaces()
    {
        QCOMPARE(
            ok(u"filesystem_write_file"_s, {{u"path"_s, u"out.txt"_s}, {u"content"_s, u"first"_s}}, __LINE__),
            u"Successfully wrote to out.txt"_s);
        QCOMPARE(file(u"out.txt"_s), QByteArray("first"));
        ok(u"filesystem_write_file"_s, {{u"path"_s, u"/workspace/out.txt"_s}, {u"content"_s, u"sécond"_s}},
           __LINE__);
        QCOMPARE(file(u"out.txt"_s), QByteArray("s\xc3\xa9"
                                                "cond"));
        // As fs.writeFile: the folder must exist, and a folder is not a file.
        QCOMPARE(refused(u"filesystem_write_file"_s,
                         {{u"path"_s, u"no/such/x.txt"_s}, {u"content"_s, u"x"_s}}, __LINE__),
                 u"ENOENT: no such file or directory, open '/workspace/no/such/x.txt'"_s);
        put(u"folder/keep"_s, "");
        QCOMPARE(
            refused(u"filesystem_write_file"_s, {{u"path"_s, u"folder"_s}, {u"content"_s, u"x"_s}}, __LINE__),
            u"EISDIR: illegal operation on a directory, open '/workspace/folder'"_s);
        QVERIFY(!exists(u"no"_s));
    }

    void editFileDryRunShowsTheDiffAndChangesNothing()
    {
        put(u"e.txt"_s, "a\nb\nc\n");
        const QString diff =
            ok(u"filesystem_edit_file"_s,
               {{u"path"_s, u"e.txt"_s},
                {u"edits"_s, QJsonArray{QJsonObject{{u"oldText"_s, u"b"_s}, {u"newText"_s, u"B"_s}}}},
                {u"dryRun"_s, true}},
               __LINE__);
        QCOMPARE(diff, u"```diff\nIndex: /workspace/e.txt\n"
                       "===================================================================\n"
                       "--- /workspace/e.txt\toriginal\n+++ /workspace/e.txt\tmodified\n"
                       "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n```\n\n"_s);
        QCOMPARE(file(u"e.txt"_s), QByteArray("a\nb\nc\n"));
        QCOMPARE(ok(u"filesystem_edit_file"_s,
                    {{u"path"_s, u"e.txt"_s},
                     {u"edits"_s, QJsonArray{QJsonObject{{u"oldText"_s, u"b"_s}, {u"newText"_s, u"B"_s}}}}},
                    __LINE__),
                 diff);
        QCOMPARE(file(u"e.txt"_s), QByteArray("a\nB\nc\n"));
    }

    void editFileDiffHasContextHunksAndNoNewlineMarks()
    {
        QByteArray text;
        for (int i = 1; i <= 20; ++i)
            text += "line " + QByteArray::number(i) + '\n';
        text.chop(1); // the last line has no newline
        put(u"long.txt"_s, text);
        const QString diff = ok(
            u"filesystem_edit_file"_s,
            {{u"path"_s, u"long.txt"_s},
             {u"edits"_s, QJsonArray{QJsonObject{{u"oldText"_s, u"line 2\n"_s}, {u"newText"_s, u""_s}},
                                     QJsonObject{{u"oldText"_s, u"line 20"_s}, {u"newText"_s, u"end\n"_s}}}},
             {u"dryRun"_s, true}},
            __LINE__);
        QVERIFY2(
            diff.contains(u"@@ -1,6 +1,5 @@\n line 1\n-line 2\n line 3\n line 4\n line 5\n line 6\n@@"_s),
            qPrintable(diff));
        QVERIFY2(diff.contains(u"@@ -16,5 +15,5 @@\n line 16\n line 17\n line 18\n line 19\n-line 20\n"
                               "\\ No newline at end of file\n+end\n```"_s),
                 qPrintable(diff));
    }

    void editFileMatchesLinesDespiteIndentation()
    {
        put(u"code.py"_s, "def f():\n    if x:\n        run()\n    return 1\n");
        ok(u"filesystem_edit_file"_s,
           {{u"path"_s, u"code.py"_s},
            {u"edits"_s, QJsonArray{QJsonObject{{u"oldText"_s, u"if x:\n    run()"_s},
                                                {u"newText"_s, u"if y:\n    go()\n    stop()"_s}}}}},
           __LINE__);
        // The first line takes the matched line's indentation; later ones keep theirs relative to oldText's.
        QCOMPARE(file(u"code.py"_s), QByteArray("def f():\n    if y:\n    go()\n    stop()\n    return 1\n"));
    }

    void editFileThatMatchesNothingChangesNothing()
    {
        put(u"e.txt"_s, "alpha\nbeta\n");
        const QString error = refused(
            u"filesystem_edit_file"_s,
            {{u"path"_s, u"e.txt"_s},
             {u"edits"_s, QJsonArray{QJsonObject{{u"oldText"_s, u"alpha"_s}, {u"newText"_s, u"ALPHA"_s}},
                                     QJsonObject{{u"oldText"_s, u"gamma"_s}, {u"newText"_s, u"G"_s}}}}},
            __LINE__);
        QCOMPARE(error, u"Could not find exact match for edit:\ngamma"_s);
        QCOMPARE(file(u"e.txt"_s), QByteArray("alpha\nbeta\n"));
    }

    void createDirectoryMakesParents()
    {
        QCOMPARE(ok(u"filesystem_create_directory"_s, {{u"path"_s, u"deep/er/dir"_s}}, __LINE__),
                 u"Successfully created directory deep/er/dir"_s);
        QVERIFY(exists(u"deep"_s) && exists(u"deep/er"_s) && exists(u"deep/er/dir"_s));
        ok(u"filesystem_create_directory"_s, {{u"path"_s, u"/workspace/deep/er/dir"_s}}, __LINE__);
        put(u"plain.txt"_s, "x");
        QCOMPARE(refused(u"filesystem_create_directory"_s, {{u"path"_s, u"plain.txt"_s}}, __LINE__),
                 u"EEXIST: file already exists, mkdir '/workspace/plain.txt'"_s);
    }

    void listDirectoryMarksFoldersAndFiles()
    {
        ok(u"filesystem_create_directory"_s, {{u"path"_s, u"box/inner"_s}}, __LINE__);
        put(u"box/z.txt"_s, "z");
        put(u"box/a.txt"_s, "a");
        QCOMPARE(ok(u"filesystem_list_directory"_s, {{u"path"_s, u"box"_s}}, __LINE__),
                 u"[FILE] a.txt\n[DIR] inner\n[FILE] z.txt"_s);
        QVERIFY(ok(u"filesystem_list_directory"_s, {{u"path"_s, u""_s}}, __LINE__)
                    .contains(u"[FILE] README.md"_s));
        QCOMPARE(refused(u"filesystem_list_directory"_s, {{u"path"_s, u"box/a.txt"_s}}, __LINE__),
                 u"ENOTDIR: not a directory, scandir '/workspace/box/a.txt'"_s);
    }

    void listDirectoryWithSizesSortsAndSums()
    {
        ok(u"filesystem_create_directory"_s, {{u"path"_s, u"sized/sub"_s}}, __LINE__);
        put(u"sized/b.txt"_s, QByteArray(10, 'b'));
        put(u"sized/A.bin"_s, QByteArray(2048, 'a'));
        const QString byName =
            ok(u"filesystem_list_directory_with_sizes"_s, {{u"path"_s, u"sized"_s}}, __LINE__);
        // name.padEnd(30), a space, and for a file formatSize(size).padStart(10)
        const QString a = u"[FILE] A.bin"_s + QString(25, u' ') + u' ' + u"   2.00 KB"_s;
        const QString b = u"[FILE] b.txt"_s + QString(25, u' ') + u' ' + u"      10 B"_s;
        const QString sub = u"[DIR] sub"_s + QString(27, u' ') + u' ';
        const QString summary = u"\n\nTotal: 2 files, 1 directories\nCombined size: 2.01 KB"_s;
        QCOMPARE(byName, a + u'\n' + b + u'\n' + sub + summary);
        QCOMPARE(ok(u"filesystem_list_directory_with_sizes"_s,
                    {{u"path"_s, u"sized"_s}, {u"sortBy"_s, u"size"_s}}, __LINE__),
                 sub + u'\n' + a + u'\n' + b + summary);
        QVERIFY(refused(u"filesystem_list_directory_with_sizes"_s,
                        {{u"path"_s, u"sized"_s}, {u"sortBy"_s, u"age"_s}}, __LINE__)
                    .contains(u"sortBy"_s));
    }

    void directoryTreeIsJsonWithoutExcluded()
    {
        put(u"proj/src/main.cpp"_s, "int main() {}");
        put(u"proj/src/gen/x.o"_s, "");
        put(u"proj/notes.md"_s, "");
        ok(u"filesystem_create_directory"_s, {{u"path"_s, u"proj/empty"_s}}, __LINE__);
        const QString tree =
            ok(u"filesystem_directory_tree"_s,
               {{u"path"_s, u"proj"_s}, {u"excludePatterns"_s, QJsonArray{u"gen"_s, u"*.md"_s}}}, __LINE__);
        QCOMPARE(tree, uR"([
  {
    "name": "empty",
    "type": "directory",
    "children": []
  },
  {
    "name": "src",
    "type": "directory",
    "children": [
      {
        "name": "main.cpp",
        "type": "file"
      }
    ]
  }
])"_s);
        QVERIFY(
            ok(u"filesystem_directory_tree"_s, {{u"path"_s, u"proj"_s}}, __LINE__).contains(u"\"x.o\""_s));
    }

    void moveFileNeverReplaces()
    {
        put(u"m/a.txt"_s, "A");
        put(u"m/b.txt"_s, "B");
        QCOMPARE(refused(u"filesystem_move_file"_s,
                         {{u"source"_s, u"m/a.txt"_s}, {u"destination"_s, u"m/b.txt"_s}}, __LINE__),
                 u"Destination already exists: /workspace/m/b.txt"_s);
        QCOMPARE(file(u"m/a.txt"_s), QByteArray("A"));
        QCOMPARE(file(u"m/b.txt"_s), QByteArray("B"));
        QCOMPARE(ok(u"filesystem_move_file"_s,
                    {{u"source"_s, u"m/a.txt"_s}, {u"destination"_s, u"m/c.txt"_s}}, __LINE__),
                 u"Successfully moved m/a.txt to m/c.txt"_s);
        QVERIFY(!exists(u"m/a.txt"_s));
        QCOMPARE(file(u"m/c.txt"_s), QByteArray("A"));
        ok(u"filesystem_move_file"_s, {{u"source"_s, u"m"_s}, {u"destination"_s, u"moved"_s}}, __LINE__);
        QCOMPARE(file(u"moved/b.txt"_s), QByteArray("B"));
        QVERIFY(!exists(u"m"_s));
        QCOMPARE(refused(u"filesystem_move_file"_s,
                         {{u"source"_s, u"moved"_s}, {u"destination"_s, u"moved/in"_s}}, __LINE__),
                 u"EINVAL: invalid argument, rename '/workspace/moved' -> '/workspace/moved/in'"_s);
        QVERIFY(refused(u"filesystem_move_file"_s, {{u"source"_s, u"gone"_s}, {u"destination"_s, u"x"_s}},
                        __LINE__)
                    .startsWith(u"ENOENT"_s));
    }

    void searchFilesMatchesGlobsAndExcludes()
    {
        put(u"s/a.txt"_s, "");
        put(u"s/b.md"_s, "");
        put(u"s/sub/c.txt"_s, "");
        put(u"s/node_modules/d.txt"_s, "");
        QCOMPARE(ok(u"filesystem_search_files"_s,
                    {{u"path"_s, u"s"_s},
                     {u"pattern"_s, u"**/*.txt"_s},
                     {u"excludePatterns"_s, QJsonArray{u"node_modules/**"_s}}},
                    __LINE__),
                 u"/workspace/s/a.txt\n/workspace/s/sub/c.txt"_s);
        QCOMPARE(
            ok(u"filesystem_search_files"_s, {{u"path"_s, u"s"_s}, {u"pattern"_s, u"**/*.txt"_s}}, __LINE__),
            u"/workspace/s/a.txt\n/workspace/s/node_modules/d.txt\n/workspace/s/sub/c.txt"_s);
        QCOMPARE(ok(u"filesystem_search_files"_s, {{u"path"_s, u"s"_s}, {u"pattern"_s, u"*.{md,txt}"_s}},
                    __LINE__),
                 u"/workspace/s/a.txt\n/workspace/s/b.md"_s);
        QCOMPARE(ok(u"filesystem_search_files"_s, {{u"path"_s, u"s"_s}, {u"pattern"_s, u"*.rs"_s}}, __LINE__),
                 u"No matches found"_s);
    }

    // Each "**" may take any number of segments: tried naively, many of them on a deep path would not end.
    void searchFilesWithManyGlobstarsEnds()
    {
        QStringList deep;
        for (int i = 0; i < 30; ++i)
            deep.append(u"d%1"_s.arg(i));
        put(deep.join(u'/') + u"/y.txt"_s, "");
        QStringList pattern(12, u"**"_s);
        pattern.append(u"z.txt"_s);
        QCOMPARE(ok(u"filesystem_search_files"_s, {{u"path"_s, u"d0"_s}, {u"pattern"_s, pattern.join(u'/')}},
                    __LINE__),
                 u"No matches found"_s);
        pattern.last() = u"y.txt"_s;
        QCOMPARE(ok(u"filesystem_search_files"_s, {{u"path"_s, u"d0"_s}, {u"pattern"_s, pattern.join(u'/')}},
                    __LINE__),
                 u"/workspace/"_s + deep.join(u'/') + u"/y.txt"_s);
    }

    void getFileInfoPrintsTheStatLines()
    {
        put(u"info/five.txt"_s, "12345");
        const QStringList lines =
            ok(u"filesystem_get_file_info"_s, {{u"path"_s, u"info/five.txt"_s}}, __LINE__).split(u'\n');
        QCOMPARE(lines.size(), 7);
        QCOMPARE(lines.at(0), u"size: 5"_s);
        static const QRegularExpression date(
            u"^created: \\w{3} \\w{3} \\d{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT\\+0000 \\(Coordinated Universal Time\\)$"_s);
        QVERIFY2(date.match(lines.at(1)).hasMatch(), qPrintable(lines.at(1)));
        QVERIFY(lines.at(2).startsWith(u"modified: "_s) && lines.at(3).startsWith(u"accessed: "_s));
        QCOMPARE(lines.mid(4),
                 (QStringList{u"isDirectory: false"_s, u"isFile: true"_s, u"permissions: 644"_s}));
        QVERIFY(ok(u"filesystem_get_file_info"_s, {{u"path"_s, u"info"_s}}, __LINE__)
                    .contains(u"isDirectory: true\nisFile: false\npermissions: 755"_s));
        QCOMPARE(refused(u"filesystem_get_file_info"_s, {{u"path"_s, u"info/none"_s}}, __LINE__),
                 u"ENOENT: no such file or directory, stat '/workspace/info/none'"_s);
    }

    void listAllowedDirectoriesNamesTheWorkspace()
    {
        QCOMPARE(ok(u"filesystem_list_allowed_directories"_s, {}, __LINE__),
                 u"Allowed directories:\n/workspace"_s);
    }

    void pathsOutsideTheWorkspaceAreRefused_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("shown");
        QTest::newRow("dot-dot") << u"../x"_s << u"/x"_s;
        QTest::newRow("deeper dot-dot") << u"a/../../etc/passwd"_s << u"/etc/passwd"_s;
        QTest::newRow("absolute") << u"/etc/passwd"_s << u"/etc/passwd"_s;
        QTest::newRow("absolute through the root") << u"/workspace/../etc"_s << u"/etc"_s;
        QTest::newRow("root's sibling") << u"/workspace2/x"_s << u"/workspace2/x"_s;
    }

    void pathsOutsideTheWorkspaceAreRefused()
    {
        QFETCH(QString, path);
        QFETCH(QString, shown);
        const QString expected =
            u"Access denied - path outside allowed directories: %1 not in /workspace"_s.arg(shown);
        QCOMPARE(refused(u"filesystem_read_text_file"_s, {{u"path"_s, path}}, __LINE__), expected);
        QCOMPARE(refused(u"filesystem_write_file"_s, {{u"path"_s, path}, {u"content"_s, u"x"_s}}, __LINE__),
                 expected);
        QCOMPARE(refused(u"filesystem_list_directory"_s, {{u"path"_s, path}}, __LINE__), expected);
        QCOMPARE(refused(u"filesystem_move_file"_s, {{u"source"_s, u"README.md"_s}, {u"destination"_s, path}},
                         __LINE__),
                 expected);
        QVERIFY(exists(u"README.md"_s));
    }

    void symbolicLinksAreFollowedInsideOnly()
    {
        QCOMPARE(upload({{u"data/real.txt"_s, TarEntry::File, "real", {}},
                         {u"link-in"_s, TarEntry::Symlink, {}, u"data/real.txt"_s},
                         {u"data/up"_s, TarEntry::Symlink, {}, u".."_s},
                         {u"loop-a"_s, TarEntry::Symlink, {}, u"loop-b"_s},
                         {u"loop-b"_s, TarEntry::Symlink, {}, u"loop-a"_s}}),
                 200);
        QCOMPARE(ok(u"filesystem_read_text_file"_s, {{u"path"_s, u"link-in"_s}}, __LINE__), u"real"_s);
        QCOMPARE(ok(u"filesystem_read_text_file"_s, {{u"path"_s, u"data/up/data/up/link-in"_s}}, __LINE__),
                 u"real"_s);
        // A write through a link lands on its target, which is where the path really leads.
        ok(u"filesystem_write_file"_s, {{u"path"_s, u"link-in"_s}, {u"content"_s, u"changed"_s}}, __LINE__);
        QCOMPARE(file(u"data/real.txt"_s), QByteArray("changed"));
        QCOMPARE(refused(u"filesystem_read_text_file"_s, {{u"path"_s, u"loop-a"_s}}, __LINE__),
                 u"ELOOP: too many symbolic links encountered, realpath '/workspace/loop-a'"_s);
        const QStringList listed =
            ok(u"filesystem_list_directory"_s, {{u"path"_s, u""_s}}, __LINE__).split(u'\n');
        QVERIFY(listed.contains(u"[DIR] data"_s) && listed.contains(u"[FILE] link-in"_s) &&
                listed.contains(u"[FILE] loop-a"_s));
    }

    // A link that leads out of the workspace never gets in: the archive that holds one is refused whole, so
    // neither the link nor a path through it reaches anything.
    void symbolicLinksLeadingOutAreRefused_data()
    {
        QTest::addColumn<QString>("target");
        QTest::newRow("relative") << u"../../etc"_s;
        QTest::newRow("absolute") << u"/etc"_s;
        QTest::newRow("through a folder") << u"data/../../.."_s;
    }

    void symbolicLinksLeadingOutAreRefused()
    {
        QFETCH(QString, target);
        QCOMPARE(upload({{u"data/real.txt"_s, TarEntry::File, "real", {}},
                         {u"escape"_s, TarEntry::Symlink, {}, target}}),
                 400);
        const QString read =
            refused(u"filesystem_read_text_file"_s, {{u"path"_s, u"escape/passwd"_s}}, __LINE__);
        QVERIFY2(read.startsWith(u"ENOENT"_s) || read.startsWith(u"Access denied"_s), qPrintable(read));
        QVERIFY(!exists(u"escape"_s));
        QCOMPARE(
            ok(u"filesystem_search_files"_s, {{u"path"_s, u""_s}, {u"pattern"_s, u"**/passwd"_s}}, __LINE__),
            u"No matches found"_s);
    }

    // Moved one level up, a link to "../../x" would climb out of the workspace: the move is refused whole.
    void aMoveThatWouldLeadALinkOutIsRefused()
    {
        QCOMPARE(
            upload({{u"x"_s, TarEntry::File, "x", {}}, {u"a/b/l"_s, TarEntry::Symlink, {}, u"../../x"_s}}),
            200);
        QCOMPARE(ok(u"filesystem_read_text_file"_s, {{u"path"_s, u"a/b/l"_s}}, __LINE__), u"x"_s);
        QVERIFY(refused(u"filesystem_move_file"_s, {{u"source"_s, u"a/b"_s}, {u"destination"_s, u"c"_s}},
                        __LINE__)
                    .contains(u"points outside the workspace"_s));
        QVERIFY(exists(u"a/b/l"_s) && !exists(u"c"_s) && !exists(u"c/l"_s));
    }
};

QTEST_MAIN(TestEmulatorFilesystemTools)
#include "tst_emulatorfilesystemtools.moc"
