#pragma once

#include "models/blaxelsandboxlistmodel.h"

#include <QItemSelectionModel>
#include <QTableView>

// The rows of the Blaxel sandboxes' table, found by name as a person finds them by reading.
namespace BlaxelRows {

// The row of sandbox `name` (its first column), invalid when the table does not show it.
inline QModelIndex find(const QTableView *table, const QString &name)
{
    const QAbstractItemModel *model = table->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (index.data(BlaxelSandboxListModel::NameRole).toString() == name)
            return index;
    }
    return {};
}

// Selects that row alone, as a click does; false when the table does not show it.
inline bool selectOnly(QTableView *table, const QString &name)
{
    const QModelIndex index = find(table, name);
    if (index.isValid())
        table->selectionModel()->select(index,
                                        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return index.isValid();
}

} // namespace BlaxelRows
