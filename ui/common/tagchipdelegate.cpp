#include "common/tagchipdelegate.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

using namespace Qt::StringLiterals;

namespace {

constexpr int CellMargin = 4;  // between the cell edge and the first chip
constexpr int ChipSpacing = 4; // between chips
constexpr int ChipPadding = 6; // inside a chip, left and right of the text
constexpr int MinTagChars = 3; // below this, an elided tag says nothing: show "+N" instead

QColor mix(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * t, a.greenF() + (b.greenF() - a.greenF()) * t,
                            a.blueF() + (b.blueF() - a.blueF()) * t);
}

int chipWidth(const QFontMetrics &fm, const QString &text)
{
    return fm.horizontalAdvance(text) + 2 * ChipPadding;
}

QString plusText(qsizetype count)
{
    return u"+"_s + QString::number(count);
}

} // namespace

TagChipDelegate::TagChipDelegate(int tagsRole, QObject *parent)
    : QStyledItemDelegate(parent), m_tagsRole(tagsRole)
{}

QStringList TagChipDelegate::tags(const QModelIndex &index) const
{
    return index.data(m_tagsRole).toStringList();
}

QList<TagChipDelegate::Chip> TagChipDelegate::layoutChips(const QStyleOptionViewItem &option,
                                                          const QModelIndex &index) const
{
    const QStringList all = tags(index);
    QList<Chip> chips;
    if (all.isEmpty())
        return chips;
    const QFontMetrics fm(option.font);
    const int height = qMin(fm.height() + 2, option.rect.height() - 2);
    const int top = option.rect.top() + (option.rect.height() - height) / 2;
    const int right = option.rect.right() - CellMargin;
    int x = option.rect.left() + CellMargin;

    for (qsizetype i = 0; i < all.size(); ++i) {
        const qsizetype rest = all.size() - i - 1;
        const int reserve = rest > 0 ? ChipSpacing + chipWidth(fm, plusText(rest)) : 0;
        const int width = chipWidth(fm, all.at(i));
        if (x + width + reserve <= right + 1) {
            chips.append({QRect(x, top, width, height), all.at(i), all.at(i)});
            x += width + ChipSpacing;
            continue;
        }
        // The first tag alone is too long: elide it rather than show only "+N" for a one-tag row.
        if (chips.isEmpty()) {
            const int room = right + 1 - x - reserve - 2 * ChipPadding;
            const QString elided = fm.elidedText(all.at(i), Qt::ElideRight, room);
            if (room > 0 && elided.size() > MinTagChars) {
                chips.append({QRect(x, top, fm.horizontalAdvance(elided) + 2 * ChipPadding, height), elided,
                              all.at(i)});
                x = chips.last().rect.right() + 1 + ChipSpacing;
                if (rest > 0)
                    chips.append({QRect(x, top, chipWidth(fm, plusText(rest)), height), plusText(rest), {}});
                return chips;
            }
        }
        const QString plus = plusText(all.size() - i);
        chips.append({QRect(x, top, chipWidth(fm, plus), height), plus, {}});
        return chips;
    }
    return chips;
}

QString TagChipDelegate::tagAt(const QStyleOptionViewItem &option, const QModelIndex &index,
                               const QPoint &pos) const
{
    for (const Chip &chip : layoutChips(option, index)) {
        if (chip.rect.contains(pos))
            return chip.tag;
    }
    return {};
}

void TagChipDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                            const QModelIndex &index) const
{
    // The style paints the cell (background, selection, focus); the text is ours.
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    cell.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &cell, painter, widget);

    const QList<Chip> chips = layoutChips(option, index);
    if (chips.isEmpty())
        return;
    const QPalette::ColorGroup group =
        (option.state & QStyle::State_Enabled) ? QPalette::Normal : QPalette::Disabled;
    const bool selected = option.state & QStyle::State_Selected;
    const QColor ground = option.palette.color(group, selected ? QPalette::Highlight : QPalette::Base);
    const QColor ink = option.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    const QColor accent = selected ? ink : option.palette.color(group, QPalette::Highlight);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(option.font);
    for (const Chip &chip : chips) {
        // Tinted from the cell's own background, so a chip is a shade of whatever the theme is.
        const QColor tint = chip.tag.isEmpty() ? ink : accent;
        painter->setPen(QPen(mix(ground, tint, 0.45), 1));
        painter->setBrush(mix(ground, tint, selected ? 0.22 : 0.16));
        const QRectF box = QRectF(chip.rect).adjusted(0.5, 0.5, -0.5, -0.5);
        painter->drawRoundedRect(box, box.height() / 2.0, box.height() / 2.0);
        painter->setPen(ink);
        painter->drawText(chip.rect, Qt::AlignCenter, chip.text);
    }
    painter->restore();
}

QSize TagChipDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    const QStringList all = tags(index);
    if (all.isEmpty())
        return size;
    const QFontMetrics fm(option.font);
    int width = 2 * CellMargin + ChipSpacing * int(all.size() - 1);
    for (const QString &tag : all)
        width += chipWidth(fm, tag);
    return {width, qMax(size.height(), fm.height() + 6)};
}

bool TagChipDelegate::editorEvent(QEvent *event, QAbstractItemModel *model,
                                  const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() == QEvent::MouseButtonRelease) {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() == Qt::LeftButton) {
            const QString tag = tagAt(option, index, mouse->position().toPoint());
            if (!tag.isEmpty()) {
                emit tagClicked(tag);
                return true;
            }
        }
    }
    return QStyledItemDelegate::editorEvent(event, model, option, index);
}

bool TagChipDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                const QStyleOptionViewItem &option, const QModelIndex &index)
{
    const QStringList all = tags(index);
    if (event->type() != QEvent::ToolTip || all.isEmpty())
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    const QString over = tagAt(option, index, event->pos());
    const QString text =
        over.isEmpty() ? all.join(u'\n') : tr("Click to show sandboxes tagged “%1”").arg(over);
    QToolTip::showText(event->globalPos(), text, view);
    return true;
}
