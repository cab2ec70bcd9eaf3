#pragma once

#include "api/apierror.h"
#include "ledger/ledgeroperation.h"
#include "ledger/ledgersandbox.h"
#include "runs/ledgerrecorder.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class HttpTransport;
class KlavisLocalSandboxService;
class KlavisSandboxService;

// A sandbox the server holds for a run that the ledger does not know: what an acquire that crashed or lost
// its answer may have left. The user adopts it (the run keeps it) or releases it; it is never acquired again.
struct RunLeftover
{
    LedgerProvider provider = LedgerProvider::Klavis;
    QStringList servers;
    QString sandboxId;
    QString run;
    qint64 intentId = 0; // the open intent it is matched to, 0 when none is left to match
};

struct ReconcileReport
{
    // Acquire intents never finished (a crash) or finished ambiguous (a lost answer), of processes that are
    // gone: a running CLI's intent is its own business.
    QList<LedgerOperation> openIntents;
    QList<RunLeftover> leftovers;
    QString error; // the ledger or the API failed; the report is then incomplete
};

// After a crash or a dropped connection mid-acquire: the open intents from the ledger, per run the server's
// sandboxes by the run's tag (GET /sandbox?tag=RUN), compared with the ledger's sandboxes of the run.
//
// Local sandboxes have no tags in the API, so a local leftover cannot be proved to be the run's. The
// candidates are the local sandboxes created at or after the intent started, hosting exactly the intent's
// servers, that the ledger does not know at all (held by no run, no plain CLI acquire). A person confirms:
// adopt() and release() are only ever called on the user's word. Everything answers through a callback, the
// ledger's part too (LedgerAccess); callbacks run only while the reconciler lives.
class RunReconciler final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunReconciler)

public:
    using Done = std::function<void(const QString &error)>; // an empty error: done

    RunReconciler(HttpTransport *transport, const LedgerAccess &ledger, QObject *parent = nullptr);

    // `onlyRun` empty: every run with open intents.
    void scan(const QString &onlyRun, const std::function<void(const ReconcileReport &)> &done);
    // The run keeps it: recorded as acquired, its intent adopted (the ledger only).
    void adopt(const RunLeftover &leftover, const Done &done);
    // Released on the server, then recorded released and its intent abandoned.
    void release(const RunLeftover &leftover, const Done &done);
    // An intent for which the server holds nothing: abandoned. `done` may be empty.
    void abandon(qint64 intentId, const QString &note, const Done &done = {});

    static bool processIsRunning(qint64 processId);

private:
    void scanRun(QStringList runs, ReconcileReport report,
                 const std::function<void(const ReconcileReport &)> &done);
    void resolve(qint64 intentId, LedgerOperationState resolution, const QString &sandboxId,
                 const QString &note, const Done &done);

    KlavisSandboxService *m_remote;
    KlavisLocalSandboxService *m_local;
    LedgerRecorder m_recorder;
};
