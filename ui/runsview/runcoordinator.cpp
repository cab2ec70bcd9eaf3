#include "runsview/runcoordinator.h"

#include "api/httptransport.h"
#include "ledger/ledgeraccess.h"
#include "runs/runprovisioner.h"
#include "runs/runreconciler.h"
#include "runs/runreleaser.h"
#include "runsview/newrunwizard.h"
#include "runsview/reconciledialog.h"
#include "runsview/runspage.h"
#include "session/appsession.h"

#include <QWidget>

#include <memory>

using namespace Qt::StringLiterals;

RunCoordinator::RunCoordinator(AppSession *session, QWidget *window)
    : QObject(window), m_session(session), m_window(window)
{
    connect(session, &AppSession::ledgerOpened, this, [this](const QString &problem) {
        if (!problem.isEmpty()) {
            emit statusMessage(
                tr("The run ledger could not be opened, so nothing is recorded: %1").arg(problem));
            return;
        }
        offerReconcile();
    });
}

NewRunWizard *RunCoordinator::wizard() const
{
    return m_wizard;
}

bool RunCoordinator::isReleasing() const
{
    return !m_releaser.isNull();
}

void RunCoordinator::connectPage(RunsPage *page)
{
    connect(page, &RunsPage::releaseRunRequested, this, &RunCoordinator::releaseRun);
    connect(page, &RunsPage::releaseSandboxesRequested, this, &RunCoordinator::releaseListed);
    connect(page, &RunsPage::releaseLeaksRequested, this, &RunCoordinator::releaseLeaks);
    connect(this, &RunCoordinator::releaseFinished, page, &RunsPage::showReleaseOutcome);
    connect(this, &RunCoordinator::runsChanged, page, &RunsPage::reload);
}

void RunCoordinator::openNewRunWizard()
{
    if (m_wizard) {
        m_wizard->raise();
        m_wizard->activateWindow();
        return;
    }
    auto *provisioner = new RunProvisioner(m_session->transport(), LedgerAccess(m_session->ledger()));
    provisioner->setProfile(m_session->profileName());
    m_wizard = new NewRunWizard(provisioner, m_window);
    provisioner->setParent(m_wizard);
    m_wizard->setAttribute(Qt::WA_DeleteOnClose);
    m_wizard->setRequestsPerSecond(m_session->transport()->config().requestsPerSecond);
    connect(m_wizard, &NewRunWizard::releaseRequested, this, &RunCoordinator::releaseRun);
    connect(provisioner, &RunProvisioner::finished, this, [this](RunProvisioner::Outcome outcome) {
        if (outcome != RunProvisioner::Outcome::Refused)
            emit runsChanged();
    });
    // Not modal: the window stays usable while a run of a hundred sandboxes takes its minute.
    m_wizard->show();
}

RunReleaser *RunCoordinator::startReleaser(const QString &what)
{
    if (m_releaser) {
        emit statusMessage(tr("A release is under way; %1 waits until it has ended.").arg(what));
        return nullptr;
    }
    auto *releaser = new RunReleaser(m_session->transport(), LedgerAccess(m_session->ledger()), this);
    releaser->setProfile(m_session->profileName());
    m_releaser = releaser;
    auto failures = std::make_shared<QStringList>();
    connect(releaser, &RunReleaser::released, this, [this, what](const ReleaseTarget &target) {
        emit statusMessage(tr("%1: released %2").arg(what, target.sandboxId));
    });
    connect(releaser, &RunReleaser::failed, this,
            [failures](const ReleaseTarget &target, const QString &sentence, const ApiError &) {
                failures->append(
                    tr("%1 (%2): %3").arg(target.sandboxId, target.servers.join(u", "_s), sentence));
            });
    connect(
        releaser, &RunReleaser::finished, this,
        [this, releaser, failures, what](int released, int failed, const QString &error) {
            if (!error.isEmpty())
                failures->append(error);
            const QString summary =
                failed == 0 && error.isEmpty()
                    ? tr("%1: %n sandbox(es) released.", nullptr, released).arg(what)
                    : tr("%1: %2 released, %3 could not be released.").arg(what).arg(released).arg(failed);
            // Done now, not when the deferred delete runs: whoever hears of the end may release again.
            m_releaser.clear();
            releaser->deleteLater();
            emit releaseFinished(summary, *failures);
            emit runsChanged();
        });
    return releaser;
}

void RunCoordinator::releaseRun(const QString &run)
{
    if (RunReleaser *releaser = startReleaser(tr("Run %1").arg(run)))
        releaser->releaseRun(run);
}

void RunCoordinator::releaseListed(const QString &run, const QList<LedgerSandbox> &sandboxes)
{
    if (sandboxes.isEmpty())
        return;
    QList<ReleaseTarget> targets;
    targets.reserve(sandboxes.size());
    for (const LedgerSandbox &sandbox : sandboxes)
        targets.append(ReleaseTarget::of(sandbox));
    if (RunReleaser *releaser = startReleaser(tr("Run %1").arg(run)))
        releaser->releaseSandboxes(targets);
}

void RunCoordinator::releaseLeaks(const QList<Leak> &leaks)
{
    if (leaks.isEmpty())
        return;
    QList<ReleaseTarget> targets;
    targets.reserve(leaks.size());
    for (const Leak &leak : leaks)
        targets.append(ReleaseTarget::of(leak));
    if (RunReleaser *releaser = startReleaser(tr("Leaks")))
        releaser->releaseSandboxes(targets);
}

void RunCoordinator::offerReconcile()
{
    if (m_reconciler || !m_session->hasKey())
        return;
    m_reconciler = new RunReconciler(m_session->transport(), LedgerAccess(m_session->ledger()), this);
    m_reconciler->scan({}, [this](const ReconcileReport &report) {
        const bool offer = !report.openIntents.isEmpty() || !report.leftovers.isEmpty();
        if (offer) {
            showReconcileDialog(report);
        } else {
            // Cleared at once, so that an offer made as soon as this one ends is not taken for a second one.
            m_reconciler->deleteLater();
            m_reconciler.clear();
        }
        emit reconcileScanned(offer);
    });
}

void RunCoordinator::showReconcileDialog(const ReconcileReport &report)
{
    auto *dialog = new ReconcileDialog(report, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    RunReconciler *reconciler = m_reconciler;
    // The reconciler lives as long as the decisions it carries out; the last answer lets it go.
    auto pending = std::make_shared<int>(0);
    const auto answered = [this, pending, reconciler](const QString &what, const QString &error) {
        emit statusMessage(error.isEmpty() ? what : tr("%1 failed: %2").arg(what, error));
        if (--*pending == 0) {
            reconciler->deleteLater();
            m_reconciler.clear();
            emit runsChanged();
        }
    };
    connect(dialog, &ReconcileDialog::adoptRequested, this,
            [reconciler, pending, answered](const RunLeftover &leftover) {
                ++*pending;
                reconciler->adopt(leftover, [answered, leftover](const QString &error) {
                    answered(tr("Adopted %1 into run %2").arg(leftover.sandboxId, leftover.run), error);
                });
            });
    connect(dialog, &ReconcileDialog::releaseRequested, this,
            [reconciler, pending, answered](const RunLeftover &leftover) {
                ++*pending;
                reconciler->release(leftover, [answered, leftover](const QString &error) {
                    answered(tr("Released leftover %1 of run %2").arg(leftover.sandboxId, leftover.run),
                             error);
                });
            });
    connect(dialog, &ReconcileDialog::abandonRequested, this,
            [reconciler, pending, answered](qint64 intentId, const QString &note) {
                ++*pending;
                reconciler->abandon(intentId, note, [answered](const QString &error) {
                    answered(tr("Closed an interrupted acquire the server held nothing for"), error);
                });
            });
    // Decided later (or nothing chosen): the reconciler goes with the dialog, the intents stay for next time.
    connect(dialog, &QDialog::finished, this, [this, pending, reconciler] {
        if (*pending == 0) {
            reconciler->deleteLater();
            m_reconciler.clear();
        }
    });
    dialog->show();
}
