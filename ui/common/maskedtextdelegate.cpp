#include "common/maskedtextdelegate.h"

#include <QLineEdit>

MaskedTextDelegate::MaskedTextDelegate(int maskRole, QObject *parent)
    : QStyledItemDelegate(parent), m_maskRole(maskRole)
{}

void MaskedTextDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    // As many bullets as a password field would show: the length is no secret worth more than the field's.
    if (index.data(m_maskRole).toBool() && !option->text.isEmpty())
        option->text = QString(option->text.size(), QChar(0x2022));
}

QWidget *MaskedTextDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                          const QModelIndex &index) const
{
    QWidget *editor = QStyledItemDelegate::createEditor(parent, option, index);
    if (auto *line = qobject_cast<QLineEdit *>(editor); line && index.data(m_maskRole).toBool())
        line->setEchoMode(QLineEdit::Password);
    return editor;
}
