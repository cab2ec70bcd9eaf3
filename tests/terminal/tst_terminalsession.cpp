// A terminal session against the emulator's /terminal/ws over loopback: a real shell on this machine, the
// screen fed by it, a resize the shell sees, and a dropped socket that comes back to the same shell.

#include "blaxelclient.h"
#include "emulator/emulatorserver.h"
#include "terminal/terminalconnection.h"
#include "terminal/terminalscreen.h"
#include "terminal/terminalsession.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

bool hasLine(const TerminalScreen *screen, const QString &text)
{
    for (int i = 0; i < screen->scrollbackSize() + screen->rows(); ++i) {
        if (screen->lineText(i) == text)
            return true;
    }
    return false;
}

} // namespace

class TestTerminalSession : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_data;
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    QUrl m_url;

    TerminalConnection::Target target(const QString &sessionId, const QString &key = u"demo-key"_s) const
    {
        TerminalConnection::Target target;
        target.sandboxUrl = m_url;
        target.apiKey = key;
        target.workspace = u"demo"_s;
        target.sessionId = sessionId;
        return target;
    }

private Q_SLOTS:
    void init()
    {
        m_data = std::make_unique<QTemporaryDir>();
        m_server = EmulatorTest::blaxelEmulator(m_data->path(), [](Emulator::BlaxelSettings &) {});
        QVERIFY(m_server->listen());
        EmulatorTest::BlaxelClient blaxel(m_server->apiBaseUrl());
        m_url = QUrl(blaxel.url(u"research-notebook"_s));
        QVERIFY(m_url.isValid());
    }
    void cleanup()
    {
        m_server.reset();
        m_data.reset();
    }

    void echoesResizesAndReconnects()
    {
        TerminalSession session(u"research-notebook"_s, new TerminalConnection(target(u"t1"_s)));
        QSignalSpy reattached(session.connection(), &TerminalConnection::reattached);
        session.start(80, 24);
        QTRY_COMPARE_WITH_TIMEOUT(session.connection()->state(), TerminalConnection::State::Connected, 5000);
        TerminalScreen *screen = session.screen();
        // Typed through the screen, as a view does; the quotes keep the echoed line apart from the output.
        for (const QChar c : u"echo hel''lo"_s)
            screen->sendKey(0, Qt::NoModifier, QString(c));
        screen->sendKey(Qt::Key_Return, Qt::NoModifier, u"\r"_s);
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(screen, u"hello"_s), 10000);

        session.resize(100, 30);
        QCOMPARE(screen->cols(), 100);
        QCOMPARE(screen->rows(), 30);
        session.connection()->sendInput("stty size\r");
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(screen, u"30 100"_s), 10000);

        // Seen done before the drop: a frame still in the socket's buffer would go with it.
        session.connection()->sendInput("MARK=still-here; echo se''t\r");
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(screen, u"set"_s), 10000);
        session.connection()->reconnect();
        QTRY_COMPARE_WITH_TIMEOUT(reattached.size(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(session.connection()->state(), TerminalConnection::State::Connected, 5000);
        // The replayed tail puts the earlier output back on the cleared screen.
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(screen, u"hello"_s), 10000);
        session.connection()->sendInput("echo [$MARK]\r");
        QTRY_VERIFY_WITH_TIMEOUT(hasLine(screen, u"[still-here]"_s), 10000);
    }

    void aWrongKeyEndsWithAProblem()
    {
        TerminalSession session(u"research-notebook"_s, new TerminalConnection(target(u"t2"_s, u"wrong"_s)));
        QSignalSpy failed(session.connection(), &TerminalConnection::failed);
        session.start(80, 24);
        QTRY_COMPARE_WITH_TIMEOUT(session.connection()->state(), TerminalConnection::State::Ended, 5000);
        QCOMPARE(failed.size(), 1);
        QVERIFY(failed.constFirst().constFirst().toString().contains(u"Invalid"_s));
    }

    void theShellEndingEndsTheSession()
    {
        TerminalSession session(u"research-notebook"_s, new TerminalConnection(target(u"t3"_s)));
        session.start(80, 24);
        QTRY_COMPARE_WITH_TIMEOUT(session.connection()->state(), TerminalConnection::State::Connected, 5000);
        session.connection()->sendInput("exit\r");
        QTRY_COMPARE_WITH_TIMEOUT(session.connection()->state(), TerminalConnection::State::Ended, 10000);
    }

    // A burst of output reaches the screen over several turns of the event loop, not in the one it arrived
    // in, and whole; the history keeps short lines short.
    void aBurstIsFedInSlicesAndWhole()
    {
        TerminalSession session(u"research-notebook"_s, new TerminalConnection(target(u"burst"_s)));
        session.screen()->resize(24, 120);
        QByteArray burst;
        for (int i = 1; i <= 20'000; ++i)
            burst += QByteArray::number(i) + "\r\n";
        Q_EMIT session.connection()->output(burst);
        QCOMPARE(session.queuedBytes(), burst.size());
        QCoreApplication::processEvents();
        QVERIFY(session.queuedBytes() > 0);
        QVERIFY(session.queuedBytes() < burst.size());
        QTRY_COMPARE_WITH_TIMEOUT(session.queuedBytes(), 0, 10000);
        const TerminalScreen *screen = session.screen();
        QCOMPARE(screen->lineText(screen->scrollbackSize() + screen->cursor().y() - 1), u"20000"_s);
        QVERIFY(screen->scrollbackSize() > 0);
        QCOMPARE(screen->scrollbackLine(screen->scrollbackSize() - 1).size(), qsizetype(5));
    }

    void theKeyStaysOutOfTheUrl()
    {
        TerminalConnection connection(target(u"a b"_s));
        const QUrl url = connection.socketUrl();
        QCOMPARE(url.scheme(), u"ws"_s);
        QVERIFY(url.path().endsWith(u"/blaxel-sandbox/demo/research-notebook/terminal/ws"_s));
        QVERIFY(!url.toString().contains(u"demo-key"_s));
        QVERIFY(url.query(QUrl::FullyEncoded).contains(u"sessionId=a%20b"_s));
        QVERIFY(TerminalConnection::checkUrl(QUrl(u"http://example.com/x"_s)).size() > 0);
        QVERIFY(TerminalConnection::checkUrl(QUrl(u"https://example.com/x"_s)).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTerminalSession)
#include "tst_terminalsession.moc"
