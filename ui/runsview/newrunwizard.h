#pragma once

#include "runs/runplan.h"
#include "runs/runprovisioner.h"

#include <QPointer>
#include <QWizard>

class NewRunExportsPage;
class NewRunPlanPage;
class NewRunProgressPage;
class NewRunSandboxesPage;
class NewRunSeedsPage;
class NewRunSummaryPage;

// "New run": name, benchmark and TTL; the sandboxes; optional seeds; the plan in words and Start; the
// progress of each sandbox with Cancel; the exports an agent harness reads. The provisioner comes from
// outside (the session owns it and its ledger); the wizard only starts, follows and cancels it. Releasing
// what a cancelled run holds is asked for with releaseRequested(): the owner of the releaser does it.
class NewRunWizard final : public QWizard
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewRunWizard)

public:
    enum PageId
    {
        PlanPage,
        SandboxesPage,
        SeedsPage,
        SummaryPage,
        ProgressPage,
        ExportsPage,
    };

    explicit NewRunWizard(RunProvisioner *provisioner, QWidget *parent = nullptr);

    // The requests per second the time estimates assume: the transport's limit (0: none).
    void setRequestsPerSecond(double rate);
    // The plan as the pages hold it now.
    RunPlan plan() const;
    bool isProvisioning() const;

    NewRunPlanPage *planPage() const { return m_planPage; }
    NewRunSandboxesPage *sandboxesPage() const { return m_sandboxesPage; }
    NewRunSeedsPage *seedsPage() const { return m_seedsPage; }
    NewRunSummaryPage *summaryPage() const { return m_summaryPage; }
    NewRunProgressPage *progressPage() const { return m_progressPage; }
    NewRunExportsPage *exportsPage() const { return m_exportsPage; }

    // Closing (Cancel, Escape, the window's close button) while the run goes on asks first; "Stop the run"
    // cancels it and keeps the wizard open, to show how it ended and offer to release what it holds.
    void reject() override;
    bool validateCurrentPage() override;

signals:
    void runStarted(const RunPlan &plan);
    void releaseRequested(const QString &run);

protected:
    void initializePage(int id) override;

private:
    // Starts the plan on the provisioner; an error sentence when it refused.
    // Hands the plan to the provisioner; an immediate problem, or empty while its answer is awaited.
    QString startRun();
    void setStarting(bool starting);
    // True when the window may close now.
    bool confirmClose();

    QPointer<RunProvisioner> m_provisioner;
    NewRunPlanPage *m_planPage;
    NewRunSandboxesPage *m_sandboxesPage;
    NewRunSeedsPage *m_seedsPage;
    NewRunSummaryPage *m_summaryPage;
    NewRunProgressPage *m_progressPage;
    NewRunExportsPage *m_exportsPage;
    double m_requestsPerSecond;
    bool m_runStarted = false; // past the summary: the provisioner took the plan
};
