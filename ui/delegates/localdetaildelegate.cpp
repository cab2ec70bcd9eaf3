#include "delegates/localdetaildelegate.h"

#include "models/localsandboxtreemodel.h"
#include "models/urldisplay.h"

using namespace Qt::StringLiterals;

LocalDetailDelegate::LocalDetailDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

QString LocalDetailDelegate::textFor(const QModelIndex &index)
{
    const QAbstractItemModel *model = index.model();
    QString shown = index.data(Qt::DisplayRole).toString();
    if (!model)
        return shown;
    if (index.data(LocalSandboxTreeModel::IsServerRole).toBool()) {
        const QModelIndex parent = index.parent();
        QStringList urls;
        for (int row = 0; row < model->rowCount(parent); ++row)
            urls << model->index(row, index.column(), parent)
                        .data(LocalSandboxTreeModel::McpUrlRole)
                        .toString();
        const QString distinct = UrlDisplay::distinctive(urls).value(index.row());
        return distinct.isEmpty() ? shown : distinct;
    }
    const QModelIndex first = index.siblingAtColumn(LocalSandboxTreeModel::NameColumn);
    QStringList names;
    for (int row = 0; row < model->rowCount(first); ++row)
        names << model->index(row, LocalSandboxTreeModel::NameColumn, first).data().toString();
    return names.isEmpty() ? shown : tr("%1: %2").arg(shown, names.join(u", "_s));
}

void LocalDetailDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    option->text = textFor(index);
    // The short forms start where the URLs differ: keep that start, lose the shared tail.
    option->textElideMode = Qt::ElideRight;
}
