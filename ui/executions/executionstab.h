#pragma once

#include <QPointer>
#include <QString>
#include <QWidget>

class DumpJob;
class ExecutionConsole;
class ExecutionHistoryList;
class ExecutionJob;
class ExecutionsController;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTreeWidget;

// The Executions tab of a local sandbox: a folder with main.py (dropped or chosen), a name, Run; the log
// streams into the console with the status and the time it has run. The sandbox's earlier executions come
// from the ledger (read on its thread); choosing one reads its log again from the start. Export Artifacts
// downloads an execution's folder and extracts it into a new or empty folder.
//
// One execution is followed at a time; Stop Following leaves it running in the sandbox. Its console belongs
// to its sandbox: another sandbox shows its own (empty until a log is chosen), and the run's console comes
// back with the run's sandbox. The ExecutionsController runs, records and reads; this tab shows.
class ExecutionsTab final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExecutionsTab)

public:
    ExecutionsTab(ExecutionsController *executions, QWidget *parent = nullptr);
    ~ExecutionsTab() override;

    // The sandbox runs go to and whose executions are listed; empty: none.
    void setSandbox(const QString &localSandboxId);
    QString sandboxId() const { return m_sandboxId; }

    // false, with the reason shown, for anything but a folder holding main.py.
    bool setFolder(const QString &folder);
    QString folder() const { return m_folder; }
    // An execution name as the sandbox takes it: 1 to 64 of letters, digits, '_', '.', '-'.
    static bool isValidName(const QString &name);
    static QString defaultName();

    void run();
    void stopFollowing();
    void chooseArtifactsFolder();
    // The artifacts of the execution selected in the list (else the last one run) into `folder`.
    void exportArtifactsTo(const QString &folder);
    void reloadHistory();
    // Reads the log of `executionName` in this sandbox again from its first byte.
    void showEarlier(const QString &executionName);
    // The console in front: the run's, while its sandbox is shown, else this sandbox's.
    ExecutionConsole *console() const;
    QLineEdit *nameField() const { return m_name; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *stopButton() const { return m_stop; }
    QTreeWidget *history() const;
    QLabel *folderLabel() const { return m_folderLabel; }
    QLabel *messageLabel() const { return m_message; }
    bool isBusy() const;

signals:
    void statusMessage(const QString &message);
    // The job ran to its end (any outcome), a re-read log ended, the ledger's list arrived, artifacts done.
    void executionFinished();
    void logReread();
    void historyLoaded();
    void artifactsExported(const QString &folder, const QString &error);

private:
    void chooseFolder();
    void startJob(ExecutionJob *job);
    void onJobFinished();
    void updateActions();
    void showMessage(const QString &text, bool problem);

    ExecutionsController *m_executions;
    QString m_sandboxId;
    QString m_folder;
    QString m_lastExecution; // the last run's name, for Export Artifacts without a selection
    QString m_lastSandbox;
    QLabel *m_dropZone;
    QPushButton *m_chooseFolder;
    QLabel *m_folderLabel;
    QLineEdit *m_name;
    QPushButton *m_run;
    QPushButton *m_stop;
    QPushButton *m_export;
    QLabel *m_message;
    QProgressBar *m_progress;
    ExecutionHistoryList *m_history;
    QStackedWidget *m_consoles;
    ExecutionConsole *m_console;    // the sandbox shown: a log read again, else empty
    ExecutionConsole *m_runConsole; // the last run's, in m_lastSandbox
    QPointer<ExecutionJob> m_job;
    QPointer<DumpJob> m_artifacts;
    bool m_starting = false; // the ledger's intent is being written
};
