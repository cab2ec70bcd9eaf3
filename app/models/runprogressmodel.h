#pragma once

#include "runs/runsandbox.h"

#include <QAbstractTableModel>
#include <QList>

// The New run wizard's progress rows: one per sandbox of the plan, in the order the provisioner asks for
// them, fed by RunProvisioner::sandboxChanged (update()). Values only: the model neither knows nor holds the
// provisioner, so the wizard can show a run whichever front end drives it.
class RunProgressModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunProgressModel)

public:
    enum Column
    {
        SandboxColumn,
        StateColumn,
        IdColumn,
        ErrorColumn,
        ColumnCount
    };
    enum Role
    {
        StateRole = Qt::UserRole + 1, // RunSandboxState as an int
        IsFailureRole,                // failed or ambiguous: shown as a failure
    };

    explicit RunProgressModel(QObject *parent = nullptr);

    // The rows of a run that starts: every sandbox as the provisioner holds it now (pending, mostly).
    void reset(const QList<RunSandbox> &sandboxes);
    // One sandbox changed: its row follows. An index outside the rows is ignored (a stale signal).
    void update(int index, const RunSandbox &sandbox);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const QList<RunSandbox> &sandboxes() const { return m_sandboxes; }
    // Rows whose sandbox is settled: acquired, failed, ambiguous or cancelled ("12 of 30").
    int settledCount() const;
    int countIn(RunSandboxState state) const;

    static bool isSettled(RunSandboxState state);
    static bool isFailure(RunSandboxState state);
    // "acquiring", "rate limited, waiting", ...: the word a row shows.
    static QString stateText(RunSandboxState state);
    // "github #3", "local 1 #2: filesystem, git".
    static QString slotText(const RunSlot &slot);

private:
    QList<RunSandbox> m_sandboxes;
};
