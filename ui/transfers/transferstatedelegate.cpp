#include "transfers/transferstatedelegate.h"

#include "common/highlightedicon.h"
#include "common/statusicons.h"
#include "models/transfermodel.h"
#include "workspace/transferjob.h"

using namespace Qt::StringLiterals;

TransferStateDelegate::TransferStateDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

QColor TransferStateDelegate::colorFor(int state)
{
    // The sandbox status red and grey: chosen to read on light and dark palettes alike.
    switch (TransferJob::State(state)) {
    case TransferJob::State::Failed:
        return StatusIcons::color(u"error"_s);
    case TransferJob::State::Cancelled:
        return StatusIcons::color(QString());
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
        option->icon = stateIcon(icon, *option);
        const int side = option->fontMetrics.height();
        option->decorationSize = QSize(side, side);
    }
    // The highlight keeps its own text colour: red on selection blue would be unreadable.
    const QColor colour = colorFor(state);
    if (colour.isValid() && !(option->state & QStyle::State_Selected))
        option->palette.setColor(QPalette::Text, colour);
}

QIcon TransferStateDelegate::stateIcon(const QString &path, const QStyleOptionViewItem &option) const
{
    const int side = option.fontMetrics.height();
    const QColor onHighlight = option.palette.color(QPalette::HighlightedText);
    const QString key = u"%1|%2|%3"_s.arg(path).arg(side).arg(onHighlight.name(QColor::HexArgb));
    auto cached = m_icons.constFind(key);
    if (cached == m_icons.cend())
        cached = m_icons.insert(
            key, HighlightedIcon::withSelectedColour(QIcon(path), onHighlight, QSize(side, side)));
    return *cached;
}
