#pragma once

#include "runs/leakfinder.h"

#include <QAbstractTableModel>
#include <QDateTime>

// The leaks LeakMonitor found, one row each: what the Runs view's leak table shows. A report of 50,000
// leaks is taken in at once (its list is shared, not copied), and each cell's words are made only when a view
// asks for them, so a refresh of a large account never builds 50,000 rows of text on the GUI thread.
class LeakListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeakListModel)

public:
    enum Column
    {
        SandboxColumn,
        ServersColumn,
        RunColumn,
        HeldSinceColumn,
        WhyColumn,
        ColumnCount
    };
    enum Role
    {
        SandboxIdRole = Qt::UserRole + 1
    };

    explicit LeakListModel(QObject *parent = nullptr);

    // Replaces the rows with the report's leaks (a model reset: the view keeps no row of the last one).
    void setLeaks(const QList<Leak> &leaks);
    const QList<Leak> &leaks() const { return m_leaks; }
    // The row of a leak by its sandbox id, -1 when it is not listed.
    int rowOf(const QString &sandboxId) const;

    // The "now" that ages are measured from; an invalid time (the default) means the clock.
    void setReferenceTime(const QDateTime &now) { m_referenceTime = now; }

    // The words of a reason and of a leak's reasons ("Unclaimed, Past its TTL"), in the Runs view's words.
    static QString reasonText(LeakReason reason);
    static QString reasonsText(const QList<LeakReason> &reasons);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Leak> m_leaks;
    QDateTime m_referenceTime;
};
