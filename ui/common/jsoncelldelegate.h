#pragma once

#include <QStyledItemDelegate>

// Draws a JsonTreeModel's cells for reading. The model shows a string's control characters as their
// U+2400 pictures, which few fonts have (a line feed drew as a box): line breaks and tabs are shown as
// arrows on the one line instead, and a string's tooltip gives its whole text on its own lines.
class JsonCellDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonCellDelegate)

public:
    // A tooltip stops here: a multi-megabyte string is copied, not shown in a tooltip.
    static constexpr int maximumToolTip = 4000;

    explicit JsonCellDelegate(QObject *parent = nullptr);

    QString displayText(const QVariant &value, const QLocale &locale) const override;
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

    // "a↵b" for the model's "a␊b" (and "a␍␊b"), "a⇥b" for "a␉b".
    static QString readable(QString shown);
};
