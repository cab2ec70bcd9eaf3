#pragma once

#include <QStyledItemDelegate>

// Status cells: the status colour dot before the word. The word is the model's display text as it
// came from the API, so a status this version does not know still reads correctly (with a grey dot).
class StatusDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StatusDelegate)

public:
    explicit StatusDelegate(QObject *parent = nullptr);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};
