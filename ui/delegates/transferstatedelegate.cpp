#include "delegates/transferstatedelegate.h"

#include "models/transfermodel.h"
#include "widgets/statusicons.h"
#include "workspace/transferjob.h"

using namespace Qt::StringLiterals;

TransferStateDelegate::TransferStateDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

QColor TransferStateDelegate::failedColor()
{
    // The sandbox status red and grey: chosen to read on light and dark palettes alike.
    return StatusIcons::color(u"error"_s);
}

QColor TransferStateDelegate::cancelledColor()
{
    return StatusIcons::color(QString());
}

QColor TransferStateDelegate::colorFor(int state)
{
    switch (TransferJob::State(state)) {
    case TransferJob::State::Failed:
        return failedColor();
    case TransferJob::State::Cancelled:
        return cancelledColor();
    default:
        return {};
    }
}

void TransferStateDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    // "Failed: the reason…" must keep its first word, whatever the view elides elsewhere.
    option->textElideMode = Qt::ElideRight;
    const int state = index.data(TransferModel::StateRole).toInt();
    QString icon;
    if (state == int(TransferJob::State::Failed))
        icon = u":/icons/error.svg"_s;
    else if (state == int(TransferJob::State::Cancelled))
        icon = u":/icons/cancel.svg"_s;
    else if (state == int(TransferJob::State::Done) &&
             index.data(TransferModel::LeftOutCountRole).toInt() > 0)
        icon = u":/icons/warning.svg"_s;
    if (!icon.isEmpty()) {
        option->features |= QStyleOptionViewItem::HasDecoration;
        option->icon = QIcon(icon);
        const int side = option->fontMetrics.height();
        option->decorationSize = QSize(side, side);
    }
    // The highlight keeps its own text colour: red on selection blue would be unreadable.
    const QColor colour = colorFor(state);
    if (colour.isValid() && !(option->state & QStyle::State_Selected))
        option->palette.setColor(QPalette::Text, colour);
}
