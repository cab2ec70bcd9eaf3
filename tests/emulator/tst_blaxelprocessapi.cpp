// A Blaxel sandbox's process API in the emulator: allowed commands only, split without a shell,
// waitForCompletion (holding nobody else up), background runs and their logs, and the timeout.

#include "blaxelsandboxfixture.h"
#include "emulator/blaxel/blaxelcommandline.h"
#include "emulatorprobe.h"

#include <QElapsedTimer>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;
using Emulator::BlaxelCommandLine;

class TestBlaxelProcessApi final : public QObject, private BlaxelSandboxFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { startSandbox(); }
    void cleanup() { stopSandbox(); }

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
        Emulator::BlaxelSettings settings = EmulatorProbe(m_server).blaxelSettings();
        settings.processTimeoutMs = 10000; // init's 1.5 s would kill the 2 s command
        m_server->setBlaxelSettings(settings);
        QNetworkAccessManager waiterNam;
        QElapsedTimer waited;
        waited.start();
        QNetworkReply *waiter = startWaitingCommand(waiterNam, u"waiter"_s, 2);
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
        QNetworkReply *waiter = startWaitingCommand(waiterNam, u"orphan"_s, 30);
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

    // DELETE /process/{id} stops (SIGTERM), DELETE /process/{id}/kill kills: answered at once, the status
    // "stopped" or "killed" once the command has ended, as @blaxel/core's stop() and kill() expect.
    void stopAndKill()
    {
        Emulator::BlaxelSettings settings = EmulatorProbe(m_server).blaxelSettings();
        settings.processTimeoutMs = 30000; // init's 1.5 s would end the commands before they are stopped
        m_server->setBlaxelSettings(settings);
        const QString sleeper = u"python3 -c 'import time; time.sleep(30)'"_s;
        for (const QString &name : {u"to-stop"_s, u"to-kill"_s})
            QCOMPARE(
                run(sleeper, {{u"name"_s, name}, {u"waitForCompletion"_s, false}})[u"status"_s].toString(),
                u"running"_s);
        QElapsedTimer clock;
        clock.start();
        const Answer stop = m_blaxel->sandbox("DELETE", m_url, u"/process/to-stop"_s);
        QCOMPARE(stop.status, 200);
        QVERIFY(!stop.object()[u"message"_s].toString().isEmpty());
        const Answer kill = m_blaxel->sandbox("DELETE", m_url, u"/process/to-kill/kill"_s);
        QCOMPARE(kill.status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_blaxel->sandbox("GET", m_url, u"/process/to-stop"_s).object()[u"status"_s].toString(),
            u"stopped"_s, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_blaxel->sandbox("GET", m_url, u"/process/to-kill"_s).object()[u"status"_s].toString(),
            u"killed"_s, 5000);
        QVERIFY(clock.elapsed() < 5000); // SIGTERM ends python3 long before its 30 s
        // Ended, unknown, or the wrong method: refused.
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/process/to-stop"_s).status, 400);
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/process/to-kill/kill"_s).status, 400);
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/process/nobody"_s).status, 404);
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/process/nobody/kill"_s).status, 404);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/process/to-kill/kill"_s).status, 405);
        QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/process/to-kill/logs"_s).status, 405);
        // A ProcessResponse carries stdout and stderr, as @blaxel/core's type has them.
        const QJsonObject done = run(u"python3 -c 'import sys; print(1); print(2, file=sys.stderr)'"_s);
        QCOMPARE(done[u"stdout"_s].toString(), u"1\n"_s);
        QCOMPARE(done[u"stderr"_s].toString(), u"2\n"_s);
    }

    // GET /network/process/{pid}/ports: the sandbox API's {"pid", "ports": [PortInfo]}, with the ports the
    // process listens on, and those of the children it forked.
    void listeningPorts()
    {
        Emulator::BlaxelSettings settings = EmulatorProbe(m_server).blaxelSettings();
        settings.processTimeoutMs = 30000;
        m_server->setBlaxelSettings(settings);
        const QString listener =
            u"python3 -c 'import socket,time; s=socket.socket(); s.bind((\"127.0.0.1\",0)); s.listen(); "
            "print(s.getsockname()[1], flush=True); time.sleep(30)'"_s;
        const QString forkingListener =
            u"python3 -c 'import os,socket,time; s=socket.socket(); s.bind((\"127.0.0.1\",0)); "
            "pid=os.fork(); pid and s.close(); pid or (s.listen(), print(s.getsockname()[1], flush=True)); "
            "time.sleep(30)'"_s;
        for (const auto &[name, command] :
             {std::pair(u"listener"_s, listener), std::pair(u"forking-listener"_s, forkingListener)}) {
            const QJsonObject started = run(command, {{u"name"_s, name}, {u"waitForCompletion"_s, false}});
            const QString pid = started[u"pid"_s].toString();
            QVERIFY(!pid.isEmpty());
            const QString logsPath = u"/process/%1/logs"_s.arg(name);
            QTRY_VERIFY_WITH_TIMEOUT(!m_blaxel->sandbox("GET", m_url, logsPath)
                                          .object()[u"stdout"_s]
                                          .toString()
                                          .trimmed()
                                          .isEmpty(),
                                     5000);
            const int port =
                m_blaxel->sandbox("GET", m_url, logsPath).object()[u"stdout"_s].toString().toInt();
            QVERIFY(port > 0);
            const QString portsPath = u"/network/process/%1/ports"_s.arg(pid);
            const auto listedPorts = [&] {
                QList<int> ports;
                for (const QJsonValue &entry :
                     m_blaxel->sandbox("GET", m_url, portsPath).object()[u"ports"_s].toArray())
                    ports.append(entry[u"localPort"_s].toInt());
                return ports;
            };
            QTRY_COMPARE_WITH_TIMEOUT(listedPorts(), QList<int>{port}, 5000);
            const Answer answer = m_blaxel->sandbox("GET", m_url, portsPath);
            QCOMPARE(answer.status, 200);
            QCOMPARE(answer.object()[u"pid"_s].toInt(), pid.toInt());
            const QJsonObject info = answer.object()[u"ports"_s].toArray().at(0).toObject();
            QCOMPARE(info[u"protocol"_s].toString(), u"tcp"_s);
            QCOMPARE(info[u"state"_s].toString(), u"LISTEN"_s);
            QCOMPARE(info[u"localAddr"_s].toString(), u"127.0.0.1"_s);
            QCOMPARE(info[u"processName"_s].toString(), u"python3"_s);
            // Once it ended, it listens on nothing.
            QCOMPARE(m_blaxel->sandbox("DELETE", m_url, u"/process/%1/kill"_s.arg(name)).status, 200);
            QTRY_COMPARE_WITH_TIMEOUT(listedPorts(), QList<int>{}, 5000);
        }
        // Not a process of this sandbox, not a pid, or the wrong method: refused as the sandbox API does.
        const Answer unknown = m_blaxel->sandbox("GET", m_url, u"/network/process/999999999/ports"_s);
        QCOMPARE(unknown.status, 404);
        QVERIFY(unknown.object()[u"error"_s].toString().contains(u"not found"_s));
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/network/process/abc/ports"_s).status, 400);
        QCOMPARE(m_blaxel->sandbox("GET", m_url, u"/network/process/1/monitors"_s).status, 404);
        QCOMPARE(m_blaxel->sandbox("POST", m_url, u"/network/process/1/ports"_s).status, 405);
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
};

QTEST_GUILESS_MAIN(TestBlaxelProcessApi)
#include "tst_blaxelprocessapi.moc"
