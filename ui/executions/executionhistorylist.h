#pragma once

#include <QPointer>
#include <QString>
#include <QTreeWidget>

class ExecutionConsole;
class ExecutionLogFollower;
class ExecutionsController;

// The earlier executions of one local sandbox, as the ledger recorded them (read on its thread): name,
// when it started, how it ended. Choosing one (a click or activation) asks for its log to be read again,
// which the Executions tab does through reread() when it is not busy with a run of its own.
class ExecutionHistoryList final : public QTreeWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExecutionHistoryList)

public:
    enum Column
    {
        NameColumn,
        StartedColumn,
        StatusColumn
    };

    explicit ExecutionHistoryList(ExecutionsController *executions, QWidget *parent = nullptr);

    // Empties the list and reads the executions of `localSandboxId` from the ledger; empty: none.
    void setSandbox(const QString &localSandboxId);
    // Reads the ledger again, keeping the selected execution selected.
    void reload();
    // The name of the selected execution; empty when none is.
    QString selectedExecution() const;

    // Reads the log of `executionName` in the sandbox again from its first byte into `console`, in place of
    // what it shows; a read under way is cancelled first.
    void reread(const QString &executionName, ExecutionConsole *console);
    bool isRereading() const;
    // Stops reading the log; the execution goes on in the sandbox.
    void stopRereading();

signals:
    void executionChosen(const QString &executionName);
    // The ledger's answer is shown; `read` is false when the ledger could not be read.
    void loaded(bool read);
    // A re-read log ended: read to its end, cancelled or failed (with a note in the console).
    void rereadFinished();

private:
    ExecutionsController *m_executions;
    QPointer<ExecutionLogFollower> m_reread;
    QString m_sandboxId;
    int m_generation = 0; // of the latest read: an answer for an earlier sandbox is dropped
};
