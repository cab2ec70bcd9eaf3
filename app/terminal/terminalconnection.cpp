#include "terminal/terminalconnection.h"

#include "api/httptransport.h"
#include "api/urlpolicy.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkRequest>
#include <QUrlQuery>
#include <QWebSocket>

#include <algorithm>

using namespace Qt::StringLiterals;

TerminalConnection::TerminalConnection(Target target, QObject *parent)
    : QObject(parent), m_target(std::move(target))
{
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &TerminalConnection::connectSocket);
}

TerminalConnection::~TerminalConnection()
{
    if (m_socket)
        m_socket->disconnect(this);
}

QString TerminalConnection::checkUrl(const QUrl &url)
{
    return UrlPolicy::checkBaseUrl(url);
}

QUrl TerminalConnection::socketUrl() const
{
    QUrl url = m_target.sandboxUrl;
    url.setScheme(url.scheme() == u"https" ? u"wss"_s : u"ws"_s);
    QString path = url.path(QUrl::FullyEncoded);
    if (path.endsWith(u'/'))
        path.chop(1);
    url.setPath(path + u"/terminal/ws"_s, QUrl::StrictMode);
    QUrlQuery query;
    query.addQueryItem(u"cols"_s, QString::number(m_cols));
    query.addQueryItem(u"rows"_s, QString::number(m_rows));
    query.addQueryItem(u"sessionId"_s, QString::fromLatin1(QUrl::toPercentEncoding(m_target.sessionId)));
    if (!m_target.shell.isEmpty())
        query.addQueryItem(u"shell"_s, QString::fromLatin1(QUrl::toPercentEncoding(m_target.shell)));
    if (!m_target.workingDir.isEmpty())
        query.addQueryItem(u"workingDir"_s,
                           QString::fromLatin1(QUrl::toPercentEncoding(m_target.workingDir)));
    url.setQuery(query);
    url.setFragment({});
    return url;
}

void TerminalConnection::open(int cols, int rows)
{
    m_cols = std::clamp(cols, 1, 1000);
    m_rows = std::clamp(rows, 1, 1000);
    if (const QString problem = checkUrl(m_target.sandboxUrl); !problem.isEmpty()) {
        m_problem = problem;
        setState(State::Ended);
        Q_EMIT failed(problem);
        return;
    }
    connectSocket();
}

void TerminalConnection::connectSocket()
{
    if (m_state == State::Ended)
        return;
    // One socket for the connection's life, opened again after a drop (open() replaces its TCP socket).
    if (!m_socket) {
        m_socket = std::make_unique<QWebSocket>();
        m_socket->setMaxAllowedIncomingFrameSize(quint64(maxIncomingFrameBytes));
        m_socket->setMaxAllowedIncomingMessageSize(quint64(maxIncomingFrameBytes));
        connect(m_socket.get(), &QWebSocket::connected, this, &TerminalConnection::connected);
        connect(m_socket.get(), &QWebSocket::disconnected, this, &TerminalConnection::disconnected);
        connect(m_socket.get(), &QWebSocket::textMessageReceived, this, &TerminalConnection::frameReceived);
        // A handshake that fails may say so only here, without disconnected(). Qt 6.4 names the signal
        // error(); 6.5 renames it errorOccurred().
        connect(m_socket.get(), qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this, [this] {
            if (m_socket && m_socket->state() == QAbstractSocket::UnconnectedState)
                disconnected();
        });
    }
    QNetworkRequest request(socketUrl());
    request.setRawHeader("User-Agent", HttpTransport::userAgent());
    if (!m_target.apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_target.apiKey.toUtf8());
    request.setRawHeader("X-Blaxel-Workspace", m_target.workspace.toUtf8());
    setState(m_wasConnected ? State::Reconnecting : State::Connecting);
    m_socket->open(request);
}

void TerminalConnection::connected()
{
    const bool again = m_wasConnected;
    m_wasConnected = true;
    m_retryDelayMs = 250;
    m_droppedAtMs = 0;
    setState(State::Connected);
    if (again)
        Q_EMIT reattached();
    // The server sizes a reattached shell from the query; say it again in case it moved while away.
    send({{u"type"_s, u"resize"_s}, {u"cols"_s, m_cols}, {u"rows"_s, m_rows}});
    if (!m_queued.isEmpty())
        sendInput(std::exchange(m_queued, {}));
}

void TerminalConnection::disconnected()
{
    if (m_state == State::Ended || m_retry.isActive())
        return;
    if (!m_wasConnected) {
        // Never reached: a wrong key or URL, which asking again will not mend.
        m_problem = m_problem.isEmpty() && m_socket ? m_socket->errorString() : m_problem;
        setState(State::Ended);
        Q_EMIT failed(m_problem);
        return;
    }
    // A close frame with a reason is the server ending the session (the emulator's "the shell ended"), and
    // an error frame came before a refusal: neither gets better by asking again. A socket that just drops
    // (a cut network, a restarted edge; Blaxel's own server closes so when its shell dies, and a reconnect
    // then gets a new one) is worth a reconnect. closeCode() cannot tell: it reads 1000 after a cut too.
    const QString reason = m_socket ? m_socket->closeReason() : QString();
    if (!reason.isEmpty() || !m_problem.isEmpty()) {
        setState(State::Ended);
        if (!m_problem.isEmpty())
            Q_EMIT failed(m_problem);
        return;
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (m_droppedAtMs == 0)
        m_droppedAtMs = now;
    if (now - m_droppedAtMs > m_reconnectWindowMs) {
        m_problem = tr("The connection to the terminal was lost.");
        setState(State::Ended);
        Q_EMIT failed(m_problem);
        return;
    }
    setState(State::Reconnecting);
    m_retry.start(m_retryDelayMs);
    m_retryDelayMs = std::min(m_retryDelayMs * 2, maxReconnectDelayMs);
}

void TerminalConnection::frameReceived(const QString &text)
{
    const QJsonObject frame = QJsonDocument::fromJson(text.toUtf8()).object();
    const QString type = frame.value(u"type"_s).toString();
    if (type == u"output")
        Q_EMIT output(frame.value(u"data"_s).toString().toUtf8());
    else if (type == u"error")
        m_problem = frame.value(u"data"_s).toString().left(500);
}

void TerminalConnection::sendInput(const QByteArray &bytes)
{
    if (m_state != State::Connected) {
        if (m_state != State::Ended && m_queued.size() + bytes.size() <= maxQueuedInputBytes)
            m_queued.append(bytes);
        return;
    }
    send({{u"type"_s, u"input"_s}, {u"data"_s, QString::fromUtf8(bytes)}});
}

void TerminalConnection::resize(int cols, int rows)
{
    cols = std::clamp(cols, 1, 1000);
    rows = std::clamp(rows, 1, 1000);
    if (cols == m_cols && rows == m_rows)
        return;
    m_cols = cols;
    m_rows = rows;
    if (m_state == State::Connected)
        send({{u"type"_s, u"resize"_s}, {u"cols"_s, cols}, {u"rows"_s, rows}});
}

void TerminalConnection::reconnect()
{
    if (m_state == State::Ended || !m_socket)
        return;
    m_retry.stop();
    m_socket->abort();
}

void TerminalConnection::close()
{
    m_retry.stop();
    setState(State::Ended);
    if (m_socket)
        m_socket->close();
}

void TerminalConnection::send(const QJsonObject &frame)
{
    if (m_socket)
        m_socket->sendTextMessage(QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact)));
}

void TerminalConnection::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}
