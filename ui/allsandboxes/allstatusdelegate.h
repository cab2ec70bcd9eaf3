#pragma once

#include <QStyledItemDelegate>

// Status cells of the All sandboxes view: each row's dot in its own provider's colour language (Klavis'
// StatusIcons, Blaxel's BlaxelStatusIcons) before the word as the server sent it.
class AllStatusDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AllStatusDelegate)

public:
    explicit AllStatusDelegate(QObject *parent = nullptr);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};
