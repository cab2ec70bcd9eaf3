#pragma once

#include <QStyledItemDelegate>

// The default delegate of a tree whose rows should be as high as the table's (see
// ViewSizing::rowHeight): it paints as usual and only asks for more height.
class RowHeightDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RowHeightDelegate)

public:
    RowHeightDelegate(int rowHeight, QObject *parent = nullptr);

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_rowHeight;
};
