#include "terminal/terminalpane.h"

#include "session/terminalcontroller.h"
#include "terminal/terminalconnection.h"
#include "terminal/terminalsession.h"
#include "terminal/terminalview.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

TerminalPane::TerminalPane(TerminalController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_notice(new QLabel(this)), m_state(new QLabel(this)),
      m_newButton(new QPushButton(tr("&New Terminal"), this)), m_tabs(new QTabWidget(this))
{
    setObjectName(u"terminalPane"_s);
    m_notice->setObjectName(u"terminalNotice"_s);
    m_notice->setWordWrap(true);
    m_state->setObjectName(u"terminalState"_s);
    m_state->setWordWrap(true);
    m_newButton->setObjectName(u"newTerminalButton"_s);
    m_tabs->setObjectName(u"terminalTabs"_s);
    m_tabs->setTabsClosable(true);
    m_tabs->setDocumentMode(true);
    auto *top = new QHBoxLayout;
    top->addWidget(m_notice, 1);
    top->addWidget(m_newButton);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_state);
    layout->addWidget(m_tabs, 1);
    connect(m_newButton, &QPushButton::clicked, this, &TerminalPane::openTerminal);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &TerminalPane::closeTab);
    connect(m_tabs, &QTabWidget::currentChanged, this, &TerminalPane::updateState);
    showSandbox({}, {}, false);
}

void TerminalPane::showSandbox(const QString &name, const QUrl &url, bool ready)
{
    const bool same = name == m_name;
    m_name = name;
    m_url = url;
    m_ready = ready && !name.isEmpty() && url.isValid();
    m_newButton->setEnabled(m_ready);
    if (!same) {
        // The views go; the sessions stay with their sandbox for when it is shown again.
        while (m_tabs->count() > 0) {
            QWidget *view = m_tabs->widget(0);
            m_tabs->removeTab(0);
            delete view;
        }
        for (TerminalSession *session : m_sessions.value(name))
            addView(session);
    }
    updateState();
}

void TerminalPane::openTerminal()
{
    if (!m_ready)
        return;
    QString problem;
    TerminalSession *session = m_controller->openBlaxel(m_name, m_url, this, &problem);
    if (!session) {
        m_state->setText(problem);
        m_state->show();
        return;
    }
    m_sessions[m_name].append(session);
    session->setObjectName(tr("Terminal %1").arg(++m_opened));
    addView(session);
    m_tabs->setCurrentIndex(m_tabs->count() - 1);
    auto *view = currentView();
    session->start(view->isVisible() ? view->columnsFitting() : 80,
                   view->isVisible() ? view->rowsFitting() : 24);
    view->setFocus(Qt::OtherFocusReason);
}

void TerminalPane::addView(TerminalSession *session)
{
    auto *view = new TerminalView(m_tabs);
    view->setSession(session);
    m_tabs->addTab(view, session->objectName());
    connect(session, &TerminalSession::stateChanged, this, &TerminalPane::updateState);
}

void TerminalPane::closeTab(int index)
{
    auto *view = qobject_cast<TerminalView *>(m_tabs->widget(index));
    if (!view)
        return;
    TerminalSession *session = view->session();
    m_tabs->removeTab(index);
    delete view;
    if (session) {
        m_sessions[m_name].removeAll(session);
        session->close();
        session->deleteLater();
    }
    updateState();
}

TerminalView *TerminalPane::currentView() const
{
    return qobject_cast<TerminalView *>(m_tabs->currentWidget());
}

int TerminalPane::terminalCount() const
{
    return m_tabs->count();
}

void TerminalPane::updateState()
{
    // Asked each time: the demo starts after the window is made.
    m_notice->setText(m_controller->runsLocally()
                          ? tr("Demo: the shell runs on this machine, as you, in the sandbox's folder.")
                          : tr("A shell inside the sandbox, through Blaxel's terminal API."));
    QString text;
    if (m_name.isEmpty())
        text = tr("Select one sandbox to open a terminal on it.");
    else if (!m_ready && m_tabs->count() == 0)
        text = tr("A terminal opens on a DEPLOYED sandbox.");
    else if (m_tabs->count() == 0)
        text = tr("No terminal open: New Terminal starts a shell.");
    else if (const TerminalView *view = currentView(); view && view->session()) {
        const TerminalConnection *connection = view->session()->connection();
        switch (connection->state()) {
        case TerminalConnection::State::Idle:
        case TerminalConnection::State::Connecting:
            text = tr("Connecting…");
            break;
        case TerminalConnection::State::Reconnecting:
            text = tr("Disconnected — reconnecting…");
            break;
        case TerminalConnection::State::Ended:
            text = connection->problem().isEmpty()
                       ? tr("The shell ended. Close this tab, or open a new terminal.")
                       : tr("The terminal closed: %1").arg(connection->problem());
            break;
        case TerminalConnection::State::Connected:
            break;
        }
    }
    m_state->setText(text);
    m_state->setVisible(!text.isEmpty());
}
