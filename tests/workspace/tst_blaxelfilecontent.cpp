// BlaxelFileContent against the emulator's per-sandbox API over loopback HTTP: bounded reads with Range, a
// write from memory, a folder made, a move through the process API, and the errors of each.

#include "api/blaxelfilecontent.h"
#include "api/blaxelsandboxcall.h"
#include "blaxelworkspacefixture.h"
#include "emulatorprobe.h"

#include <QPointer>

#include <optional>

class TestBlaxelFileContent : public QObject, private BlaxelWorkspaceFixture
{
    Q_OBJECT

    std::unique_ptr<BlaxelFileContent> m_content;

    ApiResult<BlaxelFileBytes> read(const QString &path, qint64 maxBytes)
    {
        std::optional<ApiResult<BlaxelFileBytes>> result;
        m_content->read(path, maxBytes, this, [&](const ApiResult<BlaxelFileBytes> &r) { result = r; });
        return wait(result).value_or(ApiResult<BlaxelFileBytes>(ApiError::local(u"no answer"_s)));
    }
    ApiResult<qint64> write(const QString &path, const QByteArray &bytes)
    {
        std::optional<ApiResult<qint64>> result;
        m_content->write(path, bytes, this, [&](const ApiResult<qint64> &r) { result = r; });
        return wait(result).value_or(ApiResult<qint64>(ApiError::local(u"no answer"_s)));
    }
    ApiResult<QString> makeFolder(const QString &path)
    {
        std::optional<ApiResult<QString>> result;
        m_content->makeFolder(path, this, [&](const ApiResult<QString> &r) { result = r; });
        return wait(result).value_or(ApiResult<QString>(ApiError::local(u"no answer"_s)));
    }
    ApiResult<QString> move(const QString &from, const QString &to)
    {
        std::optional<ApiResult<QString>> result;
        m_content->move(from, to, this, [&](const ApiResult<QString> &r) { result = r; });
        return wait(result).value_or(ApiResult<QString>(ApiError::local(u"no answer"_s)));
    }
    static QByteArray onDisk(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
    }
    // The emulator runs only the programs its allow-list names; a move needs mv there.
    static bool emulatorLacksMv(const ApiResult<QString> &moved)
    {
        return !moved.ok() && moved.error().httpStatus() == 400 &&
               moved.error().fullText().contains(u"'mv' is not allowed"_s);
    }

private Q_SLOTS:
    void initTestCase() { setUpOnce(); }
    void init()
    {
        setUpSandbox();
        m_content = std::make_unique<BlaxelFileContent>(m_files.get());
    }
    void cleanup()
    {
        m_content.reset();
        tearDownSandbox();
    }

    void smallTextFileIsReadWhole()
    {
        const QByteArray text = "Hello, sandbox.\nSecond line.\n";
        QVERIFY(writeFile(workingDir() + u"/notes/hello.txt"_s, text));
        EmulatorProbe(m_server).clearRecordedRequests();
        const ApiResult<BlaxelFileBytes> got = read(u"notes/hello.txt"_s, 4096);
        QVERIFY2(got.ok(), qPrintable(got.error().fullText()));
        QCOMPARE(got->bytes, text);
        QCOMPARE(got->size, qint64(text.size()));
        QVERIFY(got->isWhole());
        // The bytes themselves, byte for byte, no more than asked for.
        const QList<Emulator::RecordedRequest> sent = EmulatorProbe(m_server).apiRequests();
        QCOMPARE(sent.size(), 1);
        QCOMPARE(sent.at(0).method, QByteArray("GET"));
        QCOMPARE(sent.at(0).header("Range"), QByteArray("bytes=0-4095"));
        QCOMPARE(sent.at(0).header("Accept"), QByteArray("application/octet-stream"));
        QCOMPARE(sent.at(0).header("Accept-Encoding"), QByteArray("identity"));

        // An absolute path is the sandbox's root, as for the other calls.
        QVERIFY(writeFile(sandboxTmp() + u"/abs.txt"_s, "root\n"));
        const ApiResult<BlaxelFileBytes> absolute = read(u"/tmp/abs.txt"_s, 100);
        QVERIFY2(absolute.ok(), qPrintable(absolute.error().fullText()));
        QCOMPARE(absolute->bytes, QByteArray("root\n"));
    }

    void aBigFileGivesItsFirstBytesAndItsSize()
    {
        QByteArray big;
        for (int i = 0; i < 200000; ++i)
            big.append(char('a' + i % 26));
        QVERIFY(writeFile(workingDir() + u"/big.txt"_s, big));
        const ApiResult<BlaxelFileBytes> got = read(u"big.txt"_s, 1000);
        QVERIFY2(got.ok(), qPrintable(got.error().fullText()));
        QCOMPARE(got->bytes, big.left(1000));
        QCOMPARE(got->size, qint64(big.size()));
        QVERIFY(!got->isWhole());

        // Exactly as many bytes as the file has: whole.
        const ApiResult<BlaxelFileBytes> exact = read(u"big.txt"_s, big.size());
        QVERIFY2(exact.ok(), qPrintable(exact.error().fullText()));
        QVERIFY(exact->isWhole());
        QCOMPARE(exact->bytes, big);
    }

    void anEmptyFileIsEmptyAndWhole()
    {
        QVERIFY(writeFile(workingDir() + u"/empty.txt"_s, {}));
        const ApiResult<BlaxelFileBytes> got = read(u"empty.txt"_s, 1024);
        QVERIFY2(got.ok(), qPrintable(got.error().fullText()));
        QVERIFY(got->bytes.isEmpty());
        QCOMPARE(got->size, qint64(0));
        QVERIFY(got->isWhole());
    }

    void binaryBytesRoundTrip()
    {
        QByteArray bytes;
        for (int i = 0; i < 70000; ++i)
            bytes.append(char((i * 31) % 256));
        bytes.prepend(QByteArray(16, '\0'));
        bytes.append("\r\n--boundary\r\n\0\0", 17);
        const ApiResult<qint64> written = write(u"bin/deep/blob.bin"_s, bytes);
        QVERIFY2(written.ok(), qPrintable(written.error().fullText()));
        QCOMPARE(written.value(), qint64(bytes.size()));
        QCOMPARE(onDisk(workingDir() + u"/bin/deep/blob.bin"_s), bytes);
        const ApiResult<BlaxelFileBytes> got = read(u"bin/deep/blob.bin"_s, bytes.size() + 10);
        QVERIFY2(got.ok(), qPrintable(got.error().fullText()));
        QVERIFY(got->isWhole());
        QCOMPARE(got->bytes, bytes);

        // Written again, shorter: replaced, not overwritten in place.
        const QByteArray shorter("\0x\0", 3);
        const ApiResult<qint64> again = write(u"bin/deep/blob.bin"_s, shorter);
        QVERIFY2(again.ok(), qPrintable(again.error().fullText()));
        QCOMPARE(onDisk(workingDir() + u"/bin/deep/blob.bin"_s), shorter);
        // And nothing at all.
        QVERIFY(write(u"bin/nothing.bin"_s, {}).ok());
        QVERIFY(QFileInfo(workingDir() + u"/bin/nothing.bin"_s).isFile());
        QCOMPARE(QFileInfo(workingDir() + u"/bin/nothing.bin"_s).size(), qint64(0));
    }

    void aFolderIsNoFileToRead()
    {
        QVERIFY(QDir().mkpath(workingDir() + u"/some folder/inner"_s));
        QVERIFY(writeFile(workingDir() + u"/some folder/a.txt"_s, "a\n"));
        const ApiResult<BlaxelFileBytes> got = read(u"some folder"_s, 4096);
        QVERIFY(!got.ok());
        QVERIFY2(got.error().fullText().contains(u"some folder is a folder, not a file"_s),
                 qPrintable(got.error().fullText()));
        // The working directory itself, too.
        const ApiResult<BlaxelFileBytes> here = read({}, 10);
        QVERIFY2(here.error().fullText().startsWith(u"The working directory is a folder"_s),
                 qPrintable(here.error().fullText()));
    }

    void aMissingFileIsNotFound()
    {
        const ApiResult<BlaxelFileBytes> got = read(u"nothing/here.txt"_s, 10);
        QVERIFY(!got.ok());
        QCOMPARE(got.error().httpStatus(), 404);
        QVERIFY2(got.error().fullText().contains(u"Not found in the sandbox: nothing/here.txt"_s),
                 qPrintable(got.error().fullText()));
    }

    void aFolderMadeIsListed()
    {
        const ApiResult<QString> made = makeFolder(u"made/deeper"_s);
        QVERIFY2(made.ok(), qPrintable(made.error().fullText()));
        QCOMPARE(made.value(), u"made/deeper"_s);
        QVERIFY(QFileInfo(workingDir() + u"/made/deeper"_s).isDir());
        std::optional<ApiResult<BlaxelDirectory>> listed;
        m_files->list(u"made"_s, this, [&](const ApiResult<BlaxelDirectory> &r) { listed = r; });
        QVERIFY(wait(listed).has_value());
        QVERIFY2(listed->ok(), qPrintable(listed->error().fullText()));
        QCOMPARE(listed->value().entries.size(), 1);
        QCOMPARE(listed->value().entries.at(0).name, u"deeper"_s);
        QVERIFY(listed->value().entries.at(0).folder);
        // As @blaxel/core's mkdir sends it.
        const QList<Emulator::RecordedRequest> sent = EmulatorProbe(m_server).apiRequests();
        const auto put = std::find_if(sent.cbegin(), sent.cend(), [](const Emulator::RecordedRequest &r) {
            return r.method == "PUT" && r.path.endsWith(u"/filesystem/made/deeper"_s);
        });
        QVERIFY(put != sent.cend());
        QVERIFY(put->header("Content-Type").startsWith("application/json"));
    }

    void aNameWithASpaceAndAQuoteIsMoved()
    {
        const QStringList names{u"it's a file.txt"_s, u"-n leading dash"_s, u"a \"double\" $HOME `x`;.txt"_s};
        QVERIFY(QDir().mkpath(workingDir() + u"/dst"_s));
        for (const QString &name : names) {
            // In the working directory, so that the path itself may start with '-'.
            QVERIFY(writeFile(workingDir() + u'/' + name, name.toUtf8()));
            const QString target = u"dst/moved "_s + name;
            const ApiResult<QString> moved = move(name, target);
            if (emulatorLacksMv(moved))
                QSKIP("the emulator's process API does not run mv (BlaxelCommandLine::allowedPrograms)");
            QVERIFY2(moved.ok(), qPrintable(name + u": "_s + moved.error().fullText()));
            QCOMPARE(moved.value(), target);
            QVERIFY(!QFileInfo::exists(workingDir() + u'/' + name));
            QCOMPARE(onDisk(workingDir() + u'/' + target), name.toUtf8());
        }
        // A folder moves whole, under an absolute path.
        QVERIFY(writeFile(sandboxTmp() + u"/tree/a/b.txt"_s, "b\n"));
        const ApiResult<QString> tree = move(u"/tmp/tree"_s, u"/tmp/tree moved"_s);
        QVERIFY2(tree.ok(), qPrintable(tree.error().fullText()));
        QCOMPARE(onDisk(sandboxTmp() + u"/tree moved/a/b.txt"_s), QByteArray("b\n"));
        QVERIFY(!QFileInfo::exists(sandboxTmp() + u"/tree"_s));
    }

    void aMoveDoesNotOverwrite()
    {
        QVERIFY(writeFile(workingDir() + u"/from.txt"_s, "from\n"));
        QVERIFY(writeFile(workingDir() + u"/to.txt"_s, "kept\n"));
        QVERIFY(QDir().mkpath(workingDir() + u"/folder"_s));
        EmulatorProbe(m_server).clearRecordedRequests();
        const ApiResult<QString> onFile = move(u"from.txt"_s, u"to.txt"_s);
        QVERIFY(!onFile.ok());
        QVERIFY2(onFile.error().fullText().contains(u"to.txt exists already"_s),
                 qPrintable(onFile.error().fullText()));
        QCOMPARE(onDisk(workingDir() + u"/to.txt"_s), QByteArray("kept\n"));
        QCOMPARE(onDisk(workingDir() + u"/from.txt"_s), QByteArray("from\n"));
        // Nor into a folder of the target's name, as mv alone would.
        const ApiResult<QString> onFolder = move(u"from.txt"_s, u"folder"_s);
        QVERIFY(!onFolder.ok());
        QVERIFY2(onFolder.error().fullText().contains(u"folder exists already"_s),
                 qPrintable(onFolder.error().fullText()));
        QVERIFY(QDir(workingDir() + u"/folder"_s).isEmpty());
        QVERIFY(QFileInfo::exists(workingDir() + u"/from.txt"_s));
        QCOMPARE(EmulatorProbe(m_server).requestCount("POST", u"/process"_s), 0);

        // A source that is not there: mv's own words, or the emulator refusing mv.
        const ApiResult<QString> missing = move(u"not-there.txt"_s, u"elsewhere.txt"_s);
        QVERIFY(!missing.ok());
        if (!emulatorLacksMv(missing))
            QVERIFY2(missing.error().fullText().contains(u"not-there.txt"_s),
                     qPrintable(missing.error().fullText()));
    }

    // A context that dies takes its calls with them, a move's process among them: no handler runs.
    void aCallEndsWithItsContext()
    {
        QVERIFY(writeFile(workingDir() + u"/a.txt"_s, "a\n"));
        bool ran = false;
        QPointer<BlaxelSandboxCall> reading;
        QPointer<BlaxelSandboxCall> moving;
        {
            QObject context;
            reading = m_content->read(u"a.txt"_s, 10, &context,
                                      [&](const ApiResult<BlaxelFileBytes> &) { ran = true; });
            moving = m_content->move(u"a.txt"_s, u"b.txt"_s, &context,
                                     [&](const ApiResult<QString> &) { ran = true; });
        }
        QVERIFY(reading.isNull());
        QVERIFY(moving.isNull());
        // A call made after them, answered: anything the first ones still had coming would have come first.
        QVERIFY(read(u"a.txt"_s, 10).ok());
        QVERIFY(!ran);
        QVERIFY(QFileInfo::exists(workingDir() + u"/a.txt"_s));
        QVERIFY(!QFileInfo::exists(workingDir() + u"/b.txt"_s));
    }

    // Blaxel's create answers while the sandbox is DEPLOYING; every call asks again while it starts, saying
    // so.
    void aSandboxStillStartingIsAskedAgain()
    {
        Emulator::BlaxelSettings settings = EmulatorProbe(m_server).blaxelSettings();
        settings.edgeHoldMs = 0; // a 503 for each call until the sandbox is up
        settings.transitionMs = 1200;
        m_server->setBlaxelSettings(settings);
        const QString name = u"starting-content"_s;
        QCOMPARE(m_blaxel->control("POST", {}, EmulatorTest::BlaxelClient::createBody(name)).status, 200);
        BlaxelSandboxFiles files(name, QUrl(m_blaxel->url(name)), m_server->apiKey(), u"demo"_s);
        BlaxelFileContent content(&files);
        QStringList said;
        const auto listen = [&](BlaxelSandboxCall *call) {
            connect(call, &BlaxelSandboxCall::waiting, this, [&](const QString &why) { said << why; });
        };
        std::optional<ApiResult<BlaxelFileBytes>> missing;
        listen(content.read(u"not-yet.txt"_s, 10, this,
                            [&](const ApiResult<BlaxelFileBytes> &r) { missing = r; }));
        std::optional<ApiResult<QString>> made;
        listen(content.makeFolder(u"early"_s, this, [&](const ApiResult<QString> &r) { made = r; }));
        QVERIFY(wait(missing).has_value());
        QCOMPARE(missing->error().httpStatus(), 404); // asked again until up, then the file's own answer
        QVERIFY(wait(made).has_value());
        QVERIFY2(made->ok(), qPrintable(made->error().fullText()));
        QVERIFY2(said.size() >= 2, qPrintable(said.join(u'\n')));
        for (const QString &why : std::as_const(said))
            QVERIFY2(why.contains(u"HTTP 503"_s), qPrintable(why));
    }

    void hostilePathsAreRefusedAsByTheOtherCalls()
    {
        EmulatorProbe(m_server).clearRecordedRequests();
        const QStringList hostile{u"../outside.txt"_s, u"a/../../b"_s, u"/tmp/../../etc/passwd"_s,
                                  u"line\nbreak"_s, u"tab\there"_s};
        for (const QString &path : hostile) {
            std::optional<ApiResult<BlaxelDirectory>> listed;
            m_files->list(path, this, [&](const ApiResult<BlaxelDirectory> &r) { listed = r; });
            QVERIFY(wait(listed).has_value());
            QCOMPARE(listed->error().kind(), ApiError::Kind::Local);
            const QString expected = listed->error().fullText();

            const ApiResult<BlaxelFileBytes> got = read(path, 10);
            QCOMPARE(got.error().kind(), ApiError::Kind::Local);
            QCOMPARE(got.error().fullText(), expected);
            const ApiResult<qint64> written = write(path, "x");
            QCOMPARE(written.error().kind(), ApiError::Kind::Local);
            QCOMPARE(written.error().fullText(), expected);
            const ApiResult<QString> made = makeFolder(path);
            QCOMPARE(made.error().kind(), ApiError::Kind::Local);
            QCOMPARE(made.error().fullText(), expected);
            const ApiResult<QString> from = move(path, u"ok.txt"_s);
            QCOMPARE(from.error().kind(), ApiError::Kind::Local);
            QCOMPARE(from.error().fullText(), expected);
            const ApiResult<QString> to = move(u"ok.txt"_s, path);
            QCOMPARE(to.error().kind(), ApiError::Kind::Local);
            QCOMPARE(to.error().fullText(), expected);
        }
        QVERIFY(!read(u"x"_s, 0).ok());
        QVERIFY(!makeFolder({}).ok());
        QVERIFY(!move({}, u"x"_s).ok());
        QVERIFY(EmulatorProbe(m_server).apiRequests().isEmpty());

        // A path the sandbox itself refuses (a link leading out of its folder) fails as the sandbox says.
        QVERIFY(QDir().mkpath(workingDir()));
        QVERIFY(makeLink(u"/etc"_s, workingDir() + u"/escape"_s));
        const ApiResult<BlaxelFileBytes> escaped = read(u"escape/passwd"_s, 100);
        QVERIFY(!escaped.ok());
        QCOMPARE(escaped.error().httpStatus(), 403);
        QVERIFY(!write(u"escape/x"_s, "x").ok());
        QVERIFY(!QFileInfo::exists(u"/etc/x"_s));
    }
};

QTEST_GUILESS_MAIN(TestBlaxelFileContent)
#include "tst_blaxelfilecontent.moc"
