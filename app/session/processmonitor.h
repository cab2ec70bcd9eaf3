#pragma once

#include "api/blaxelprocesslogstream.h"
#include "api/blaxelsandboxprocesses.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

class BlaxelProcessListModel;
class BlaxelSandboxCall;
class BlaxelSandboxFiles;

// The processes of one Blaxel sandbox for its Processes tab: the list, polled while the tab is shown (the
// sandbox API has no list stream), the log of the process followed, streamed while the tab is shown (each
// line tagged stdout or stderr, until the process ends), the ports the running processes listen on, asked
// after each list, and the start, stop and kill the user asks for. It owns the sandbox's API client, so the
// key stays in this layer. Whatever it was asking goes with it: a reply for a monitor that is gone, or for a
// log no longer followed, changes nothing.
class ProcessMonitor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProcessMonitor)

public:
    static constexpr int defaultPollIntervalMs = 2000;
    // After each list, the ports of at most this many running processes are asked for.
    static constexpr int maxPortsAsked = 20;

    // Takes `files` (made for this sandbox) as its child.
    ProcessMonitor(const QString &sandbox, BlaxelSandboxFiles *files, QObject *parent = nullptr);
    ~ProcessMonitor() override;

    QString sandbox() const { return m_sandbox; }
    BlaxelProcessListModel *model() const { return m_model; }
    // While active the list is polled and the followed log streamed; inactive, nothing is asked.
    void setActive(bool active);
    bool isActive() const { return m_active; }
    void setPollIntervalMs(int ms);

    void refresh();
    // True once the list was read (an empty model is then an empty sandbox, not one not asked yet).
    bool hasListed() const { return m_hasListed; }
    void start(const BlaxelProcessRequest &request);
    // `kill`: SIGKILL at once; else a stop (SIGTERM, then a kill after the sandbox's grace).
    void end(const QString &process, bool kill);
    // Follows `process`'s log (empty: none): logsChanged() replaces what was shown, then adds to it.
    void follow(const QString &process);
    void setLogTiming(const BlaxelLineStream::Timing &timing) { m_logStream.setTiming(timing); }
    QString followed() const { return m_followed; }

Q_SIGNALS:
    // The list was read (`problem` empty), or why it could not be, after every poll.
    void listed(const QString &problem);
    void started(const QString &process);
    void actionFailed(const QString &problem);
    // The followed log: `lines` replace what was shown when `replace`, else are added to it.
    void logsChanged(const QString &process, const QList<BlaxelLogLine> &lines, bool replace);
    // The followed process ended and every line of its log has come.
    void logsEnded(const QString &process);
    void logsFailed(const QString &process, const QString &problem);

private:
    void poll();
    // Whether a stream started (and cleared the console); false when hidden, ended or already streaming.
    bool streamLogs();
    void pollPorts();

    QString m_sandbox;
    BlaxelSandboxFiles *m_files;
    BlaxelSandboxProcesses m_processes;
    BlaxelProcessListModel *m_model;
    QTimer m_timer;
    bool m_active = false;
    QPointer<BlaxelSandboxCall> m_listCall;
    QHash<QString, QPointer<BlaxelSandboxCall>> m_portsCalls; // by pid: one in flight each
    BlaxelProcessLogStream m_logStream;
    QString m_followed;
    // The followed process's log came whole: nothing more will come.
    bool m_followedEnded = false;
    bool m_hasListed = false;
};
