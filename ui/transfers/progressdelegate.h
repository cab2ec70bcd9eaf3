#pragma once

#include <QStyledItemDelegate>

// Draws a transfer's progress (TransferModel::ProgressRole, 0..100 or -1 for "not known yet") as the
// style's own progress bar, the way qBittorrent's transfer list does.
class ProgressDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProgressDelegate)

public:
    explicit ProgressDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};
