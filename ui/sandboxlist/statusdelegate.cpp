#include "sandboxlist/statusdelegate.h"

#include "common/statusicons.h"

StatusDelegate::StatusDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

void StatusDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    // Only the decoration changes: the style still paints selection, focus and text natively.
    QStyledItemDelegate::initStyleOption(option, index);
    if (option->text.isEmpty())
        return;
    option->features |= QStyleOptionViewItem::HasDecoration;
    option->icon = StatusIcons::icon(option->text);
    const int side = option->fontMetrics.height();
    option->decorationSize = QSize(side, side);
    option->decorationAlignment = Qt::AlignCenter;
}
