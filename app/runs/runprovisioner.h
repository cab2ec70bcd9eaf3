#pragma once

#include "runs/ledgerrecorder.h"
#include "runs/runplan.h"
#include "runs/runsandbox.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

class ApiCall;
class HttpTransport;
class KlavisLocalSandboxService;
class KlavisSandboxService;
class QTimer;
class RunSeeder;

// Provisions a run: the run in the ledger, an optional prepare, then one acquire after another (the
// transport's rate limiter paces them), each written as an intent before its request and finished after it.
// Nothing blocks: every step is a callback, the ledger's answers too (LedgerAccess: at once for the CLI, on
// the ledger worker's thread for the GUI); a request is sent only once its intent's id is back. The wizard
// and `sandboxdeck-cli run create` both follow sandboxChanged() and finished().
//
// Outcomes of one acquire:
//  - succeeded: the sandbox is recorded as acquired with its (redacted) MCP URLs;
//  - 429: a definite "not done" (the limiter refused before doing anything). The transport already sends a
//    call answered 429 again, acquires included, up to its attempts; when those run out, that same acquire
//    is asked again here after Retry-After. Nothing else is repeated: an acquire is not idempotent, and a
//    retry after an answer that got lost could occupy a second sandbox;
//  - a definite failure (4xx, 501, 503 "no idle sandbox"): recorded, the run goes on;
//  - ambiguous (no answer, a timeout, a 5xx that may have half-happened, our own abort): the server may hold
//    a sandbox. It is never retried: it is left for RunReconciler, and the run goes on.
// A key problem (401/403) ends the run early: every further acquire would be refused the same way.
//
// Seeds, after each acquire and before the next (RunSeeder): the plan's per-server data into each Klavis
// sandbox of a server it names, its workspace into each local sandbox. A seed that fails leaves the sandbox
// held, with the reason in its error; the run goes on.
class RunProvisioner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunProvisioner)

public:
    enum class Outcome
    {
        Completed, // every sandbox was asked for (some may have failed: see sandboxes())
        Cancelled,
        Refused, // nothing was sent: the plan, the ledger or the run's name said no
    };
    Q_ENUM(Outcome)

    RunProvisioner(HttpTransport *transport, const LedgerAccess &ledger, QObject *parent = nullptr);

    void setProfile(const QString &profile) { m_recorder.setProfile(profile); }
    // The longest wait for a 429's Retry-After; longer ones end that sandbox as failed.

    // The run is created in the ledger first (a taken name refuses it); finished() follows in any case.
    void start(const RunPlan &plan);
    // Stops further acquires; an acquire in flight finishes (so it is not made ambiguous), then finished().
    void cancel();
    // The second Ctrl+C: aborts the acquire in flight, which is recorded ambiguous.
    void abortInFlight();

    bool isRunning() const { return m_running; }
    bool isCancelling() const { return m_cancelled; }
    const RunPlan &plan() const { return m_plan; }
    const QList<RunSandbox> &sandboxes() const { return m_sandboxes; }
    int heldCount() const;
    int rateLimitedCount() const { return m_rateLimited; }
    int seedFailures() const;
    // Why the run was refused, or what the ledger last said (a warning), empty when all is well.
    const QString &problem() const { return m_problem; }

signals:
    // The run is in the ledger and its files were read: acquiring begins. A refusal comes as
    // finished(Refused) instead, with problem() saying why.
    void started();
    void sandboxChanged(int index, const RunSandbox &sandbox);
    void preparing(const QString &server);
    void finished(RunProvisioner::Outcome outcome);

private:
    void created(const LedgerResult<QJsonObject> &answer);
    void prepareNext(qsizetype index);
    void acquireNext();
    void acquireBegun(int index, qint64 operationId);
    void acquireRemote(RunSandbox &sandbox);
    void acquireLocal(RunSandbox &sandbox);
    // What every acquire does with its answer; `id` and `urls` are empty on failure.
    void acquireAnswered(int index, const ApiError &error, const QString &id,
                         const QList<QPair<QString, QString>> &urls);
    // RunSeeder is done with the sandbox: it is held, whatever the seed's `problem`.
    void seeded(int index, const QString &problem);
    void advance();
    void setState(int index, RunSandboxState state);
    void end(Outcome outcome);
    void emitFinished(Outcome outcome);

    HttpTransport *m_transport;
    KlavisSandboxService *m_remote;
    KlavisLocalSandboxService *m_local;
    LedgerRecorder m_recorder;
    RunSeeder *m_seeder;
    RunPlan m_plan;
    QList<RunSandbox> m_sandboxes;
    QPointer<ApiCall> m_inFlight;
    QTimer *m_retryTimer;
    int m_next = 0;
    int m_rateLimited = 0;
    int m_maxRetryAfterSeconds = 120;
    bool m_running = false;
    bool m_cancelled = false;
    bool m_seedStarting = false; // between the Seeding signal and the seed's start
    bool m_aborted = false;      // the in-flight acquire was aborted by us: ambiguous whatever it says
    // Waiting for the ledger's answer to an intent: cancel() leaves the end to that answer, which then sends
    // nothing.
    bool m_awaitingLedger = false;
    QString m_problem;
};
