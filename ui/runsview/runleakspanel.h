#pragma once

#include "runs/leakfinder.h"

#include <QWidget>

#include <optional>

class LeakMonitor;
class QComboBox;
class QLabel;
class QPushButton;
class LeakListModel;
class QSpinBox;
class QTreeView;

// The Runs view's leak section: every sandbox LeakMonitor found, with its reasons in words; the "held
// longer than" threshold (off by default, kept in the settings); and one button that releases them all
// after one question.
class RunLeaksPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunLeaksPanel)

public:
    RunLeaksPanel(LeakMonitor *monitor, QWidget *parent = nullptr);

    QTreeView *table() const { return m_table; }
    LeakListModel *model() const { return m_model; }
    QSpinBox *thresholdBox() const { return m_threshold; }
    QComboBox *unitBox() const { return m_unit; }
    QPushButton *releaseButton() const { return m_release; }

    // Asks once, listing what will go, then emits releaseRequested with the leaks shown now.
    void releaseAll();
    // The setting read back: the seconds, or nullopt when off.
    static std::optional<qint64> storedThreshold();

signals:
    void releaseRequested(const QList<Leak> &leaks);

private:
    void showLeaks();
    void storeThreshold();

    LeakMonitor *m_monitor;
    QLabel *m_summary;
    QSpinBox *m_threshold;
    QComboBox *m_unit;
    LeakListModel *m_model;
    QTreeView *m_table;
    QPushButton *m_release;
};
