#pragma once

#include <QObject>
#include <QString>
#include <QUrl>

class AppSession;
class TerminalSession;

// Terminals on Blaxel sandboxes, made on the window's request with the connected key and workspace, so that
// the key never leaves this layer. Each gets a sessionId of its own, which its reconnects reuse. The demo's
// sandboxes run their shells on this machine (the emulator's), as their commands do.
class TerminalController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalController)

public:
    explicit TerminalController(AppSession *session, QObject *parent = nullptr);

    // A terminal on sandbox `name` at `url` (its metadata.url), a child of `parent`, not started (the view
    // starts it at its size). Null, with `problem` said, without a Blaxel connection or when the URL may not
    // carry the key.
    TerminalSession *openBlaxel(const QString &name, const QUrl &url, QObject *parent, QString *problem);
    // True when the shells run on this machine (the demo), which the view says where the terminal opens.
    bool runsLocally() const;
    // The next reconnects give up after this long (tests shorten it).
    void setReconnectWindowMs(int ms) { m_reconnectWindowMs = ms; }

private:
    AppSession *m_session;
    int m_reconnectWindowMs = 5 * 60 * 1000;
};
