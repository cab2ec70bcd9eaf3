#pragma once

#include <QMessageBox>

class TransferQueue;

// The question asked when the window closes while transfers run. Its buttons say what each answer does,
// its text follows the count while it is open, and when the last transfer ends meanwhile it closes by
// itself: there is nothing left to ask about.
class QuitConfirmation final : public QMessageBox
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QuitConfirmation)

public:
    QuitConfirmation(TransferQueue *transfers, QWidget *parent = nullptr);

    QPushButton *quitButton() const { return m_quit; }
    QPushButton *keepButton() const { return m_keep; }
    bool quitChosen() const;

    // True when the window may close: nothing runs, or the user chose to quit (what still runs when the
    // answer comes is cancelled then). Counts when asked and again when answered.
    static bool confirm(TransferQueue *transfers, QWidget *parent);

private:
    void showCount(int running);

    QPushButton *m_quit;
    QPushButton *m_keep;
    bool m_nothingLeft = false;
};
