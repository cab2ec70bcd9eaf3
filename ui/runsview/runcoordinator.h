#pragma once

#include "runs/leakfinder.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

class AppSession;
class NewRunWizard;
class QWidget;
class RunReconciler;
class RunsPage;
class RunReleaser;
struct LedgerSandbox;
struct ReconcileReport;

// The window's runs work that spans views: the New run wizard with a provisioner on the session's
// transport and ledger, releasing a run or the leaks (RunReleaser) for the Runs view and the wizard, and,
// once the ledger is open, the offer to reconcile what an interrupted acquire left. Everything goes through
// LedgerAccess on the ledger's thread; nothing here waits.
class RunCoordinator final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunCoordinator)

public:
    RunCoordinator(AppSession *session, QWidget *window);

    // One wizard at a time: a second call brings the open one to the front.
    void openNewRunWizard();
    NewRunWizard *wizard() const;

    // Its releases, its outcomes and its reloads after a change of the ledger.
    void connectPage(RunsPage *page);

    void releaseRun(const QString &run);
    // A run only seen as a tag: what the list showed with it.
    void releaseListed(const QString &run, const QList<LedgerSandbox> &sandboxes);
    void releaseLeaks(const QList<Leak> &leaks);
    bool isReleasing() const;

    // Looks for open intents of processes that are gone and asks the user about what the server holds for
    // them. The session calls it when the ledger opens; a test may call it again.
    void offerReconcile();

signals:
    void statusMessage(const QString &message);
    // A release ended: `failures` (one sentence per sandbox, and why the work stopped short) is empty when
    // everything went.
    void releaseFinished(const QString &summary, const QStringList &failures);
    // The ledger changed under the Runs view: a run provisioned, released or reconciled.
    void runsChanged();
    // The reconcile scan ended: `offered` is true when the dialog was shown.
    void reconcileScanned(bool offered);

private:
    RunReleaser *startReleaser(const QString &what);
    void showReconcileDialog(const ReconcileReport &report);

    AppSession *m_session;
    QWidget *m_window;
    QPointer<NewRunWizard> m_wizard;
    QPointer<RunReleaser> m_releaser;
    QPointer<RunReconciler> m_reconciler;
};
