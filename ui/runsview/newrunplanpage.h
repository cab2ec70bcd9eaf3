#pragma once

#include "runs/runplan.h"

#include <QWizardPage>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

// The New run wizard's first page: the run's name (the tag on each of its sandboxes), the benchmark, the
// time to live and whether to ask for capacity first. The name is checked by RunPlanParser, the one home
// of what a run name may be; the TTL's bounds are the API's (AcquireRequest), in the unit shown.
class NewRunPlanPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewRunPlanPage)

public:
    explicit NewRunPlanPage(QWidget *parent = nullptr);

    // Writes name, benchmark, TTL and prepare into `plan`.
    void fill(RunPlan *plan) const;
    bool validatePage() override;

    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *benchmarkCombo() const { return m_benchmark; }
    QCheckBox *ttlCheck() const { return m_ttlEnabled; }
    QSpinBox *ttlSpin() const { return m_ttl; }
    QComboBox *ttlUnitCombo() const { return m_ttlUnit; }
    QCheckBox *prepareCheck() const { return m_prepare; }
    QString nameError() const;

    // The benchmark and TTL last used (QSettings): what a researcher most often asks for again.
    void restoreChoices();
    void saveChoices() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    int unitSeconds() const;
    void applyUnitRange();
    void showNameError(const QString &problem);

    QLineEdit *m_name;
    QLabel *m_nameError;
    QComboBox *m_benchmark;
    QCheckBox *m_ttlEnabled;
    QSpinBox *m_ttl;
    QComboBox *m_ttlUnit;
    QCheckBox *m_prepare;
};
