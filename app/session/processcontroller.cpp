#include "session/processcontroller.h"

#include "api/blaxelsandboxfiles.h"
#include "session/appsession.h"
#include "session/processmonitor.h"

ProcessController::ProcessController(AppSession *session, QObject *parent)
    : QObject(parent), m_session(session), m_pollIntervalMs(ProcessMonitor::defaultPollIntervalMs)
{}

ProcessMonitor *ProcessController::monitorBlaxel(const QString &name, const QUrl &url, QObject *parent,
                                                 QString *problem)
{
    BlaxelSandboxFiles *files = m_session->blaxelSandboxFiles(name, url, nullptr);
    if (!files) {
        *problem = m_session->hasBlaxel() ? tr("This sandbox has no API address yet.")
                                          : tr("Connect to Blaxel to see a sandbox's processes.");
        return nullptr;
    }
    if (const QString refused = files->refusal({}); !refused.isEmpty()) {
        delete files;
        *problem = refused;
        return nullptr;
    }
    auto *monitor = new ProcessMonitor(name, files, parent);
    monitor->setPollIntervalMs(m_pollIntervalMs);
    return monitor;
}

bool ProcessController::runsLocally() const
{
    return m_session->isDemo();
}
