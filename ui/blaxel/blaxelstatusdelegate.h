#pragma once

#include <QStyledItemDelegate>

// Blaxel status cells: the status colour dot (BlaxelStatusIcons) before the word as the server sent it.
class BlaxelStatusDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelStatusDelegate)

public:
    explicit BlaxelStatusDelegate(QObject *parent = nullptr);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};
