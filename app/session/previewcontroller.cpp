#include "session/previewcontroller.h"

#include "api/blaxelpreviewservice.h"
#include "session/appsession.h"
#include "session/previewmonitor.h"

PreviewController::PreviewController(AppSession *session, QObject *parent)
    : QObject(parent), m_session(session)
{}

PreviewMonitor *PreviewController::monitorBlaxel(const QString &name, QObject *parent, QString *problem)
{
    if (!m_session->hasBlaxel()) {
        *problem = tr("Connect to Blaxel to see a sandbox's previews.");
        return nullptr;
    }
    auto *service = new BlaxelPreviewService(m_session->blaxelTransport(), m_session->blaxelWorkspace());
    return new PreviewMonitor(name, service, parent);
}

bool PreviewController::isDemo() const
{
    return m_session->isDemo();
}
