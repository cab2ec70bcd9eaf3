#include "runsview/newrunwizard.h"

#include "api/transportconfig.h"
#include "runsview/newrunexportspage.h"
#include "runsview/newrunplanpage.h"
#include "runsview/newrunprogresspage.h"
#include "runsview/newrunsandboxespage.h"
#include "runsview/newrunseedspage.h"
#include "runsview/newrunsummarypage.h"

#include <QMessageBox>
#include <QPushButton>

using namespace Qt::StringLiterals;

NewRunWizard::NewRunWizard(RunProvisioner *provisioner, QWidget *parent)
    : QWizard(parent), m_provisioner(provisioner), m_planPage(new NewRunPlanPage(this)),
      m_sandboxesPage(new NewRunSandboxesPage(this)), m_seedsPage(new NewRunSeedsPage(this)),
      m_summaryPage(new NewRunSummaryPage(this)), m_progressPage(new NewRunProgressPage(provisioner, this)),
      m_exportsPage(new NewRunExportsPage(this)), m_requestsPerSecond(TransportConfig().requestsPerSecond)
{
    setWindowTitle(tr("New run"));
    setWindowIcon(QIcon(u":/icons/acquire.svg"_s));
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnLastPage);
    // The exports come after the run: Finish is the way out there, not a Cancel that undoes nothing.
    setOption(QWizard::NoCancelButtonOnLastPage);
    setPage(PlanPage, m_planPage);
    setPage(SandboxesPage, m_sandboxesPage);
    setPage(SeedsPage, m_seedsPage);
    setPage(SummaryPage, m_summaryPage);
    setPage(ProgressPage, m_progressPage);
    setPage(ExportsPage, m_exportsPage);
    m_planPage->restoreChoices();
    connect(m_progressPage, &NewRunProgressPage::releaseRequested, this, &NewRunWizard::releaseRequested);
    // While the run goes on, Cancel means "stop the run?", not a silent close.
    connect(m_progressPage, &NewRunProgressPage::runFinished, this,
            [this] { setButtonText(QWizard::CancelButton, tr("Close")); });
}

void NewRunWizard::setRequestsPerSecond(double rate)
{
    m_requestsPerSecond = rate;
    m_sandboxesPage->setRequestsPerSecond(rate);
}

RunPlan NewRunWizard::plan() const
{
    RunPlan plan;
    m_planPage->fill(&plan);
    m_sandboxesPage->fill(&plan);
    m_seedsPage->fill(&plan);
    return plan;
}

bool NewRunWizard::isProvisioning() const
{
    // From Start on, while the name is checked too: the provisioner holds the plan.
    return m_progressPage->isRunning() || (m_provisioner && m_provisioner->isRunning());
}

void NewRunWizard::initializePage(int id)
{
    QWizard::initializePage(id);
    if (id == SeedsPage)
        m_seedsPage->setLocalSandboxesPlanned(!plan().localSets.isEmpty());
    else if (id == SummaryPage)
        m_summaryPage->showPlan(plan(), m_requestsPerSecond);
    else if (id == ExportsPage && m_provisioner)
        m_exportsPage->setRun(m_provisioner->plan().name, m_provisioner->sandboxes());
}

bool NewRunWizard::validateCurrentPage()
{
    if (!QWizard::validateCurrentPage())
        return false;
    if (currentId() != SummaryPage || m_runStarted)
        return true;
    if (const QString problem = startRun(); !problem.isEmpty())
        m_summaryPage->showProblem(problem);
    // The page moves on when the provisioner says the run is in the ledger (started()): the name is checked
    // and the files are read off this thread first.
    return false;
}

QString NewRunWizard::startRun()
{
    if (!m_provisioner)
        return tr("Runs are not available: the run ledger is not open.");
    if (m_provisioner->isRunning())
        return tr("Another run is being provisioned; wait for it to end.");
    const RunPlan run = plan();
    m_planPage->saveChoices();
    setStarting(true);
    // One answer of the two ends the wait: started(), or finished(Refused) with the reason.
    auto *waiting = new QObject(this);
    connect(m_provisioner, &RunProvisioner::started, waiting, [this, waiting, run] {
        delete waiting;
        setStarting(false);
        m_runStarted = true;
        m_progressPage->follow();
        emit runStarted(run);
        // Queued: with a synchronous ledger (tests) this answer comes inside validateCurrentPage().
        QMetaObject::invokeMethod(this, &QWizard::next, Qt::QueuedConnection);
    });
    connect(m_provisioner, &RunProvisioner::finished, waiting, [this, waiting] {
        delete waiting;
        setStarting(false);
        m_summaryPage->showProblem(tr("The run was not started: %1").arg(m_provisioner->problem()));
    });
    m_provisioner->start(run);
    return {};
}

void NewRunWizard::setStarting(bool starting)
{
    m_summaryPage->showStarting(starting);
    for (const auto which : {QWizard::BackButton, QWizard::NextButton, QWizard::CommitButton})
        button(which)->setEnabled(!starting);
}

bool NewRunWizard::confirmClose()
{
    if (!isProvisioning())
        return true;
    QMessageBox box(QMessageBox::Question, tr("New run"), tr("Stop the run?"), QMessageBox::NoButton, this);
    box.setInformativeText(tr("The acquire under way finishes; nothing after it is asked for. You can then "
                              "release or keep what the run holds."));
    QPushButton *stop = box.addButton(tr("&Stop the run"), QMessageBox::AcceptRole);
    QPushButton *keep = box.addButton(tr("&Keep provisioning"), QMessageBox::RejectRole);
    box.setDefaultButton(keep);
    box.exec();
    if (box.clickedButton() == stop)
        m_progressPage->cancelRun();
    // Never closed while the run goes on: how it ends, and what it holds, is shown here.
    return false;
}

void NewRunWizard::reject()
{
    if (confirmClose())
        QWizard::reject();
}
