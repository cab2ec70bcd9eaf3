#pragma once

// The New run wizard's and the reconcile dialog's one test executable (CI cost), its functions by subject in
// several files: tst_newrunwizard.cpp (the fixture, the pages), tst_newrunwizardprovisioning.cpp (runs
// provisioned, failed, cancelled, closed), tst_newrunwizardreconcile.cpp (the reconcile dialog).

#include "api/apiresult.h"
#include "ledger/ledgerworker.h"
#include "ledger/runledger.h"
#include "runs/runprovisioner.h"
#include "runsview/newrunwizard.h"
#include "serviceharness.h"

#include <QObject>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

class NewRunSandboxesPage;

class TestNewRunWizard : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    // tst_newrunwizard.cpp: the pages.
    void badNameIsRefusedOnThePlanPage();
    void takenNameIsRefusedAtStart();
    // tst_newrunwizardprovisioning.cpp: a run provisioned, failed, cancelled, closed.
    void provisionsARunAndWritesItsExports();
    void aFailureLooksLikeOneAndLosesNothing();
    void cancelInTheMiddleOffersRelease();
    void closingWhileProvisioningAsksFirst();
    // tst_newrunwizard.cpp: the pages.
    void badSeedFileShowsItsError();
    void choicesAreRemembered();
    // tst_newrunwizardreconcile.cpp: the reconcile dialog.
    void reconcileDecisionsAreEmittedAsChosen();
    void reconcileDecideLaterDecidesNothing();

private:
    // A wizard shown over a provisioner on the emulator and the test's ledger.
    std::unique_ptr<NewRunWizard> makeWizard();
    // The first page filled and left: name, no TTL (so the emulator keeps what it gave).
    void fillPlanPage(NewRunWizard *wizard, const QString &name);
    // Types a count for `server` the way a user does: the filter, Enter, the number.
    static void typeCount(NewRunSandboxesPage *page, const QString &server, int count);
    static void addLocalSet(NewRunSandboxesPage *page, const QStringList &servers, int count);
    static void next(NewRunWizard *wizard);
    // Starts the run from the summary and waits until it ends; false when it did not.
    static bool startAndWait(NewRunWizard *wizard, int timeoutMs = 20000);

    std::unique_ptr<QTemporaryDir> m_dir;
    // The test's own connection to the file (set-ups and checks); the provisioner writes through the worker,
    // as in the window.
    std::unique_ptr<RunLedger> m_ledger;
    std::unique_ptr<LedgerWorker> m_worker;
    std::unique_ptr<ServiceHarness> m_emulator;
    std::unique_ptr<RunProvisioner> m_provisioner;
};
