// A local sandbox's executions over real HTTP: main.py run for real with python3, its log read by byte
// cursor, the time limit and the output cap, the workspace kept across executions, artifacts, and what a
// release does to a running script.

#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "tarbuilder.h"
#include "testclient.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

namespace {

// Running and not a zombie: a killed child the container's init has not reaped yet counts as gone.
bool alive(qint64 pid)
{
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (pid <= 0 || !stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    return close > 0 && line.mid(close + 2, 1) != "Z";
}

// name -> content of every file of a tar.gz (folders as empty entries ending in '/').
QMap<QString, QByteArray> untar(const QByteArray &tarGz)
{
    QMap<QString, QByteArray> files;
    archive *a = archive_read_new();
    archive_read_support_filter_gzip(a);
    archive_read_support_format_tar(a);
    if (archive_read_open_memory(a, tarGz.constData(), size_t(tarGz.size())) == ARCHIVE_OK) {
        archive_entry *entry = nullptr;
        while (archive_read_next_header(a, &entry) == ARCHIVE_OK) {
            QString name = QString::fromUtf8(archive_entry_pathname(entry));
            QByteArray data;
            if (archive_entry_filetype(entry) == AE_IFDIR) {
                if (!name.endsWith(u'/'))
                    name += u'/';
            } else {
                char buffer[65536];
                la_ssize_t got = 0;
                while ((got = archive_read_data(a, buffer, sizeof buffer)) > 0)
                    data.append(buffer, qsizetype(got));
            }
            files.insert(name, data);
        }
    }
    archive_read_free(a);
    return files;
}

QByteArray job(const QByteArray &mainPy, const QList<TarEntry> &more = {})
{
    QList<TarEntry> entries{{u"./"_s, TarEntry::Directory, {}, {}},
                            {u"./main.py"_s, TarEntry::File, mainPy, {}}};
    entries.append(more);
    return makeTar(entries);
}

} // namespace

class TestEmulatorExecutions final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<TestClient> m_client;
    QString m_id;

    QString path(const QString &what) const { return u"/local-sandbox/"_s + m_id + u'/' + what; }
    static QByteArray named(const QString &name) { return json({{u"execution_name"_s, name}}); }

    Answer upload(const QString &name, const QByteArray &tarGz)
    {
        const Answer url = m_client->api("POST", path(u"execution-upload-url"_s), named(name));
        if (url.status != 200)
            return url;
        return m_client->send("PUT", QUrl(url.object()[u"upload_url"_s].toString()), tarGz,
                              {{"Content-Type", "application/gzip"}});
    }

    Answer execute(const QString &name) { return m_client->api("POST", path(u"execute"_s), named(name)); }

    Answer start(const QString &name, const QByteArray &tarGz)
    {
        const Answer stored = upload(name, tarGz);
        QTest::qCompare(stored.status, 200, "stored.status", "200", __FILE__, __LINE__);
        return execute(name);
    }

    QString status(const QString &name)
    {
        return m_client->api("GET", path(u"execution-status?execution_name="_s + name))
            .object()[u"status"_s]
            .toString();
    }

    Answer logsAt(const QString &name, qint64 cursor)
    {
        return m_client->api("GET",
                             path(u"execution-logs?execution_name=%1&cursor=%2"_s.arg(name).arg(cursor)));
    }

    // Reads from `cursor` until the status is final and a reply brings nothing more, as a client must.
    QString follow(const QString &name, qint64 cursor = 0, QList<qint64> *cursors = nullptr,
                   QString *finalStatus = nullptr, int timeoutMs = 20000)
    {
        QString text;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < timeoutMs) {
            const Answer answer = logsAt(name, cursor);
            if (answer.status != 200) {
                QTest::qFail(qPrintable(u"execution-logs answered %1: %2"_s.arg(answer.status)
                                            .arg(QString::fromUtf8(answer.body))),
                             __FILE__, __LINE__);
                return text;
            }
            const QJsonObject object = answer.object();
            const QString chunk = object[u"logs"_s].toString();
            const QString now = object[u"status"_s].toString();
            text += chunk;
            cursor = qint64(object[u"cursor"_s].toDouble());
            if (cursors)
                cursors->append(cursor);
            if ((now == u"completed" || now == u"failed") && chunk.isEmpty()) {
                if (finalStatus)
                    *finalStatus = now;
                return text;
            }
            if (chunk.isEmpty())
                QTest::qWait(10);
        }
        QTest::qFail("the execution did not end in time", __FILE__, __LINE__);
        return text;
    }

    QString waitFinal(const QString &name, int timeoutMs = 20000)
    {
        QString now;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < timeoutMs) {
            now = status(name);
            if (now == u"completed" || now == u"failed")
                break;
            QTest::qWait(10);
        }
        return now;
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        QVERIFY(m_server->listen());
        m_client = std::make_unique<TestClient>(m_server->apiBaseUrl());
        const Answer acquired = m_client->api("POST", u"/local-sandbox"_s,
                                              json({{u"server_names"_s, QJsonArray{u"filesystem"_s}}}));
        QCOMPARE(acquired.status, 201);
        m_id = acquired.object()[u"local_sandbox_id"_s].toString();
    }

    void cleanup()
    {
        m_client.reset();
        m_server.reset();
    }

    void completesWithThePrintedText()
    {
        const Answer started = start(u"hello"_s, job("print('hello')\nprint('w\\u00f6rld')\n"));
        QCOMPARE(started.status, 200);
        QCOMPARE(started.object()[u"execution_name"_s].toString(), u"hello"_s);
        QVERIFY(!started.object()[u"message"_s].toString().isEmpty());
        const QString first = status(u"hello"_s);
        QVERIFY2(first == u"pending" || first == u"running" || first == u"completed", qPrintable(first));
        QString final;
        QCOMPARE(follow(u"hello"_s, 0, nullptr, &final), u"hello\nw\u00f6rld\n"_s);
        QCOMPARE(final, u"completed"_s);
        QCOMPARE(status(u"hello"_s), u"completed"_s);
    }

    void interleavesStandardError()
    {
        start(u"mixed"_s, job("import sys\nprint('one')\nprint('two', file=sys.stderr)\nprint('three')\n"
                              "sys.stderr.write('four\\n')\n"));
        QCOMPARE(follow(u"mixed"_s), u"one\ntwo\nthree\nfour\n"_s);
    }

    void failingScriptReportsItsTraceback()
    {
        start(u"boom"_s, job("print('before')\nraise ValueError('it broke')\n"));
        QString final;
        const QString log = follow(u"boom"_s, 0, nullptr, &final);
        QCOMPARE(final, u"failed"_s);
        QVERIFY2(log.startsWith(u"before\nTraceback (most recent call last):"_s), qPrintable(log));
        QVERIFY(log.contains(u"ValueError: it broke"_s));
        QVERIFY2(log.endsWith(u"main.py exited with code 1\n"_s), qPrintable(log));
    }

    void refusesWhatCannotRun()
    {
        QCOMPARE(execute(u"never-uploaded"_s).status, 400);
        QCOMPARE(start(u"nomain"_s, makeTar({{u"other.py"_s, TarEntry::File, "print(1)", {}}})).status, 400);
        QVERIFY(execute(u"nomain"_s).detail().contains(u"main.py"_s));
        QCOMPARE(start(u"folder"_s, makeTar({{u"sub/main.py"_s, TarEntry::File, "print(1)", {}}})).status,
                 400);
        QCOMPARE(start(u"plain"_s, "main.py, but not an archive").status, 400);
        QCOMPARE(start(u"tar"_s, makeTar({{u"main.py"_s, TarEntry::File, "print(1)", {}}}, false)).status,
                 400);
        QCOMPARE(start(u"escape"_s, job("print(1)", {{u"../evil"_s, TarEntry::File, "x", {}}})).status, 400);
        QVERIFY(!EmulatorProbe(m_server).workspacePaths(m_id).contains(u"executions/escape/main.py"_s));
        // Names that cannot be a folder: 400 from the handler (the schema only says string).
        for (const QString &bad : {u""_s, u"."_s, u".."_s, u"a/b"_s, QString(65, u'x'), u"sp ace"_s})
            QCOMPARE(m_client->api("POST", path(u"execution-upload-url"_s), named(bad)).status, 400);
        QCOMPARE(m_client->api("POST", path(u"execute"_s), "{}").status, 422);
        QCOMPARE(m_client->api("POST", path(u"execute"_s), json({{u"execution_name"_s, 5}})).status, 422);
        QCOMPARE(m_client->api("POST", path(u"execute?region=eu"_s), named(u"x"_s)).status, 422);
        QCOMPARE(m_client->api("POST", u"/local-sandbox/nope/execute"_s, named(u"x"_s)).status, 404);
        QCOMPARE(m_client->api("GET", path(u"execution-status"_s)).status, 422);
        QCOMPARE(m_client->api("GET", path(u"execution-status?execution_name=x"_s)).status, 404);
        QCOMPARE(m_client->api("GET", u"/local-sandbox/nope/execution-status?execution_name=x"_s).status,
                 404);
        QCOMPARE(m_client->api("GET", path(u"execution-logs?execution_name=x"_s)).status, 404);
        QCOMPARE(m_client->api("GET", path(u"execution-logs?execution_name=x&cursor=-1"_s)).status, 422);
        QCOMPARE(m_client->api("GET", path(u"execution-logs?execution_name=x&cursor=abc"_s)).status, 422);
        QCOMPARE(m_client->api("POST", path(u"export-artifacts"_s), named(u"x"_s)).status, 404);
        QCOMPARE(m_client->api("GET", path(u"execute"_s)).status, 405);
    }

    void conflictWhileRunningAndReleaseKills()
    {
        start(u"sleeper"_s, job("import os, subprocess, time\n"
                                "child = subprocess.Popen(['sleep', '60'])\n"
                                "print(os.getpid(), child.pid, flush=True)\n"
                                "time.sleep(60)\n"));
        QString log;
        QElapsedTimer clock;
        clock.start();
        while (!log.contains(u'\n') && clock.elapsed() < 10000) {
            log = logsAt(u"sleeper"_s, 0).object()[u"logs"_s].toString();
            QTest::qWait(10);
        }
        const QStringList pids = log.trimmed().split(u' ');
        QCOMPARE(pids.size(), 2);
        QVERIFY(alive(pids.at(0).toLongLong()));
        QVERIFY(alive(pids.at(1).toLongLong()));
        QCOMPARE(status(u"sleeper"_s), u"running"_s);
        const Answer again = execute(u"sleeper"_s);
        QCOMPARE(again.status, 409);
        QVERIFY(again.detail().contains(u"running"_s));
        // One sandbox runs at most max_running at once: a second name is refused past it, with the reason.
        QCOMPARE(m_client->api("POST", u"/_emulator/executions"_s, json({{u"max_running"_s, 1}})).status,
                 200);
        const Answer second = start(u"second"_s, job("print('second')\n"));
        QCOMPARE(second.status, 409);
        QVERIFY2(second.detail().contains(u"already runs 1 executions"_s), qPrintable(second.detail()));
        const Answer artifacts = m_client->api("POST", path(u"export-artifacts"_s), named(u"sleeper"_s));
        QCOMPARE(artifacts.status, 409);
        QVERIFY(artifacts.detail().contains(u"running"_s));

        QCOMPARE(m_client->api("DELETE", u"/local-sandbox/"_s + m_id).status, 200);
        QTRY_VERIFY_WITH_TIMEOUT(!alive(pids.at(0).toLongLong()) && !alive(pids.at(1).toLongLong()), 3000);
        QCOMPARE(m_client->api("GET", path(u"execution-status?execution_name=sleeper"_s)).status, 404);
    }

    void resetKillsAndForgets()
    {
        start(u"sleeper"_s, job("import time\nprint('up', flush=True)\ntime.sleep(60)\n"));
        QTRY_COMPARE_WITH_TIMEOUT(status(u"sleeper"_s), u"running"_s, 5000);
        QCOMPARE(m_client->api("POST", path(u"reset"_s)).status, 200);
        QCOMPARE(m_client->api("GET", path(u"execution-status?execution_name=sleeper"_s)).status, 404);
        QVERIFY(EmulatorProbe(m_server).workspacePaths(m_id).isEmpty());
        // The archive is still in the store: the name can run again.
        QCOMPARE(execute(u"sleeper"_s).status, 200);
    }

    void timeLimitKillsTheGroup()
    {
        m_server->setExecutionSettings({qint64(1024) * 1024, 1});
        start(u"spin"_s, job("print('spinning', flush=True)\nwhile True:\n    pass\n"));
        QString final;
        const QString log = follow(u"spin"_s, 0, nullptr, &final, 10000);
        QCOMPARE(final, u"failed"_s);
        QVERIFY2(log.startsWith(u"spinning\n"_s), qPrintable(log));
        QVERIFY2(log.endsWith(u"time limit of 1 s reached: the process group was killed\n"_s),
                 qPrintable(log));
    }

    void outputCapCutsTheLog()
    {
        m_server->setExecutionSettings({1000, 60});
        start(u"loud"_s,
              job("import os\nfor i in range(2000):\n    print('line %04d' % i)\n"
                  "open(os.path.join(os.environ['AGENT_WORKSPACE'], 'done.txt'), 'w').write('yes')\n"));
        QString final;
        const QString log = follow(u"loud"_s, 0, nullptr, &final);
        QCOMPARE(final, u"completed"_s);
        QVERIFY2(log.startsWith(u"line 0000\nline 0001\n"_s), qPrintable(log));
        QVERIFY(log.contains(u"the log reached its limit of 1000 bytes"_s));
        QVERIFY(log.size() < 1200);
        QVERIFY(!log.contains(u"line 1999"_s));
        QCOMPARE(EmulatorProbe(m_server).workspaceFile(m_id, u"done.txt"_s),
                 QByteArray("yes")); // it ran to its end
    }

    void cursorGivesEveryByteOnce()
    {
        constexpr qint64 mebibyte = 1024 * 1024;
        // 'é' (2 bytes) straddles the first 1 MiB boundary; an invalid byte near the end.
        QByteArray expected = QByteArray(mebibyte - 1, 'a') + "\xc3\xa9" + QByteArray(2 * mebibyte, 'b') +
                              "\xff" + "z\xe2\x82\xac";
        start(u"big"_s,
              job("import sys\nout = sys.stdout.buffer\nout.write(b'a' * (1024 * 1024 - 1))\n"
                  "out.write('\\u00e9'.encode())\nout.write(b'b' * (2 * 1024 * 1024))\nout.write(b'\\xffz')\n"
                  "out.write('\\u20ac'.encode())\n"));
        QCOMPARE(waitFinal(u"big"_s), u"completed"_s);
        QList<qint64> cursors;
        const QString all = follow(u"big"_s, 0, &cursors);
        QCOMPARE(all, QString::fromUtf8(expected));
        QCOMPARE(cursors.constFirst(), mebibyte - 1); // not inside the 'é'
        QCOMPARE(cursors.constLast(), qint64(expected.size()));
        const Answer first = logsAt(u"big"_s, 0);
        QCOMPARE(first.object()[u"logs"_s].toString(), QString(mebibyte - 1, u'a'));
        QCOMPARE(logsAt(u"big"_s, mebibyte - 1).object()[u"logs"_s].toString().left(2), u"\u00e9b"_s);
        // Resuming anywhere gives exactly the rest.
        for (const qint64 cursor : {qint64(12345), mebibyte + 1, qint64(expected.size() - 4)})
            QCOMPARE(follow(u"big"_s, cursor), QString::fromUtf8(expected.mid(cursor)));
        const Answer end = logsAt(u"big"_s, expected.size());
        QCOMPARE(end.status, 200);
        QCOMPARE(end.object()[u"logs"_s].toString(), QString());
        const Answer past = logsAt(u"big"_s, expected.size() + 1);
        QCOMPARE(past.status, 400);
        QVERIFY(past.detail().contains(u"past the end"_s));
    }

    void hundredThousandLinesArriveWholeAndInOrder()
    {
        QElapsedTimer clock;
        clock.start();
        start(u"lines"_s, job("for i in range(100000):\n    print('line', i)\n"));
        QString expected;
        for (int i = 0; i < 100000; ++i)
            expected += u"line %1\n"_s.arg(i);
        QString final;
        // Followed while it runs: chunks end where the output had got to.
        QCOMPARE(follow(u"lines"_s, 0, nullptr, &final), expected);
        QCOMPARE(final, u"completed"_s);
        qInfo("100,000 lines executed and followed in %lld ms", qint64(clock.elapsed()));
    }

    void readBackKeepsTheWorkspaceLimits()
    {
        m_server->setMaxWorkspaceBytes(4096);
        start(u"big"_s, job("import os\nroot = os.environ['AGENT_WORKSPACE']\n"
                            "open(os.path.join(root, 'big.bin'), 'wb').write(b'x' * 10000)\n"
                            "open(os.path.join(root, 'small.txt'), 'w').write('fits')\n"));
        QString final;
        const QString log = follow(u"big"_s, 0, nullptr, &final);
        QCOMPARE(final, u"completed"_s);
        QVERIFY2(log.contains(u"not kept in the workspace: 'big.bin'"_s), qPrintable(log));
        QVERIFY(!EmulatorProbe(m_server).workspacePaths(m_id).contains(u"big.bin"_s));
        QCOMPARE(EmulatorProbe(m_server).workspaceFile(m_id, u"small.txt"_s), QByteArray("fits"));
    }

    void requirementsAreListedNotInstalled()
    {
        start(u"deps"_s, job("print('ran')\n",
                             {{u"requirements.txt"_s, TarEntry::File, "requests==2.0\n# no\n\nnumpy\n", {}},
                              {u"packages.txt"_s, TarEntry::File, "curl\n", {}}}));
        QCOMPARE(follow(u"deps"_s),
                 u"requirements.txt: 2 packages listed, not installed (the emulator has no network)\n"
                 "packages.txt: 1 package listed, not installed (the emulator has no network)\nran\n"_s);
    }

    void workspacePersistsAcrossExecutions()
    {
        start(
            u"writer"_s,
            job("import os\nroot = os.environ['AGENT_WORKSPACE']\n"
                "open(os.path.join(root, 'shared.txt'), 'w').write('from ' + os.environ['EXECUTION_NAME'])\n"
                "print(os.path.isfile('main.py') and not os.getcwd().startswith(root + os.sep) and "
                "not os.path.exists(os.path.join(root, 'executions')))\n"));
        QCOMPARE(follow(u"writer"_s), u"True\n"_s);
        QCOMPARE(EmulatorProbe(m_server).workspaceFile(m_id, u"shared.txt"_s), QByteArray("from writer"));
        start(u"reader"_s, job("import os\nprint(open(os.path.join(os.environ['AGENT_WORKSPACE'], "
                               "'shared.txt')).read())\n"));
        QCOMPARE(follow(u"reader"_s), u"from writer\n"_s);

        const Answer dump = m_client->api("GET", path(u"dump"_s));
        QCOMPARE(dump.status, 200);
        const Answer archive = m_client->send("GET", QUrl(dump.object()[u"download_url"_s].toString()));
        QCOMPARE(archive.status, 200);
        const QMap<QString, QByteArray> files = untar(archive.body);
        QCOMPARE(files.value(u"./shared.txt"_s), QByteArray("from writer"));
        // A dump is the agent's workspace: the executions' own folders are their artifacts, not in it.
        for (auto it = files.cbegin(); it != files.cend(); ++it)
            QVERIFY2(!it.key().startsWith(u"./executions"_s), qPrintable(it.key()));

        // Executing a finished name again starts its log over.
        start(u"writer"_s, job("print('second')\n"));
        QCOMPARE(follow(u"writer"_s), u"second\n"_s);
    }

    void artifactsAreTheExecutionFolder()
    {
        start(u"art"_s,
              job("import os\nos.makedirs('out', exist_ok=True)\nopen('out/result.txt', 'w').write('42')\n"));
        QCOMPARE(waitFinal(u"art"_s), u"completed"_s);
        const Answer exported =
            m_client->api("POST", path(u"export-artifacts?region=asia"_s), named(u"art"_s));
        QCOMPARE(exported.status, 200);
        QCOMPARE(exported.object()[u"expires_in_minutes"_s].toInt(), 30);
        const QUrl url(exported.object()[u"download_url"_s].toString());
        QVERIFY(url.path().contains(u"/klavis-asia/"_s));
        const Answer archive = m_client->send("GET", url);
        QCOMPARE(archive.status, 200);
        const QMap<QString, QByteArray> files = untar(archive.body);
        QCOMPARE(files.keys(), (QStringList{u"./"_s, u"./main.py"_s, u"./out/"_s, u"./out/result.txt"_s}));
        QCOMPARE(files.value(u"./out/result.txt"_s), QByteArray("42"));
        const Answer tail = m_client->send("GET", url, {}, {{"Range", "bytes=10-"}});
        QCOMPARE(tail.status, 206);
        QCOMPARE(tail.body, archive.body.mid(10));
    }

    void faultsAndRateLimitReachTheRoutes()
    {
        start(u"quick"_s, job("print('ok')\n"));
        QCOMPARE(waitFinal(u"quick"_s), u"completed"_s);
        Emulator::FaultSettings faults;
        faults.rateLimitNextRequests = 1;
        m_server->setFaults(faults);
        const Answer limited = logsAt(u"quick"_s, 0);
        QCOMPARE(limited.status, 429);
        QVERIFY(!limited.header("Retry-After").isEmpty());
        faults = {};
        faults.hangNextRequests = 1;
        m_server->setFaults(faults);
        const Answer dropped = m_client->send(
            "GET", QUrl(m_server->apiBaseUrl().toString() + path(u"execution-status?execution_name=quick"_s)),
            {}, {{"Authorization", "Bearer demo-key"}}, 300);
        QVERIFY(dropped.timedOut);
        QCOMPARE(follow(u"quick"_s), u"ok\n"_s);
        m_server->setRateLimit({1, 1});
        int refused = 0;
        for (int i = 0; i < 3; ++i)
            refused += m_client->api("POST", path(u"export-artifacts"_s), named(u"quick"_s)).status == 429;
        QVERIFY(refused >= 1);
    }

    void controlApiSetsTheBounds()
    {
        const Answer set = m_client->api("POST", u"/_emulator/executions"_s,
                                         json({{u"max_log_bytes"_s, 5000}, {u"time_limit_seconds"_s, 7}}));
        QCOMPARE(set.status, 200);
        QCOMPARE(EmulatorProbe(m_server).executionSettings().maxLogBytes, 5000);
        QCOMPARE(EmulatorProbe(m_server).executionSettings().timeLimitSeconds, 7);
        QCOMPARE(EmulatorProbe(m_server).executionSettings().maxRunning, 4);
        QCOMPARE(m_client->api("POST", u"/_emulator/executions"_s, json({{u"max_running"_s, 0}})).status,
                 400);
        QCOMPARE(
            m_client->api("POST", u"/_emulator/executions"_s, json({{u"time_limit_seconds"_s, 0}})).status,
            400);
        QCOMPARE(
            m_client->api("DELETE", u"/_emulator/executions"_s).object()[u"time_limit_seconds"_s].toInt(),
            600);
    }

    void destructorLeavesNoProcess()
    {
        start(u"orphan"_s, job("import os, time\nprint(os.getpid(), flush=True)\ntime.sleep(60)\n"));
        QString log;
        QElapsedTimer clock;
        clock.start();
        while (!log.contains(u'\n') && clock.elapsed() < 10000) {
            log = logsAt(u"orphan"_s, 0).object()[u"logs"_s].toString();
            QTest::qWait(10);
        }
        const qint64 pid = log.trimmed().toLongLong();
        QVERIFY(alive(pid));
        m_client.reset();
        m_server.reset();
        QTRY_VERIFY_WITH_TIMEOUT(!alive(pid), 3000);
    }
};

QTEST_GUILESS_MAIN(TestEmulatorExecutions)
#include "tst_emulatorexecutions.moc"
