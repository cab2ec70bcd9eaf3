#pragma once

#include <QStyledItemDelegate>

// Draws a folder or a file icon before a name of the Files tab's tree: the model says which
// (BlaxelFileTreeModel::FolderRole) and knows no widget, so the style's icons are chosen here.
class FileIconDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileIconDelegate)

public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};
