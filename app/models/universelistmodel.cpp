#include "models/universelistmodel.h"

#include "models/displaytext.h"

using namespace Qt::StringLiterals;

UniverseListModel::UniverseListModel(QObject *parent) : QAbstractTableModel(parent) {}

void UniverseListModel::setUniverses(const QList<Universe> &universes)
{
    beginResetModel();
    m_universes = universes;
    endResetModel();
}

const Universe *UniverseListModel::universeAt(int row) const
{
    return row >= 0 && row < m_universes.size() ? &m_universes[row] : nullptr;
}

int UniverseListModel::rowOf(const QString &universeId) const
{
    for (int row = 0; row < m_universes.size(); ++row)
        if (m_universes[row].id == universeId)
            return row;
    return -1;
}

int UniverseListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_universes.size());
}

int UniverseListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant UniverseListModel::data(const QModelIndex &index, int role) const
{
    const Universe *universe = universeAt(index.row());
    if (!universe || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return DisplayText::visible(universe->name.isEmpty() ? universe->id : universe->name);
        case DomainColumn:
            return DisplayText::visible(universe->domain);
        case TasksColumn:
            return int(universe->taskNumbers.size());
        case PersonasColumn:
            return int(universe->personas.size());
        }
        return {};
    case Qt::ToolTipRole:
        return DisplayText::visibleLines(universe->description.isEmpty() ? universe->id
                                                                         : universe->description);
    case Qt::TextAlignmentRole:
        if (index.column() == TasksColumn || index.column() == PersonasColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case IdRole:
        return universe->id;
    case SearchTextRole:
        return QStringList{universe->name, universe->id, universe->domain, universe->description}.join(u'\n');
    }
    return {};
}

QVariant UniverseListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Universe");
    case DomainColumn:
        return tr("Domain");
    case TasksColumn:
        return tr("Tasks");
    case PersonasColumn:
        return tr("Personas");
    }
    return {};
}
