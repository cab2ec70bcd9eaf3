#include "common/confirmationbox.h"

#include <QAbstractButton>
#include <QMessageBox>
#include <QPushButton>

bool ConfirmationBox::ask(QWidget *parent, const QString &question, const QString &explanation,
                          const QString &actionText, const QString &details)
{
    QMessageBox box(QMessageBox::Question, QMessageBox::tr("Confirm"), question, QMessageBox::Cancel, parent);
    box.setInformativeText(explanation);
    if (!details.isEmpty())
        box.setDetailedText(details);
    QAbstractButton *confirm = box.addButton(actionText, QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == confirm;
}

QString ConfirmationBox::leftOutNote(int leftOut)
{
    return leftOut > 0 ? u' ' + tr("%n idle or failed sandbox(es) in the selection are left as they are.",
                                   nullptr, leftOut)
                       : QString();
}
