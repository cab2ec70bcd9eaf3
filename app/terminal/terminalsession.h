#pragma once

#include "terminal/terminalconnection.h"

#include <QObject>

class TerminalScreen;

// One terminal as a view shows it: the screen model fed by a connection to a shell. Keys and pastes go from
// the screen to the connection, a resize to both; after a reconnect the screen starts blank, since the
// server replays the shell's recent output. A view holds a session it is given; it never makes one.
class TerminalSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalSession)

public:
    TerminalSession(const QString &title, TerminalConnection *connection, QObject *parent = nullptr);
    ~TerminalSession() override;

    TerminalScreen *screen() const { return m_screen; }
    TerminalConnection *connection() const { return m_connection; }
    QString title() const { return m_title; }

    void start(int cols, int rows);
    void resize(int cols, int rows);
    void close();

Q_SIGNALS:
    void stateChanged(TerminalConnection::State state);

private:
    QString m_title;
    TerminalScreen *m_screen;
    TerminalConnection *m_connection;
};
