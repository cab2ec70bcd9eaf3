#include "terminal/terminalsession.h"

#include "terminal/terminalscreen.h"

#include <QElapsedTimer>

#include <algorithm>

TerminalSession::TerminalSession(const QString &title, TerminalConnection *connection, QObject *parent)
    : QObject(parent), m_title(title), m_screen(new TerminalScreen(24, 80, this)), m_connection(connection)
{
    m_connection->setParent(this);
    m_feedTimer.setSingleShot(true);
    m_feedTimer.setInterval(0);
    connect(&m_feedTimer, &QTimer::timeout, this, &TerminalSession::feedSome);
    connect(m_connection, &TerminalConnection::output, this, &TerminalSession::queueOutput);
    connect(m_screen, &TerminalScreen::input, m_connection, &TerminalConnection::sendInput);
    // What was queued from before the reconnect belongs to the screen the replay replaces.
    connect(m_connection, &TerminalConnection::reattached, this, [this] {
        m_queued.clear();
        m_queuedFrom = 0;
        m_screen->reset();
    });
    connect(m_connection, &TerminalConnection::stateChanged, this, &TerminalSession::stateChanged);
}

TerminalSession::~TerminalSession() = default;

void TerminalSession::start(int cols, int rows)
{
    m_screen->resize(rows, cols);
    m_connection->open(cols, rows);
}

void TerminalSession::resize(int cols, int rows)
{
    m_screen->resize(rows, cols);
    m_connection->resize(cols, rows);
}

void TerminalSession::close()
{
    m_connection->close();
}

void TerminalSession::queueOutput(const QByteArray &bytes)
{
    m_queued.append(bytes);
    if (!m_feedTimer.isActive())
        m_feedTimer.start();
}

void TerminalSession::feedSome()
{
    QElapsedTimer clock;
    clock.start();
    while (m_queuedFrom < m_queued.size() &&
           (clock.elapsed() < feedBudgetMs || queuedBytes() > maxQueuedBytes)) {
        const qsizetype size = std::min(feedChunkBytes, m_queued.size() - m_queuedFrom);
        m_screen->feed(m_queued.mid(m_queuedFrom, size));
        m_queuedFrom += size;
    }
    if (m_queuedFrom >= m_queued.size()) {
        m_queued.clear();
        m_queuedFrom = 0;
        return;
    }
    // What was fed goes, so that a long burst does not keep it all.
    if (m_queuedFrom >= feedChunkBytes * 128) {
        m_queued.remove(0, m_queuedFrom);
        m_queuedFrom = 0;
    }
    m_feedTimer.start();
}
