#pragma once

#include <QStyledItemDelegate>

// A cell whose text is a secret: shown as bullets and edited in a password field while `maskRole` of its
// index is true (a "Secret" check in the same row, say), as any other text otherwise.
class MaskedTextDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MaskedTextDelegate)

public:
    MaskedTextDelegate(int maskRole, QObject *parent = nullptr);

    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;

private:
    int m_maskRole;
};
