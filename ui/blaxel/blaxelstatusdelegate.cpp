#include "blaxel/blaxelstatusdelegate.h"

#include "blaxel/blaxelstatusicons.h"
#include "models/blaxelsandboxlistmodel.h"

BlaxelStatusDelegate::BlaxelStatusDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

void BlaxelStatusDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (option->text.isEmpty())
        return;
    option->features |= QStyleOptionViewItem::HasDecoration;
    option->icon = BlaxelStatusIcons::icon(index.data(BlaxelSandboxListModel::StatusRole).toString());
    const int side = option->fontMetrics.height();
    option->decorationSize = QSize(side, side);
    option->decorationAlignment = Qt::AlignCenter;
}
