// A Blaxel sandbox's GET /watch/filesystem/{path} in the emulator, through BlaxelFileWatch as the app uses
// it: a file made, written and removed on the sandbox's real folder is seen as CREATE, WRITE and REMOVE with
// its full path; a folder's own entries only, or every one below it with "/**"; keepalives keep a quiet
// stream open and their absence breaks it; a deleted sandbox or a stopped emulator ends it; stop() silences
// it; refusals and hostile lines.

#include "api/blaxelfilewatch.h"
#include "api/blaxelsandboxfiles.h"
#include "blaxelsandboxfixture.h"
#include "emulatorprobe.h"

#include <QDir>
#include <QFile>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTcpServer>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

namespace {

using Change = QPair<QString, QString>; // op, full path

QList<Change> changes(const QSignalSpy &spy)
{
    QList<Change> all;
    for (const QList<QVariant> &arguments : spy)
        all.append({arguments.at(0).toString(), arguments.at(1).toString()});
    return all;
}

QByteArray chunk(const QByteArray &data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

} // namespace

class TestBlaxelFileWatch final : public QObject, private BlaxelSandboxFixture
{
    Q_OBJECT

    std::unique_ptr<QNetworkAccessManager> m_nam;
    std::unique_ptr<BlaxelSandboxFiles> m_files;

    void adjust(const std::function<void(Emulator::BlaxelSettings &)> &change)
    {
        Emulator::BlaxelSettings settings = EmulatorProbe(m_server).blaxelSettings();
        change(settings);
        m_server->setBlaxelSettings(settings);
    }

    std::unique_ptr<BlaxelFileWatch> newWatch(int keepaliveMs = 30'000)
    {
        auto watch = std::make_unique<BlaxelFileWatch>(m_files.get());
        BlaxelFileWatch::Timing timing;
        timing.keepaliveMs = keepaliveMs;
        timing.firstRetryMs = 50;
        timing.maxRetryMs = 200;
        watch->setTiming(timing);
        return watch;
    }

    int watchRequests() const
    {
        int count = 0;
        for (const Emulator::RecordedRequest &request : EmulatorProbe(m_server).apiRequests())
            count += request.path.contains(u"/watch/filesystem"_s) && request.status == 200 ? 1 : 0;
        return count;
    }

    // The server runs on this thread: once it recorded the request, the stream took its first snapshot.
    void startAndWait(BlaxelFileWatch &watch, const QString &folder)
    {
        const int before = watchRequests();
        watch.start(folder);
        QTRY_VERIFY_WITH_TIMEOUT(watchRequests() > before, 10000);
    }

    void write(const QString &sandboxPath, const QByteArray &content)
    {
        const QString real = folder() + sandboxPath;
        QVERIFY(QDir().mkpath(QFileInfo(real).path()));
        QFile file(real);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(file.write(content), content.size());
    }

private Q_SLOTS:
    void init()
    {
        startSandbox();
        m_server->recordRequests();
        adjust([](Emulator::BlaxelSettings &settings) { settings.watchScanMs = 50; });
        m_nam = std::make_unique<QNetworkAccessManager>();
        m_files = std::make_unique<BlaxelSandboxFiles>(u"research-notebook"_s, QUrl(m_url), u"demo-key"_s,
                                                       u"demo"_s, m_nam.get());
        QVERIFY(QDir().mkpath(folder() + u"/blaxel/watched/sub"_s));
    }
    void cleanup()
    {
        m_files.reset();
        m_nam.reset();
        stopSandbox();
    }

    void createWriteRemove()
    {
        auto watch = newWatch();
        QSignalSpy changed(watch.get(), &BlaxelFileWatch::changed);
        QSignalSpy interrupted(watch.get(), &BlaxelFileWatch::interrupted);
        startAndWait(*watch, u"/blaxel/watched"_s);
        QVERIFY(watch->isWatching());

        write(u"/blaxel/watched/notes.txt"_s, "first");
        QTRY_VERIFY(changes(changed).contains(Change(u"WRITE"_s, u"/blaxel/watched/notes.txt"_s)));
        QCOMPARE(changes(changed).constFirst(), Change(u"CREATE"_s, u"/blaxel/watched/notes.txt"_s));
        changed.clear();

        write(u"/blaxel/watched/notes.txt"_s, "second, longer");
        QTRY_COMPARE(changes(changed), (QList<Change>{{u"WRITE"_s, u"/blaxel/watched/notes.txt"_s}}));
        changed.clear();

        QVERIFY(QFile::remove(folder() + u"/blaxel/watched/notes.txt"_s));
        QTRY_COMPARE(changes(changed), (QList<Change>{{u"REMOVE"_s, u"/blaxel/watched/notes.txt"_s}}));
        changed.clear();

        // The folder's own entries only, as fsnotify watches one folder: a new folder is seen, not what a
        // subfolder holds.
        write(u"/blaxel/watched/sub/deep.txt"_s, "x");
        QVERIFY(QDir().mkpath(folder() + u"/blaxel/watched/made"_s));
        QTRY_COMPARE(changes(changed), (QList<Change>{{u"CREATE"_s, u"/blaxel/watched/made"_s}}));
        QCOMPARE(interrupted.count(), 0);
    }

    void recursiveAndRelative()
    {
        auto watch = newWatch();
        QSignalSpy changed(watch.get(), &BlaxelFileWatch::changed);
        // Relative to /blaxel, as the API reads a path without a leading '/'; "/**" for every folder below.
        startAndWait(*watch, u"watched/**"_s);
        write(u"/blaxel/watched/sub/deep.txt"_s, "x");
        QTRY_VERIFY(changes(changed).contains(Change(u"CREATE"_s, u"/blaxel/watched/sub/deep.txt"_s)));
        QVERIFY(QFile::remove(folder() + u"/blaxel/watched/sub/deep.txt"_s));
        QTRY_VERIFY(changes(changed).contains(Change(u"REMOVE"_s, u"/blaxel/watched/sub/deep.txt"_s)));
    }

    // The wire as the real server writes it: chunked text, Go's FileEvent with its null error, and `ignore`
    // dropping events whose full path holds one of its comma-separated strings.
    void wireFormatAndIgnore()
    {
        QTcpSocket socket;
        socket.connectToHost(u"127.0.0.1"_s, m_server->apiPort());
        QVERIFY(socket.waitForConnected(5000));
        socket.write(
            "GET /blaxel-sandbox/demo/research-notebook/watch/filesystem/%2Fblaxel%2Fwatched"
            "?ignore=skipped,other HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer demo-key\r\n\r\n");
        QByteArray received;
        QTRY_VERIFY((received += socket.readAll()).contains("\r\n\r\n"));
        const QByteArray head = received.left(received.indexOf("\r\n\r\n"));
        QVERIFY2(head.startsWith("HTTP/1.1 200"), head.constData());
        QVERIFY(head.contains("Transfer-Encoding: chunked"));
        QVERIFY(head.contains("Content-Type: text/plain; charset=utf-8"));
        QVERIFY(!head.contains("Content-Length"));
        write(u"/blaxel/watched/skipped.txt"_s, "");
        write(u"/blaxel/watched/kept.txt"_s, "");
        QTRY_VERIFY((received += socket.readAll()).contains("kept.txt"));
        QVERIFY(!received.contains("skipped"));
        QVERIFY2(received.contains("\r\n{\"error\":null,\"name\":\"kept.txt\",\"op\":\"CREATE\","
                                   "\"path\":\"/blaxel/watched\"}\n\r\n"),
                 received.constData());
    }

    void keepaliveKeepsQuietStreamOpen()
    {
        adjust([](Emulator::BlaxelSettings &settings) { settings.watchKeepaliveMs = 100; });
        // The client allows 1.2 s of silence (three of 400 ms), the server speaks every 100 ms: a busy
        // machine's late timers do not break the stream, and without keepalives it would break four times
        // over within the wait. Nothing but keepalives arrives meanwhile.
        auto watch = newWatch(400);
        QSignalSpy interrupted(watch.get(), &BlaxelFileWatch::interrupted);
        startAndWait(*watch, u"/blaxel/watched"_s);
        QVERIFY(!interrupted.wait(5000));
    }

    void silenceBreaksStream()
    {
        adjust([](Emulator::BlaxelSettings &settings) { settings.watchKeepaliveMs = 60'000; });
        auto watch = newWatch(100);
        QSignalSpy interrupted(watch.get(), &BlaxelFileWatch::interrupted);
        QSignalSpy resumed(watch.get(), &BlaxelFileWatch::resumed);
        startAndWait(*watch, u"/blaxel/watched"_s);
        QVERIFY(interrupted.wait(5000));
        QVERIFY2(interrupted.constFirst().at(0).toString().contains(u"keepalive"_s),
                 qPrintable(interrupted.constFirst().at(0).toString()));
        // Asked for again, and open again.
        QVERIFY(resumed.wait(5000));
    }

    void deletedSandboxEndsStream()
    {
        auto watch = newWatch();
        QSignalSpy interrupted(watch.get(), &BlaxelFileWatch::interrupted);
        startAndWait(*watch, u"/blaxel/watched"_s);
        const Answer answer = m_blaxel->control("DELETE", u"/research-notebook"_s);
        QCOMPARE(answer.status, 200);
        QVERIFY(interrupted.wait(5000));
        QVERIFY2(interrupted.constFirst().at(0).toString().contains(u"ended"_s),
                 qPrintable(interrupted.constFirst().at(0).toString()));
        // Tried again: the sandbox's API is gone.
        QTRY_VERIFY(interrupted.count() >= 2);
        QVERIFY(watch->isWatching());
        QVERIFY(EmulatorProbe(m_server).apiRequests().constLast().status == 404);
    }

    void stoppedEmulatorEndsStream()
    {
        auto watch = newWatch();
        QSignalSpy interrupted(watch.get(), &BlaxelFileWatch::interrupted);
        startAndWait(*watch, u"/blaxel/watched"_s);
        m_server.reset();
        QVERIFY(interrupted.wait(5000));
    }

    void stopMeansSilence()
    {
        auto watch = newWatch();
        QSignalSpy changed(watch.get(), &BlaxelFileWatch::changed);
        QSignalSpy interrupted(watch.get(), &BlaxelFileWatch::interrupted);
        // Stopped from its own signal, between two events of one scan: the second is not emitted.
        connect(watch.get(), &BlaxelFileWatch::changed, watch.get(), &BlaxelFileWatch::stop);
        startAndWait(*watch, u"/blaxel/watched"_s);
        write(u"/blaxel/watched/one.txt"_s, "1");
        QVERIFY(changed.wait(5000));
        QVERIFY(!watch->isWatching());
        write(u"/blaxel/watched/two.txt"_s, "2");
        QVERIFY(QFile::remove(folder() + u"/blaxel/watched/one.txt"_s));
        // Several scans and retry delays long.
        QVERIFY(!changed.wait(1000));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(interrupted.count(), 0);
    }

    void refusals()
    {
        QCOMPARE(rawGet("/blaxel-sandbox/demo/research-notebook/watch/filesystem/%2Fblaxel")
                     .left(QByteArray("HTTP/1.1 200").size()),
                 QByteArray("HTTP/1.1 200"));
        QByteArray noKey;
        {
            QTcpSocket socket;
            socket.connectToHost(u"127.0.0.1"_s, m_server->apiPort());
            QVERIFY(socket.waitForConnected(5000));
            socket.write("GET /blaxel-sandbox/demo/research-notebook/watch/filesystem/%2Fblaxel HTTP/1.1\r\n"
                         "Host: 127.0.0.1\r\nConnection: close\r\n\r\n");
            QTRY_VERIFY((noKey += socket.readAll()).contains("\r\n\r\n"));
        }
        QVERIFY2(noKey.startsWith("HTTP/1.1 401"), noKey.constData());
        QVERIFY(rawGet("/blaxel-sandbox/demo/research-notebook/watch/filesystem/%2Fblaxel%2Fmissing")
                    .startsWith("HTTP/1.1 400"));
        QVERIFY(rawGet("/blaxel-sandbox/demo/research-notebook/watch/filesystem/%2Fblaxel%2FREADME.md")
                    .startsWith("HTTP/1.1 400"));
        QVERIFY(rawRequest("POST", "/blaxel-sandbox/demo/research-notebook/watch/filesystem/%2Fblaxel")
                    .startsWith("HTTP/1.1 405"));

        // A wrong key: refused, said without the key, and asked again.
        const QString secret = u"sk-wrong-but-secret-0123456789"_s;
        BlaxelSandboxFiles wrong(u"research-notebook"_s, QUrl(m_url), secret, u"demo"_s, m_nam.get());
        BlaxelFileWatch watch(&wrong);
        BlaxelFileWatch::Timing timing;
        timing.firstRetryMs = 50;
        watch.setTiming(timing);
        QSignalSpy interrupted(&watch, &BlaxelFileWatch::interrupted);
        watch.start(u"/blaxel"_s);
        QTRY_VERIFY(interrupted.count() >= 2);
        for (const QList<QVariant> &arguments : std::as_const(interrupted)) {
            const QString problem = arguments.at(0).toString();
            QVERIFY2(problem.contains(u"403"_s) || problem.contains(u"key"_s, Qt::CaseInsensitive),
                     qPrintable(problem));
            QVERIFY(!problem.contains(secret));
            QVERIFY(!problem.contains(u'\n'));
        }
    }

    void watchesPerSandboxBounded()
    {
        adjust([](Emulator::BlaxelSettings &settings) { settings.maxWatchesPerSandbox = 2; });
        auto first = newWatch();
        auto second = newWatch();
        auto third = newWatch();
        startAndWait(*first, u"/blaxel"_s);
        startAndWait(*second, u"/blaxel"_s);
        QSignalSpy interrupted(third.get(), &BlaxelFileWatch::interrupted);
        third->start(u"/blaxel"_s);
        QVERIFY(interrupted.wait(5000));
        QVERIFY2(interrupted.constFirst().at(0).toString().contains(u"500"_s),
                 qPrintable(interrupted.constFirst().at(0).toString()));
        // One going makes room.
        QSignalSpy resumed(third.get(), &BlaxelFileWatch::resumed);
        first.reset();
        QVERIFY(resumed.wait(5000));
    }

    // A server that sends what it likes: an over-long line, lines that are no event, a keepalive, then an
    // event, which alone comes out.
    void hostileLines()
    {
        QTcpServer fake;
        QVERIFY(fake.listen(QHostAddress::LocalHost));
        connect(&fake, &QTcpServer::newConnection, &fake, [&fake] {
            QTcpSocket *socket = fake.nextPendingConnection();
            const QByteArray body = QByteArray(qsizetype(200) * 1024, 'a') +
                                    "{\"op\":\"CREATE\",\"path\":\"/x\",\"name\":\"hidden\"}\n" +
                                    "not json\n[1,2]\n{\"op\":5}\n[keepalive]\n" +
                                    "{\"op\":\"WRITE\",\"path\":\"/x\",\"name\":\"" + QByteArray(2000, 'n') +
                                    "\"}\n" + "{\"op\":\"CHMOD\",\"path\":\"/x/\",\"name\":\"a\\u0007b\"}\n";
            socket->write(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n");
            for (qsizetype at = 0; at < body.size(); at += 7000)
                socket->write(chunk(body.mid(at, 7000)));
        });
        BlaxelSandboxFiles files(u"fake"_s, QUrl(u"http://127.0.0.1:%1/"_s.arg(fake.serverPort())),
                                 u"demo-key"_s, u"demo"_s, m_nam.get());
        BlaxelFileWatch watch(&files);
        QSignalSpy changed(&watch, &BlaxelFileWatch::changed);
        watch.start(u"/x"_s);
        QVERIFY(changed.wait(5000));
        QCOMPARE(changes(changed), (QList<Change>{{u"CHMOD"_s, u"/x/a\u0007b"_s}}));
    }
};

QTEST_MAIN(TestBlaxelFileWatch)
#include "tst_blaxelfilewatch.moc"
