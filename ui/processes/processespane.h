#pragma once

#include "session/processmonitor.h"

#include "api/blaxelsandboxprocesses.h"

#include <QPointer>
#include <QString>
#include <QUrl>
#include <QWidget>

#include <optional>

class ExecutionConsole;
class ProcessController;
class QLabel;
class QPushButton;
class QTreeView;

// The Processes tab of a Blaxel sandbox: its processes, polled while the tab is shown (status, exit code,
// command, when it started), Start… to run one, Stop and Kill for the selected one, and its log below,
// followed while it runs. The controller makes the monitor; the pane only shows and asks. The monitor is the
// sandbox shown's: another sandbox gets a new one, and what the last one was asking is dropped.
class ProcessesPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProcessesPane)

public:
    explicit ProcessesPane(ProcessController *controller, QWidget *parent = nullptr);

    // The sandbox shown (empty: none); `ready`: DEPLOYED with a URL, so its processes can be asked for.
    void showSandbox(const QString &name, const QUrl &url, bool ready);
    // Asks what to start, then starts it.
    void startProcess();
    void stopSelected();
    void killSelected();

    ProcessMonitor *monitor() const { return m_monitor; }
    QTreeView *view() const { return m_view; }
    ExecutionConsole *console() const { return m_console; }
    QLabel *stateLabel() const { return m_state; }
    QString selectedProcess() const;

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void selectionChanged();
    void updateButtons();
    void updateState();
    void showLogs(const QString &process, const QList<BlaxelLogLine> &lines, bool replace);
    void endSelected(bool kill);

    ProcessController *m_controller;
    QLabel *m_notice;
    QLabel *m_state;
    QPushButton *m_start;
    QPushButton *m_stop;
    QPushButton *m_kill;
    QTreeView *m_view;
    ExecutionConsole *m_console;
    QPointer<ProcessMonitor> m_monitor;
    QString m_name;
    QUrl m_url;
    bool m_ready = false;
    bool m_showing = false; // showSandbox() ran: what it shows is set

    QString m_actionProblem; // a start, stop or kill that failed
    QString m_listProblem;
    QString m_noMonitor; // why there is no list

    // What Start… sent last, offered again by the next Start….
    std::optional<BlaxelProcessRequest> m_lastRequest;
    // A name to select once the list shows it (the process just started).
    QString m_toSelect;
};
