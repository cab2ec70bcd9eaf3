#include "session/sandboxlistcontroller.h"

SandboxListController::SandboxListController(AppSession *session, QObject *parent)
    : QObject(parent), m_session(session)
{}

SandboxListController::~SandboxListController() = default;

void SandboxListController::announceRefreshed()
{
    m_lastRefreshed = QDateTime::currentDateTimeUtc();
    emit refreshed();
}
