// A Blaxel sandbox's GET /terminal/ws in the emulator: a real shell on a PTY behind JSON frames, resized,
// kept across a dropped socket for a reconnect with the same sessionId, bounded, and killed with its sandbox.

#include "blaxelsandboxfixture.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>
#include <QWebSocket>

#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

namespace {

// One client of /terminal/ws: what arrived, joined, and the frames that were not output.
class TerminalClient
{
public:
    QWebSocket socket;
    QString output;
    QList<QJsonObject> others;
    bool closed = false;

    TerminalClient()
    {
        QObject::connect(&socket, &QWebSocket::textMessageReceived, &socket, [this](const QString &text) {
            const QJsonObject frame = QJsonDocument::fromJson(text.toUtf8()).object();
            if (frame.value(u"type"_s).toString() == u"output")
                output += frame.value(u"data"_s).toString();
            else
                others.append(frame);
        });
        QObject::connect(&socket, &QWebSocket::disconnected, &socket, [this] { closed = true; });
    }

    void open(const QString &sandboxUrl, const QList<QPair<QString, QString>> &items,
              const QByteArray &key = "demo-key", bool inQuery = false)
    {
        QUrl url(sandboxUrl + u"/terminal/ws"_s);
        url.setScheme(u"ws"_s);
        QUrlQuery query;
        for (const auto &[name, value] : items)
            query.addQueryItem(name, value);
        if (inQuery)
            query.addQueryItem(u"token"_s, QString::fromUtf8(key));
        url.setQuery(query);
        QNetworkRequest request(url);
        if (!inQuery)
            request.setRawHeader("Authorization", "Bearer " + key);
        socket.open(request);
    }

    void send(const QJsonObject &frame)
    {
        socket.sendTextMessage(QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact)));
    }
    void type(const QString &text) { send({{u"type"_s, u"input"_s}, {u"data"_s, text}}); }
};

} // namespace

class TestBlaxelTerminal : public QObject, private BlaxelSandboxFixture
{
    Q_OBJECT

private Q_SLOTS:
    void init() { startSandbox(); }
    void cleanup() { stopSandbox(); }

    void runsAShellInTheSandboxFolder()
    {
        TerminalClient client;
        client.open(m_url, {{u"cols"_s, u"80"_s}, {u"rows"_s, u"24"_s}});
        QTRY_VERIFY_WITH_TIMEOUT(client.socket.state() == QAbstractSocket::ConnectedState, 5000);
        // The quotes keep the typed line, which the terminal echoes, apart from what the command prints.
        client.type(u"echo hel''lo; pwd; echo $TERM\r"_s);
        QTRY_VERIFY_WITH_TIMEOUT(client.output.contains(u"hello\r\n"_s), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(client.output.contains(folder() + u"/blaxel\r\n"_s), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(client.output.contains(u"xterm-256color\r\n"_s), 10000);
    }

    void resizesThePty()
    {
        TerminalClient client;
        client.open(m_url, {{u"cols"_s, u"90"_s}, {u"rows"_s, u"20"_s}});
        QTRY_VERIFY_WITH_TIMEOUT(client.socket.state() == QAbstractSocket::ConnectedState, 5000);
        client.type(u"stty size\r"_s);
        QTRY_VERIFY_WITH_TIMEOUT(client.output.contains(u"20 90\r\n"_s), 10000);
        client.send({{u"type"_s, u"resize"_s}, {u"cols"_s, 100}, {u"rows"_s, 30}});
        client.type(u"stty size\r"_s);
        QTRY_VERIFY_WITH_TIMEOUT(client.output.contains(u"30 100\r\n"_s), 10000);
    }

    void reconnectsToTheSameSession()
    {
        auto first = std::make_unique<TerminalClient>();
        first->open(m_url, {{u"sessionId"_s, u"work"_s}}, "demo-key", true);
        QTRY_VERIFY_WITH_TIMEOUT(first->socket.state() == QAbstractSocket::ConnectedState, 5000);
        first->type(u"export MARK=kept; echo se''t\r"_s);
        QTRY_VERIFY_WITH_TIMEOUT(first->output.contains(u"set\r\n"_s), 10000);
        first->socket.close();
        QTRY_VERIFY_WITH_TIMEOUT(first->closed, 5000);
        first.reset();

        TerminalClient second;
        second.open(m_url, {{u"sessionId"_s, u"work"_s}});
        QTRY_VERIFY_WITH_TIMEOUT(second.socket.state() == QAbstractSocket::ConnectedState, 5000);
        // The tail of what the shell wrote comes first.
        QTRY_VERIFY_WITH_TIMEOUT(second.output.contains(u"set\r\n"_s), 10000);
        second.type(u"echo $MARK-ok\r"_s);
        QTRY_VERIFY_WITH_TIMEOUT(second.output.contains(u"kept-ok\r\n"_s), 10000);

        TerminalClient other;
        other.open(m_url, {{u"sessionId"_s, u"other"_s}});
        QTRY_VERIFY_WITH_TIMEOUT(other.socket.state() == QAbstractSocket::ConnectedState, 5000);
        other.type(u"echo [$MARK]\r"_s);
        QTRY_VERIFY_WITH_TIMEOUT(other.output.contains(u"[]\r\n"_s), 10000);
    }

    void refusesAWrongKey()
    {
        TerminalClient client;
        client.open(m_url, {}, "wrong");
        QTRY_VERIFY_WITH_TIMEOUT(client.closed, 5000);
        QCOMPARE(client.others.size(), 1);
        QCOMPARE(client.others.constFirst().value(u"type"_s).toString(), u"error"_s);
        QVERIFY(client.output.isEmpty());
    }

    void boundsSessionsPerSandbox()
    {
        std::vector<std::unique_ptr<TerminalClient>> clients;
        for (int i = 0; i < 8; ++i) {
            clients.push_back(std::make_unique<TerminalClient>());
            clients.back()->open(m_url, {{u"sessionId"_s, u"s%1"_s.arg(i)}});
        }
        for (const auto &client : clients)
            QTRY_VERIFY_WITH_TIMEOUT(client->socket.state() == QAbstractSocket::ConnectedState, 5000);
        TerminalClient ninth;
        ninth.open(m_url, {{u"sessionId"_s, u"s8"_s}});
        QTRY_VERIFY_WITH_TIMEOUT(ninth.closed, 5000);
        QCOMPARE(ninth.others.size(), 1);
        // An existing one still attaches.
        TerminalClient again;
        again.open(m_url, {{u"sessionId"_s, u"s3"_s}});
        QTRY_VERIFY_WITH_TIMEOUT(again.socket.state() == QAbstractSocket::ConnectedState, 5000);
    }

    void deletingTheSandboxKillsItsShells()
    {
        TerminalClient client;
        client.open(m_url, {});
        QTRY_VERIFY_WITH_TIMEOUT(client.socket.state() == QAbstractSocket::ConnectedState, 5000);
        client.type(u"echo $$\r"_s);
        QTRY_VERIFY_WITH_TIMEOUT(client.output.count(u"\r\n"_s) >= 2, 10000);
        const Answer answer = m_blaxel->control("DELETE", u"/research-notebook"_s, {}, BlaxelClient::Call());
        QCOMPARE(answer.status, 200);
        QTRY_VERIFY_WITH_TIMEOUT(client.closed, 5000);
    }

    void theShellEndingClosesTheSocket()
    {
        TerminalClient client;
        client.open(m_url, {});
        QTRY_VERIFY_WITH_TIMEOUT(client.socket.state() == QAbstractSocket::ConnectedState, 5000);
        client.type(u"exit\r"_s);
        QTRY_VERIFY_WITH_TIMEOUT(client.closed, 10000);
    }
};

QTEST_MAIN(TestBlaxelTerminal)
#include "tst_blaxelterminal.moc"
