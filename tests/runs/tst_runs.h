#pragma once

// The runs layer's one test executable (CI cost), its functions by subject in several files: tst_runs.cpp
// (plans, exports), tst_runsmanifest.cpp (leaks, manifests), tst_runsprovisioner.cpp (the provisioner and
// the reconciler on a RunLedger), tst_runsledger.cpp (the same on the ledger worker's thread, RunReleaser).

#include "api/apiresult.h"
#include "ledger/runledger.h"
#include "runs/runprovisioner.h"
#include "serviceharness.h"

#include <QJsonObject>
#include <QObject>
#include <QTemporaryDir>

#include <memory>

class TestRuns : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    // tst_runs.cpp: plans and exports.
    void runNamesAreTags_data();
    void runNamesAreTags();
    void serversSpelling();
    void localSetSpelling();
    void typoCountsAreRefused();
    void planJsonRoundTrip();
    void planJsonIsCheckedOnTheWayIn();
    void slotsNumberEachServer();
    void exportsNameEverySandbox();
    void exportsLeaveOutHostileUrls();
    void exportsAreWrittenAtomically();
    // tst_runsmanifest.cpp: leaks and manifests.
    void leaksHaveTheirReasons();
    void leakDurations();
    void expiringSoonNamesTheHeldSandboxesDueSoon();
    void manifestMatchesItsSchema();
    void manifestReadsBackAndImports();
    void hostileManifestsAreRefused_data();
    void hostileManifestsAreRefused();
    // tst_runsprovisioner.cpp: the provisioner and the reconciler on a RunLedger.
    void provisionerAcquiresEveryPlannedSandbox();
    void provisionerRetriesA429AndGoesOnAfterFailures();
    void provisionerCancelLetsTheInFlightAcquireFinish();
    void provisionerRefusesATakenName();
    void abortingTheAcquireInFlightLeavesItToReconciliation();
    void seedsFollowEachAcquire();
    void cancelWhenASeedBeginsFinishesOnce();
    void reconcilerFindsWhatACrashLeft();
    // tst_runsledger.cpp: the same classes on the ledger worker's thread, and RunReleaser.
    void provisionerWaitsForTheLedgerWorker();
    void releaserGivesBackARunAndWhatTheServerHoldsForIt();
    void releaserStopsWhenCancelled();

private:
    // A fresh ledger in a temporary folder, an emulator on loopback and a transport to it.
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<RunLedger> m_ledger;
    std::unique_ptr<ServiceHarness> m_emulator;
    // Runs a plan to its end; the provisioner's outcome.
    RunProvisioner::Outcome provision(RunProvisioner &provisioner, const RunPlan &plan);
    // tests/data/runs/manifest.schema.json, empty when it cannot be read.
    static QJsonObject manifestSchema();
};
