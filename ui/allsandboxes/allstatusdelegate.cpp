#include "allsandboxes/allstatusdelegate.h"

#include "blaxel/blaxelstatusicons.h"
#include "common/statusicons.h"
#include "models/allsandboxesmodel.h"

AllStatusDelegate::AllStatusDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

void AllStatusDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (option->text.isEmpty())
        return;
    const QString status = index.data(AllSandboxesModel::StatusRole).toString();
    const bool blaxel =
        index.data(AllSandboxesModel::ProviderRole).toInt() == int(AllSandboxRow::Provider::Blaxel);
    option->features |= QStyleOptionViewItem::HasDecoration;
    option->icon = blaxel ? BlaxelStatusIcons::icon(status) : StatusIcons::icon(status);
    const int side = option->fontMetrics.height();
    option->decorationSize = QSize(side, side);
    option->decorationAlignment = Qt::AlignCenter;
}
