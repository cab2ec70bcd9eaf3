#include "session/processmonitor.h"

#include "api/blaxelsandboxcall.h"
#include "api/blaxelsandboxfiles.h"
#include "models/blaxelprocesslistmodel.h"

#include <utility>

ProcessMonitor::ProcessMonitor(const QString &sandbox, BlaxelSandboxFiles *files, QObject *parent)
    : QObject(parent), m_sandbox(sandbox), m_files(files), m_processes(files),
      m_model(new BlaxelProcessListModel(this)), m_logStream(files)
{
    m_files->setParent(this);
    m_timer.setInterval(defaultPollIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &ProcessMonitor::poll);
    connect(&m_logStream, &BlaxelProcessLogStream::startedOver, this,
            [this] { Q_EMIT logsChanged(m_followed, {}, true); });
    connect(&m_logStream, &BlaxelProcessLogStream::linesReceived, this,
            [this](const QList<BlaxelLogLine> &lines) { Q_EMIT logsChanged(m_followed, lines, false); });
    connect(&m_logStream, &BlaxelProcessLogStream::interrupted, this,
            [this](const QString &problem) { Q_EMIT logsFailed(m_followed, problem); });
    connect(&m_logStream, &BlaxelProcessLogStream::finished, this, [this] {
        m_followedEnded = true;
        Q_EMIT logsEnded(m_followed);
        // The list shows its end too, without waiting for the next poll.
        if (m_active)
            refresh();
    });
}

ProcessMonitor::~ProcessMonitor()
{
    // The calls are children of the client: aborting them first keeps their handlers from running.
    if (m_listCall)
        m_listCall->abortNow();
    m_logStream.stop();
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
        streamLogs();
    } else {
        m_timer.stop();
        m_logStream.stop();
    }
}

void ProcessMonitor::setPollIntervalMs(int ms)
{
    m_timer.setInterval(ms);
}

void ProcessMonitor::poll()
{
    refresh();
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
            // A process of the followed name running again after its log ended: a new run, a new log.
            if (const int row = m_model->rowOf(m_followed);
                m_followedEnded && row >= 0 && m_model->processAt(row).isRunning()) {
                m_followedEnded = false;
                streamLogs();
            }
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
    m_logStream.stop();
    m_followed = process;
    m_followedEnded = false;
    // The console is cleared once: by the stream when it starts, here when it does not (hidden, or no name).
    if (!streamLogs())
        Q_EMIT logsChanged(process, {}, true);
}

bool ProcessMonitor::streamLogs()
{
    if (!m_active || m_followed.isEmpty() || m_followedEnded || m_logStream.isFollowing())
        return false;
    // The stream comes from the log's start: what was shown goes, not to be shown twice.
    Q_EMIT logsChanged(m_followed, {}, true);
    m_logStream.start(m_followed);
    return true;
}
