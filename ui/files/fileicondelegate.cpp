#include "files/fileicondelegate.h"

#include "models/blaxelfiletreemodel.h"

#include <QApplication>
#include <QStyle>

void FileIconDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.column() != BlaxelFileTreeModel::NameColumn)
        return;
    const QStyle *style = option->widget ? option->widget->style() : QApplication::style();
    const bool folder = index.data(BlaxelFileTreeModel::FolderRole).toBool();
    option->icon = style->standardIcon(folder ? QStyle::SP_DirIcon : QStyle::SP_FileIcon);
    option->features |= QStyleOptionViewItem::HasDecoration;
}
