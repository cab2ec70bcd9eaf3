#pragma once

#include "terminal/terminalconnection.h"

#include <QByteArray>
#include <QObject>
#include <QTimer>

class TerminalScreen;

// One terminal as a view shows it: the screen model fed by a connection to a shell. Keys and pastes go from
// the screen to the connection, a resize to both; after a reconnect the screen starts blank, since the
// server replays the shell's recent output. A view holds a session it is given; it never makes one.
//
// Output is not fed to the screen as it arrives: a shell printing as fast as it can delivers many frames in
// one turn of the event loop (a second of work at 100,000 lines). It is queued and fed in slices of at most
// feedBudgetMs per turn, so that the window keeps drawing and answering keys; past maxQueuedBytes waiting,
// the slices go on until the queue is back under it, so that memory stays bounded whatever the shell does.
class TerminalSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalSession)

public:
    static constexpr int feedBudgetMs = 6;
    static constexpr qsizetype feedChunkBytes = qsizetype{2} * 1024;
    static constexpr qsizetype maxQueuedBytes = qsizetype{64} * 1024 * 1024;

    TerminalSession(const QString &title, TerminalConnection *connection, QObject *parent = nullptr);
    ~TerminalSession() override;

    TerminalScreen *screen() const { return m_screen; }
    TerminalConnection *connection() const { return m_connection; }
    QString title() const { return m_title; }

    void start(int cols, int rows);
    void resize(int cols, int rows);
    void close();
    // Output received and not yet on the screen.
    qsizetype queuedBytes() const { return m_queued.size() - m_queuedFrom; }

Q_SIGNALS:
    void stateChanged(TerminalConnection::State state);

private:
    void queueOutput(const QByteArray &bytes);
    void feedSome();

    QString m_title;
    QByteArray m_queued;
    qsizetype m_queuedFrom = 0; // what of m_queued was fed already
    QTimer m_feedTimer;
    TerminalScreen *m_screen;
    TerminalConnection *m_connection;
};
