// A Blaxel process's GET /process/{id}/logs/stream in the emulator, through BlaxelProcessLogStream as the
// Processes tab uses it: each line tagged with the stream it was written to, in the order written, what came
// before the stream opened first, a last line without its newline, the end of the body when the process
// ends (at once for one that has ended), a stream that breaks coming again from its start, and lines longer
// than the client keeps.

#include "api/blaxelprocesslogstream.h"
#include "api/blaxelsandboxfiles.h"
#include "blaxelsandboxfixture.h"
#include "emulatorprobe.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

namespace {

QList<BlaxelLogLine> received(const QSignalSpy &spy)
{
    QList<BlaxelLogLine> all;
    for (const QList<QVariant> &arguments : spy)
        all += arguments.at(0).value<QList<BlaxelLogLine>>();
    return all;
}

QString shown(const QList<BlaxelLogLine> &lines)
{
    QStringList text;
    for (const BlaxelLogLine &line : lines)
        text.append((line.error ? u"err "_s : u"out "_s) + line.text);
    return text.join(u" | "_s);
}

} // namespace

class TestBlaxelProcessLogStream final : public QObject, private BlaxelSandboxFixture
{
    Q_OBJECT

    std::unique_ptr<QNetworkAccessManager> m_nam;
    std::unique_ptr<BlaxelSandboxFiles> m_files;

    std::unique_ptr<BlaxelProcessLogStream> newStream()
    {
        auto stream = std::make_unique<BlaxelProcessLogStream>(m_files.get());
        BlaxelLineStream::Timing timing;
        timing.firstRetryMs = 50;
        timing.maxRetryMs = 200;
        stream->setTiming(timing);
        return stream;
    }

private Q_SLOTS:
    void init()
    {
        qRegisterMetaType<QList<BlaxelLogLine>>();
        startSandbox();
        // Long enough for the sleeps below, which the fixture's 1.5 s would cut.
        Emulator::BlaxelSettings settings = EmulatorProbe(m_server).blaxelSettings();
        settings.processTimeoutMs = 20'000;
        m_server->setBlaxelSettings(settings);
        m_nam = std::make_unique<QNetworkAccessManager>();
        m_files = std::make_unique<BlaxelSandboxFiles>(u"research-notebook"_s, QUrl(m_url), u"demo-key"_s,
                                                       u"demo"_s, m_nam.get());
    }
    void cleanup()
    {
        m_files.reset();
        m_nam.reset();
        stopSandbox();
    }

    // What the process wrote before and after the stream opened, each line once, tagged, in order; the body
    // ends when the process does.
    void aRunningProcessStreamsUntilItEnds()
    {
        const QJsonObject started =
            run(u"python3 -c 'import sys,time; print(\"early\", flush=True); "
                "print(\"warned\", file=sys.stderr, flush=True); time.sleep(3); print(\"late\", flush=True); "
                "sys.stdout.write(\"no newline\")'"_s,
                {{u"name"_s, u"talker"_s}, {u"waitForCompletion"_s, false}});
        QCOMPARE(started[u"status"_s].toString(), u"running"_s);
        auto stream = newStream();
        QSignalSpy lines(stream.get(), &BlaxelProcessLogStream::linesReceived);
        QSignalSpy finished(stream.get(), &BlaxelProcessLogStream::finished);
        QSignalSpy interrupted(stream.get(), &BlaxelProcessLogStream::interrupted);
        stream->start(u"talker"_s);
        // The first lines come while the process still runs.
        QTRY_VERIFY_WITH_TIMEOUT(received(lines).size() >= 2, 10000);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/process/talker"_s).object()[u"status"_s].toString(),
                 u"running"_s);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        QCOMPARE(shown(received(lines)), u"out early | err warned | out late | out no newline"_s);
        QVERIFY(!stream->isFollowing());
        QCOMPARE(interrupted.count(), 0);
    }

    // A process that has ended: its whole log, then the end, at once; by its pid as by its name.
    void anEndedProcessGivesItsWholeLogAndEnds()
    {
        const QJsonObject done =
            run(u"python3 -c 'import sys; print(\"a\", flush=True); print(\"b\", file=sys.stderr)'"_s,
                {{u"name"_s, u"done"_s}});
        QCOMPARE(done[u"status"_s].toString(), u"completed"_s);
        // The raw body, as @blaxel/core reads it.
        const Answer raw = m_blaxel->sandbox("GET", m_url, u"/process/done/logs/stream"_s);
        QCOMPARE(raw.status, 200);
        QCOMPARE(raw.body, QByteArray("stdout:a\nstderr:b\n"));
        for (const QString &identifier : {u"done"_s, done[u"pid"_s].toString()}) {
            auto stream = newStream();
            QSignalSpy lines(stream.get(), &BlaxelProcessLogStream::linesReceived);
            QSignalSpy finished(stream.get(), &BlaxelProcessLogStream::finished);
            stream->start(identifier);
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
            QCOMPARE(shown(received(lines)), u"out a | err b"_s);
        }
        // One stream after another on the same client: the emulator closes the connection a body ended on,
        // and says so, or the next request would go out on it and never be answered.
        auto again = newStream();
        QSignalSpy ends(again.get(), &BlaxelProcessLogStream::finished);
        for (int round = 1; round <= 20; ++round) {
            again->start(u"done"_s);
            QTRY_COMPARE_WITH_TIMEOUT(ends.count(), round, 5000);
        }
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/process/nobody/logs/stream"_s).status, 404);
        QCOMPARE(m_blaxel->sandbox("POST", m_url, u"/process/done/logs/stream"_s).status, 405);
    }

    // A process nobody has: the stream says so and asks again; a name that cannot be sent is refused here.
    void refusalsAreSaid()
    {
        auto stream = newStream();
        QSignalSpy interrupted(stream.get(), &BlaxelProcessLogStream::interrupted);
        stream->start(u"nobody"_s);
        QTRY_VERIFY_WITH_TIMEOUT(interrupted.count() >= 2, 10000);
        QVERIFY2(interrupted.constFirst().at(0).toString().contains(u"nobody"_s),
                 qPrintable(interrupted.constFirst().at(0).toString()));
        stream->stop();
        const qsizetype after = interrupted.count();
        QTest::qWait(300); // longer than the retry delay: nothing more comes after stop()
        QCOMPARE(interrupted.count(), after);

        stream->start(u"a/b"_s);
        QTRY_VERIFY_WITH_TIMEOUT(interrupted.count() > after, 5000);
        QVERIFY(interrupted.constLast().at(0).toString().contains(u"not a process name"_s));
        stream->stop();
    }

    // The sandbox goes while the process runs: the body breaks, which is said, not taken for its end.
    void aBrokenStreamIsNotAnEnd()
    {
        run(u"python3 -c 'import time; print(\"tick\", flush=True); time.sleep(30)'"_s,
            {{u"name"_s, u"sleeper"_s}, {u"waitForCompletion"_s, false}});
        auto stream = newStream();
        QSignalSpy lines(stream.get(), &BlaxelProcessLogStream::linesReceived);
        QSignalSpy interrupted(stream.get(), &BlaxelProcessLogStream::interrupted);
        QSignalSpy finished(stream.get(), &BlaxelProcessLogStream::finished);
        stream->start(u"sleeper"_s);
        QTRY_COMPARE_WITH_TIMEOUT(shown(received(lines)), u"out tick"_s, 10000);
        stopSandbox();
        QTRY_VERIFY_WITH_TIMEOUT(interrupted.count() >= 1, 10000);
        QCOMPARE(finished.count(), 0);
        stream->stop();
    }

    // A line longer than the emulator sends at once comes in pieces, none of it lost.
    void aLongLineComesInPieces()
    {
        run(u"python3 -c 'print(\"x\" * 200000); print(\"after\")'"_s, {{u"name"_s, u"wide"_s}});
        auto stream = newStream();
        QSignalSpy lines(stream.get(), &BlaxelProcessLogStream::linesReceived);
        QSignalSpy finished(stream.get(), &BlaxelProcessLogStream::finished);
        stream->start(u"wide"_s);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        const QList<BlaxelLogLine> all = received(lines);
        QVERIFY(!all.isEmpty());
        QCOMPARE(all.constLast().text, u"after"_s);
        qsizetype xs = 0;
        for (const BlaxelLogLine &line : all) {
            QVERIFY(line.text.size() <= BlaxelLineStream::maxLineBytes + 1);
            xs += line.text.count(u'x');
        }
        // The emulator sends it in lines of at most 32 KiB, the client keeps each whole.
        QCOMPARE(xs, 200000);
    }

    // A server sending a line longer than the client keeps: it comes cut, marked so, its rest dropped up to
    // its newline; keepalives and untagged lines as @blaxel/core reads them; a last line without a newline.
    void hostileLinesAreBounded()
    {
        QTcpServer fake;
        QVERIFY(fake.listen(QHostAddress::LocalHost));
        connect(&fake, &QTcpServer::newConnection, &fake, [&fake] {
            QTcpSocket *socket = fake.nextPendingConnection();
            const QByteArray body = "stderr:" + QByteArray(qsizetype(200) * 1024, 'e') + "\n[keepalive]\r\n" +
                                    "untagged\r\nstdout:\x1b[31mred\x1b[0m\nstdout:last";
            socket->write(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n");
            for (qsizetype at = 0; at < body.size(); at += 7000)
                socket->write(QByteArray::number(qMin<qsizetype>(7000, body.size() - at), 16) + "\r\n" +
                              body.mid(at, 7000) + "\r\n");
            socket->write("0\r\n\r\n");
        });
        BlaxelSandboxFiles files(u"fake"_s, QUrl(u"http://127.0.0.1:%1/"_s.arg(fake.serverPort())),
                                 u"demo-key"_s, u"demo"_s, m_nam.get());
        BlaxelProcessLogStream stream(&files);
        QSignalSpy lines(&stream, &BlaxelProcessLogStream::linesReceived);
        QSignalSpy finished(&stream, &BlaxelProcessLogStream::finished);
        stream.start(u"p"_s);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        const QList<BlaxelLogLine> all = received(lines);
        QCOMPARE(all.size(), 4);
        QVERIFY(all.at(0).error);
        QCOMPARE(all.at(0).text, QString(BlaxelLineStream::maxLineBytes - 7, u'e') + u'…');
        QCOMPARE(all.at(1), (BlaxelLogLine{u"untagged"_s, false}));
        QCOMPARE(all.at(2), (BlaxelLogLine{u"\x1b[31mred\x1b[0m"_s, false}));
        QCOMPARE(all.at(3), (BlaxelLogLine{u"last"_s, false}));
    }
};

QTEST_GUILESS_MAIN(TestBlaxelProcessLogStream)
#include "tst_blaxelprocesslogstream.moc"
