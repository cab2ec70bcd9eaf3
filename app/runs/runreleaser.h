#pragma once

#include "api/apierror.h"
#include "ledger/ledgeraccess.h"
#include "ledger/ledgerprovider.h"
#include "runs/ledgerrecorder.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class HttpTransport;
class KlavisLocalSandboxService;
class KlavisSandboxService;
class KlavisUniverseService;
class RunReconciler;
struct Leak;
struct LedgerSandbox;

// One sandbox to give back.
struct ReleaseTarget
{
    LedgerProvider provider = LedgerProvider::Klavis;
    QStringList servers;
    QString sandboxId;
    QString run;
    bool leftover = false; // the server held it for a run the ledger did not know it for (RunReconciler)
    qint64 intentId = 0;   // a leftover's open intent, 0 when none

    static ReleaseTarget of(const Leak &leak);
    static ReleaseTarget of(const LedgerSandbox &sandbox);
};

// Gives sandboxes back, one at a time (the rate limit paces them anyway, and what a person reads stays in
// order), each written to the ledger as a release before its request and finished after it: what
// `run release NAME` and `leaks --release` do, for the CLI and the GUI alike (LedgerAccess).
//
// releaseRun(): the sandboxes the ledger says the run holds, then what RunReconciler finds the server holds
// for the run that the ledger does not know; open intents for which the server holds nothing are
// abandoned; the run is marked released when nothing failed. A 404 is a sandbox already gone (expired,
// released elsewhere): recorded as vanished, counted as released.
class RunReleaser final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunReleaser)

public:
    RunReleaser(HttpTransport *transport, const LedgerAccess &ledger, QObject *parent = nullptr);

    void setProfile(const QString &profile) { m_recorder.setProfile(profile); }

    void releaseRun(const QString &name);
    void releaseSandboxes(const QList<ReleaseTarget> &targets);
    // No further release is asked for; the one in flight finishes, then finished().
    void cancel();

    bool isRunning() const { return m_running; }
    // After finished(): nothing was asked of the server (the run is unknown, the ledger failed).
    bool wasRefused() const { return m_refused; }

signals:
    void released(const ReleaseTarget &target);
    void vanished(const ReleaseTarget &target); // the server answered 404: it holds it no more
    // `sentence` says why; `error` is the API's answer (empty for a ledger failure).
    void failed(const ReleaseTarget &target, const QString &sentence, const ApiError &error);
    // `error`: why the work stopped short (the ledger, the server's list, a cancel), empty when it did not.
    void finished(int released, int failed, const QString &error);

private:
    void scanned(const QList<ReleaseTarget> &held, const struct ReconcileReport &report);
    void next();
    void releaseOne(const ReleaseTarget &target);
    void answered(const ReleaseTarget &target, qint64 operationId, const ApiError &error);
    void end(const QString &error);

    KlavisSandboxService *m_remote;
    KlavisLocalSandboxService *m_local;
    KlavisUniverseService *m_universes;
    RunReconciler *m_reconciler;
    LedgerRecorder m_recorder;
    QList<ReleaseTarget> m_queue;
    QString m_run;   // releaseRun()'s run, empty for releaseSandboxes()
    QString m_error; // what stopped the work short so far
    int m_released = 0;
    int m_failed = 0;
    bool m_running = false;
    bool m_cancelled = false;
    bool m_refused = false;
};
