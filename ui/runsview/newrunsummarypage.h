#pragma once

#include "runs/runplan.h"

#include <QWizardPage>

class QLabel;
class QPlainTextEdit;

// The New run wizard's fourth page: the plan in words, and Start (it is the commit page: once the run has
// started there is no going back to change it). Why a start was refused is shown here, the plan still
// editable with Back.
class NewRunSummaryPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewRunSummaryPage)

public:
    explicit NewRunSummaryPage(QWidget *parent = nullptr);

    void showPlan(const RunPlan &plan, double requestsPerSecond);
    void showProblem(const QString &problem);
    // While the provisioner checks the name and reads the files, before the first acquire.
    void showStarting(bool starting);
    QString planText() const;
    QString problemText() const;

    static QString describe(const RunPlan &plan, double requestsPerSecond);

protected:
    void changeEvent(QEvent *event) override;

private:
    QPlainTextEdit *m_text;
    QLabel *m_problem;
    QLabel *m_starting;
};
