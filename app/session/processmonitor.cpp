#include "session/processmonitor.h"

#include "api/blaxelsandboxcall.h"
#include "api/blaxelsandboxfiles.h"
#include "models/blaxelprocesslistmodel.h"

#include <utility>

ProcessMonitor::ProcessMonitor(const QString &sandbox, BlaxelSandboxFiles *files, QObject *parent)
    : QObject(parent), m_sandbox(sandbox), m_files(files), m_processes(files),
      m_model(new BlaxelProcessListModel(this))
{
    m_files->setParent(this);
    m_timer.setInterval(defaultPollIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &ProcessMonitor::poll);
}

ProcessMonitor::~ProcessMonitor()
{
    // The calls are children of the client: aborting them first keeps their handlers from running.
    if (m_listCall)
        m_listCall->abortNow();
    if (m_logsCall)
        m_logsCall->abortNow();
    const QHash<QString, QPointer<BlaxelSandboxCall>> portsCalls = std::exchange(m_portsCalls, {});
    for (const QPointer<BlaxelSandboxCall> &call : portsCalls) {
        if (call)
            call->abortNow();
    }
}

void ProcessMonitor::setActive(bool active)
{
    if (m_active == active)
        return;
    m_active = active;
    if (active) {
        m_timer.start();
        poll();
    } else {
        m_timer.stop();
    }
}

void ProcessMonitor::setPollIntervalMs(int ms)
{
    m_timer.setInterval(ms);
}

void ProcessMonitor::poll()
{
    refresh();
    pollLogs();
}

void ProcessMonitor::refresh()
{
    if (m_listCall)
        return;
    m_listCall = m_processes.list(this, [this](const ApiResult<QList<BlaxelProcess>> &result) {
        m_listCall = nullptr;
        if (result.wasCancelled())
            return;
        if (result) {
            // Set before the rows change, so that a view counting them knows the list was read.
            m_hasListed = true;
            m_model->setProcesses(result.value());
            pollPorts();
        }
        Q_EMIT listed(result ? QString() : result.error().fullText());
    });
}

void ProcessMonitor::pollPorts()
{
    int asked = 0;
    for (int row = 0; row < m_model->rowCount() && asked < maxPortsAsked; ++row) {
        const BlaxelProcess &process = m_model->processAt(row);
        if (!process.isRunning() || process.pid.isEmpty())
            continue;
        ++asked;
        const QString pid = process.pid;
        if (m_portsCalls.value(pid))
            continue;
        m_portsCalls.insert(pid,
                            m_processes.ports(pid, this, [this, pid](const ApiResult<QList<int>> &result) {
                                m_portsCalls.remove(pid);
                                // A failed read keeps what was shown: the next list asks again.
                                if (result)
                                    m_model->setPorts(pid, result.value());
                            }));
    }
}

void ProcessMonitor::start(const BlaxelProcessRequest &request)
{
    m_processes.start(request, this, [this](const ApiResult<BlaxelProcess> &result) {
        if (!result) {
            Q_EMIT actionFailed(result.error().fullText());
            return;
        }
        Q_EMIT started(result->name);
        refresh();
    });
}

void ProcessMonitor::end(const QString &process, bool kill)
{
    m_processes.end(process, kill, this, [this](const ApiResult<QString> &result) {
        if (!result)
            Q_EMIT actionFailed(result.error().fullText());
        refresh();
    });
}

void ProcessMonitor::follow(const QString &process)
{
    if (process == m_followed)
        return;
    if (m_logsCall)
        m_logsCall->abortNow();
    m_logsCall = nullptr;
    m_followed = process;
    m_shownLogs.clear();
    m_followedEnded = false;
    Q_EMIT logsChanged(process, {}, true);
    pollLogs();
}

void ProcessMonitor::pollLogs()
{
    if (m_followed.isEmpty() || m_followedEnded || m_logsCall)
        return;
    const QString process = m_followed;
    // Whether it had ended before the log was asked for: then this read is its last.
    const int row = m_model->rowOf(process);
    const bool endedBefore = row >= 0 && !m_model->processAt(row).isRunning();
    m_logsCall = m_processes.logs(process, this,
                                  [this, process, endedBefore](const ApiResult<BlaxelProcessLogs> &result) {
                                      m_logsCall = nullptr;
                                      if (result.wasCancelled() || process != m_followed)
                                          return;
                                      if (!result) {
                                          Q_EMIT logsFailed(process, result.error().fullText());
                                          return;
                                      }
                                      m_followedEnded = endedBefore;
                                      const QString &logs = result->logs;
                                      if (logs == m_shownLogs)
                                          return;
                                      // The sandbox keeps the last part of a long log: when the start moved,
                                      // show it again whole.
                                      if (logs.startsWith(m_shownLogs))
                                          Q_EMIT logsChanged(process, logs.mid(m_shownLogs.size()), false);
                                      else
                                          Q_EMIT logsChanged(process, logs, true);
                                      m_shownLogs = logs;
                                  });
}
