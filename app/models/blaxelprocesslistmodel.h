#pragma once

#include "api/blaxelsandboxprocesses.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

// The processes of one Blaxel sandbox as its Processes tab lists them, one row per process name. A new list
// from the sandbox updates the rows in place (rows that went are removed, new ones appended), so that the
// selected process stays selected while the list is polled.
class BlaxelProcessListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelProcessListModel)

public:
    enum Column
    {
        NameColumn,
        StatusColumn,
        ExitCodeColumn,
        // Before the command, whose width pushes what follows out of a narrow pane.
        PortsColumn,
        CommandColumn,
        StartedColumn,
        ColumnCount
    };
    enum Role
    {
        NameRole = Qt::UserRole + 1,
        RunningRole,
        StatusRole
    };

    explicit BlaxelProcessListModel(QObject *parent = nullptr);

    void setProcesses(const QList<BlaxelProcess> &processes);
    void clear();
    // The ports the process `pid` listens on, shown while it runs. A pid no longer listed forgets them.
    void setPorts(const QString &pid, const QList<int> &ports);
    int rowOf(const QString &name) const;
    const BlaxelProcess &processAt(int row) const { return m_processes.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<BlaxelProcess> m_processes;
    QHash<QString, QList<int>> m_ports; // by pid
};
