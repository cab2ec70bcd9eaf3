#include "session/terminalcontroller.h"

#include "api/httptransport.h"
#include "session/appsession.h"
#include "terminal/terminalconnection.h"
#include "terminal/terminalsession.h"

#include <QUuid>

TerminalController::TerminalController(AppSession *session, QObject *parent)
    : QObject(parent), m_session(session)
{}

TerminalSession *TerminalController::openBlaxel(const QString &name, const QUrl &url, QObject *parent,
                                                QString *problem)
{
    if (!m_session->hasBlaxel()) {
        *problem = tr("Connect to Blaxel to open a terminal.");
        return nullptr;
    }
    if (const QString refused = TerminalConnection::checkUrl(url); !refused.isEmpty() || !url.isValid()) {
        *problem = refused.isEmpty() ? tr("This sandbox has no API address yet.") : refused;
        return nullptr;
    }
    TerminalConnection::Target target;
    target.sandboxUrl = url;
    target.apiKey = m_session->blaxelTransport()->config().apiKey;
    target.workspace = m_session->blaxelWorkspace();
    // Unique per terminal, so that two tabs on one sandbox get two shells, and stable across its reconnects.
    target.sessionId = QStringLiteral("sandboxdeck-") + QUuid::createUuid().toString(QUuid::Id128).left(12);
    auto *connection = new TerminalConnection(target);
    connection->setReconnectWindowMs(m_reconnectWindowMs);
    return new TerminalSession(name, connection, parent);
}

bool TerminalController::runsLocally() const
{
    return m_session->isDemo();
}
