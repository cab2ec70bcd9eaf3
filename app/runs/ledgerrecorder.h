#pragma once

#include "api/apierror.h"
#include "api/localsandbox.h"
#include "api/universeinstance.h"
#include "ledger/ledgeraccess.h"
#include "ledger/ledgeroperation.h"
#include "ledger/ledgersandbox.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class ExecutionJob;
class QObject;

// What every front end writes to the ledger around an API call, in one place: an intent before the request,
// its outcome after, and the sandboxes it took or gave back. The CLI's commands use it on a RunLedger (at
// once), the GUI's controllers and the runs core on the ledger worker's thread: begin() answers through a
// handler either way, and the request is sent from that handler, so the intent is on disk before it. It
// never stores the key: the ledger redacts, and the ledger's owner hands it the key to look for.
//
// A recorder without a ledger (none given, or a worker that is gone) records nothing; one whose ledger
// fails (it did not open, the disk said no) keeps the last failure as a sentence in problem(). An API
// action does not fail because the ledger could not be written, except where the caller decides otherwise
// (a run's acquire is never sent without its intent).
//
// Answers reach the recorder through `context` (the object that owns it): it must outlive the recorder's
// use and is where begin()'s handler runs.
class LedgerRecorder
{
    Q_DISABLE_COPY_MOVE(LedgerRecorder)

public:
    explicit LedgerRecorder(const LedgerAccess &access = {}, QObject *context = nullptr);

    void setProfile(const QString &profile) { m_profile = profile; }
    const LedgerAccess &access() const { return m_access; }
    bool isActive() const { return m_access.isActive(); }
    // The last ledger error as a sentence, empty when none.
    const QString &problem() const { return m_problem; }

    // `then` gets the intent's id, 0 when nothing was written (no ledger, or it failed: problem() says
    // why); the caller then decides whether to send the request anyway. An operation on a sandbox a run
    // holds belongs to that run when `run` is empty (an upload into a run's local sandbox is in the run's
    // manifest, whoever made it).
    void begin(LedgerOperationKind kind, LedgerProvider provider, const QStringList &servers,
               const QString &sandboxId, const QString &run, const QString &benchmark,
               const QStringList &tags, qint64 ttlSeconds, std::function<void(qint64 id)> then);
    // The common case: no run, benchmark, tags or TTL.
    void begin(LedgerOperationKind kind, LedgerProvider provider, const QStringList &servers,
               const QString &sandboxId, std::function<void(qint64 id)> then);
    // An execution in a local sandbox, under the name the server will know it by. Its outcome is the final
    // status ("completed", "failed") or what else ended the job: ExecutionJob::outcomeWord.
    void beginExecution(const QString &localSandboxId, const QString &executionName,
                        std::function<void(qint64 id)> then);
    // Succeeded, or failed / ambiguous as the error says (ApiError::mayHaveTakenEffect). Fire and forget;
    // nothing is written for id 0.
    void finish(qint64 id, const ApiError &error, const QString &sandboxId = {},
                const std::optional<LedgerTransfer> &transfer = std::nullopt);
    void finish(qint64 id, LedgerOperationState state, const QString &outcome, const QString &sandboxId = {},
                const std::optional<LedgerTransfer> &transfer = std::nullopt);
    // How an execution job ended, in one home for the CLI, the Executions tab and the follow console:
    // succeeded when it completed, was started or left running; failed otherwise, never ambiguous (an
    // execution occupies nothing to adopt or abandon, and ends by itself). The archive sent goes with it.
    void finishExecution(qint64 id, const ExecutionJob &job);
    // Succeeded, with what was moved: `facts` runs in the ledger's job (on its thread for the GUI), so
    // hashing a large body never holds up the caller.
    void finishWithFacts(qint64 id, const QString &sandboxId, std::function<LedgerTransfer()> facts);
    static LedgerOperationState stateFor(const ApiError &error);
    // What the ledger keeps of bytes sent or received whole (a data dump, a data body): sha256 and size.
    static LedgerTransfer factsOf(const QByteArray &bytes, const QString &fileName = {});

    // Fire and forget.
    void acquired(LedgerProvider provider, const QString &sandboxId, const QStringList &servers,
                  const QString &run, const QString &benchmark, const QStringList &tags, qint64 ttlSeconds,
                  const QStringList &mcpUrls);
    // A local sandbox as the API answered its acquire: its servers by name and their MCP URLs.
    void acquiredLocal(const LocalSandbox &sandbox, const QString &run, const QString &benchmark,
                       qint64 ttlSeconds);
    // A universe instance as the API answered its acquire: its services by name and their MCP URLs (refused
    // ones by name only), the universe's id as its benchmark.
    void acquiredUniverse(const UniverseInstance &instance, const QString &universeId, const QString &run);
    static LedgerSandbox universeRecord(const UniverseInstance &instance, const QString &universeId,
                                        const QString &run);
    // A universe instance given back (or found gone): the ledger stops holding it, and the run made for it
    // is released with its last instance (open with nothing left, it would claim work that is over).
    void releasedUniverse(const QString &instanceId, LedgerRelease how);
    void released(LedgerProvider provider, const QString &sandboxId,
                  LedgerRelease how = LedgerRelease::Released);
    // The record acquired() writes, for a caller that writes it in a job of its own.
    LedgerSandbox sandboxRecord(LedgerProvider provider, const QString &sandboxId, const QStringList &servers,
                                const QString &run, const QString &benchmark, const QStringList &tags,
                                qint64 ttlSeconds, const QStringList &mcpUrls) const;

private:
    void beginIntent(LedgerOperation intent, std::function<void(qint64 id)> then);
    // Keeps a failure in problem(); NotFound is fine where `notFoundIsFine`.
    void write(std::function<LedgerStatus(RunLedger &)> job, bool notFoundIsFine = false);

    LedgerAccess m_access;
    QObject *m_context;
    QString m_profile;
    QString m_problem;
};
