#include "mainwindow/quitconfirmation.h"

#include "workspace/transferqueue.h"

#include <QPushButton>

QuitConfirmation::QuitConfirmation(TransferQueue *transfers, QWidget *parent)
    : QMessageBox(QMessageBox::Question, tr("Transfers running"), QString(), QMessageBox::NoButton, parent),
      m_quit(addButton(tr("Cancel transfers and quit"), QMessageBox::DestructiveRole)),
      m_keep(addButton(tr("Keep running"), QMessageBox::RejectRole))
{
    setDefaultButton(m_keep);
    setEscapeButton(m_keep);
    setInformativeText(tr("Nothing half-written is kept."));
    showCount(transfers->activeCount());
    connect(transfers, &TransferQueue::activeCountChanged, this, [this](int running) {
        if (running > 0) {
            showCount(running);
            return;
        }
        m_nothingLeft = true;
        done(0);
    });
}

void QuitConfirmation::showCount(int running)
{
    setText(tr("%n transfer(s) still running. Quitting cancels them.", nullptr, running));
}

bool QuitConfirmation::quitChosen() const
{
    return m_nothingLeft || clickedButton() == m_quit;
}

bool QuitConfirmation::confirm(TransferQueue *transfers, QWidget *parent)
{
    if (transfers->activeCount() == 0)
        return true;
    QuitConfirmation question(transfers, parent);
    question.exec();
    if (!question.quitChosen())
        return false;
    // Counted again: what ended while the question was open needs no cancelling.
    if (transfers->activeCount() > 0)
        transfers->cancelAll();
    return true;
}
