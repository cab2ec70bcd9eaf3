#pragma once

#include <QObject>

class QActionGroup;
class QComboBox;
class QMenu;
class RefreshScheduler;

// The auto-refresh interval: one choice shown twice (a View submenu and a toolbar combo box) that drives
// the scheduler and is remembered across starts. Either control updates the other.
class RefreshIntervalChoice final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RefreshIntervalChoice)

public:
    // Applies the remembered interval to the scheduler at once.
    explicit RefreshIntervalChoice(RefreshScheduler *scheduler, QObject *parent = nullptr);

    QMenu *addMenu(QMenu *parent);
    QComboBox *createComboBox(QWidget *parent);

private:
    void choose(int seconds);

    RefreshScheduler *m_scheduler;
    QActionGroup *m_group;
    QComboBox *m_combo = nullptr;
};
