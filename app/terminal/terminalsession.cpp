#include "terminal/terminalsession.h"

#include "terminal/terminalscreen.h"

TerminalSession::TerminalSession(const QString &title, TerminalConnection *connection, QObject *parent)
    : QObject(parent), m_title(title), m_screen(new TerminalScreen(24, 80, this)), m_connection(connection)
{
    m_connection->setParent(this);
    connect(m_connection, &TerminalConnection::output, m_screen, &TerminalScreen::feed);
    connect(m_screen, &TerminalScreen::input, m_connection, &TerminalConnection::sendInput);
    connect(m_connection, &TerminalConnection::reattached, m_screen, &TerminalScreen::reset);
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
