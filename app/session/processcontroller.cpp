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
    BlaxelSandboxFiles *files = m_session->checkedBlaxelSandboxFiles(
        name, url, tr("Connect to Blaxel to see a sandbox's processes."), problem);
    if (!files)
        return nullptr;
    auto *monitor = new ProcessMonitor(name, files, parent);
    monitor->setPollIntervalMs(m_pollIntervalMs);
    return monitor;
}

bool ProcessController::runsLocally() const
{
    return m_session->isDemo();
}
