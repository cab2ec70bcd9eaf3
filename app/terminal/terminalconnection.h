#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <memory>

class QWebSocket;

// The client of a Blaxel sandbox's GET /terminal/ws: JSON text frames {type: "input"|"output"|"resize",
// data, cols, rows}, and {type: "error", data} before the server closes (blaxel-ai/sandbox,
// sandbox-api/src/handler/terminal.go; @blaxel/core has no terminal client). The key goes in the
// Authorization header with the workspace header, as every sandbox call sends them, never in the URL. When
// the socket drops it reconnects with the same sessionId, so the same shell carries on and the server replays
// the tail of its output; reattached() says when to clear the screen for that replay.
class TerminalConnection final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalConnection)

public:
    enum class State
    {
        Idle,
        Connecting,
        Connected,
        Reconnecting,
        Ended
    };
    Q_ENUM(State)

    struct Target
    {
        QUrl sandboxUrl; // the sandbox's metadata.url
        QString apiKey;
        QString workspace;
        QString sessionId;
        QString shell;      // empty: the server's choice
        QString workingDir; // empty: the sandbox's working directory
    };

    static constexpr qsizetype maxQueuedInputBytes = qsizetype{64} * 1024;
    static constexpr int maxReconnectDelayMs = 5000;
    // A frame from the sandbox is remote input: one larger than this closes the connection (Qt refuses it)
    // instead of growing without bound. Blaxel's own replay after a reconnect is 100 KB.
    static constexpr qint64 maxIncomingFrameBytes = qint64{4} * 1024 * 1024;

    explicit TerminalConnection(Target target, QObject *parent = nullptr);
    ~TerminalConnection() override;

    // Empty when `url` may carry the key (https, or http to this machine), else why not.
    static QString checkUrl(const QUrl &url);
    // The socket's URL: ws(s)://host/…/terminal/ws?cols&rows&sessionId[&shell&workingDir], no key.
    QUrl socketUrl() const;

    void open(int cols, int rows);
    void sendInput(const QByteArray &bytes);
    void resize(int cols, int rows);
    // Drops the socket as a cut network would: the connection comes back to the same shell.
    void reconnect();
    // Ends the connection for good; the shell lives on in the sandbox until its idle time is over.
    void close();

    State state() const { return m_state; }
    QString sessionId() const { return m_target.sessionId; }
    QString problem() const { return m_problem; }
    // How long the reconnects go on after a drop, 5 minutes by default (the emulator keeps a session so
    // long).
    void setReconnectWindowMs(int ms) { m_reconnectWindowMs = ms; }

Q_SIGNALS:
    void output(const QByteArray &bytes);
    void stateChanged(TerminalConnection::State state);
    // Connected again after a drop: the server replays the shell's recent output next.
    void reattached();
    // The server refused or ended the session: a sentence for a person.
    void failed(const QString &problem);

private:
    void connectSocket();
    void connected();
    void disconnected();
    void frameReceived(const QString &text);
    void send(const QJsonObject &frame);
    void setState(State state);

    Target m_target;
    std::unique_ptr<QWebSocket> m_socket;
    State m_state = State::Idle;
    int m_cols = 80;
    int m_rows = 24;
    bool m_wasConnected = false;
    QString m_problem;
    QByteArray m_queued;
    QTimer m_retry;
    int m_retryDelayMs = 250;
    int m_reconnectWindowMs = 5 * 60 * 1000;
    qint64 m_droppedAtMs = 0;
};
