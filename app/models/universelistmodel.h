#pragma once

#include "api/universe.h"

#include <QAbstractTableModel>

// The catalogue of universes (GET /universes) for the Universes view: name, domain, how many tasks and
// personas; the description as the row's tooltip. SearchTextRole is what the view's search matches.
class UniverseListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UniverseListModel)

public:
    enum Column
    {
        NameColumn,
        DomainColumn,
        TasksColumn,
        PersonasColumn,
        ColumnCount
    };
    enum Role
    {
        IdRole = Qt::UserRole + 1,
        SearchTextRole,
    };

    explicit UniverseListModel(QObject *parent = nullptr);

    void setUniverses(const QList<Universe> &universes);
    const QList<Universe> &universes() const { return m_universes; }
    const Universe *universeAt(int row) const;
    int rowOf(const QString &universeId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Universe> m_universes;
};
