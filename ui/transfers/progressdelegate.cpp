#include "transfers/progressdelegate.h"

#include "models/transfermodel.h"
#include "transfers/transferstatedelegate.h"
#include "workspace/transferjob.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionProgressBar>

#include <algorithm>

ProgressDelegate::ProgressDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

void ProgressDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    // The row's selection background first, so that the bar sits on the same colour as its neighbours.
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    background.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &background, painter, widget);

    const bool finished = index.data(TransferModel::IsFinishedRole).toBool();
    int percent = index.data(TransferModel::ProgressRole).toInt();
    // A failed or cancelled job shows how far it got, never the busy animation of a job still running.
    if (finished && percent < 0)
        percent = 0;
    QStyleOptionProgressBar bar;
    bar.rect = option.rect.adjusted(3, 3, -3, -3);
    bar.state = option.state | QStyle::State_Horizontal;
    bar.minimum = 0;
    bar.maximum = percent < 0 ? 0 : 100; // 0..0 is the style's "busy" bar
    bar.progress = percent < 0 ? 0 : percent;
    bar.text = percent < 0 ? QString() : tr("%1%").arg(percent);
    bar.textVisible = percent >= 0;
    bar.textAlignment = Qt::AlignCenter;
    bar.palette = option.palette;
    // A failed or cancelled job must not look done: its bar stops where it did, in red or grey, and says so.
    const int state = index.data(TransferModel::StateRole).toInt();
    const QColor colour = TransferStateDelegate::colorFor(state);
    if (colour.isValid()) {
        bar.palette.setColor(QPalette::Highlight, colour);
        bar.text = state == int(TransferJob::State::Failed)
                       ? tr("Failed at %1%").arg(std::max(percent, 0))
                       : tr("Cancelled at %1%").arg(std::max(percent, 0));
        bar.textVisible = true;
    }
    style->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
}

QSize ProgressDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    // Room around the bar: the rows of a transfer list are read at a glance from across the desk.
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setHeight(std::max(size.height(), option.fontMetrics.height() + 10));
    return size;
}
