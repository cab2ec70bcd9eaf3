#pragma once

#include "ledger/ledgeroperation.h"
#include "ledger/ledgerresult.h"
#include "runs/ledgerrecorder.h"

#include <QObject>

#include <functional>

class AppSession;
class DumpJob;
class ExecutionJob;
class ExecutionLogFollower;

// The window's executions in local sandboxes: what the Executions tab and the follow console ask for, done
// here. A run is written to the ledger as an intent before its upload (a crash leaves a record of what may be
// running) and finished when its job ends; artifacts and earlier logs are read through the session's
// services. Widgets get the job to show, never make one. The logs' poll back-off is set once here (the tests
// shorten it), for every execution the window follows.
class ExecutionsController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExecutionsController)

public:
    explicit ExecutionsController(AppSession *session, QObject *parent = nullptr);

    void setPollBackoff(int firstMs, int lastMs);
    int pollFirstMs() const { return m_pollFirstMs; }
    int pollLastMs() const { return m_pollLastMs; }

    // Runs `folder`'s main.py as `executionName` in a local sandbox, following its log. `started` gets the
    // job once the intent is written, a child of `context` (which may stop it by deleting it), not yet
    // started: the caller connects to it, then calls start(). Nothing happens once `context` is gone.
    void run(const QString &sandboxId, const QString &folder, const QString &executionName, QObject *context,
             std::function<void(ExecutionJob *job)> started);
    // An execution's artifacts, downloaded and extracted into `folder` (new or empty): a child of `context`,
    // not yet started.
    DumpJob *exportArtifacts(const QString &sandboxId, const QString &executionName, const QString &folder,
                             QObject *context);
    // An execution's log read again from its first byte: a child of `context`, not yet started.
    ExecutionLogFollower *reread(const QString &sandboxId, const QString &executionName, QObject *context);
    // The ledger's executions in a sandbox, newest first; `done` runs while `context` lives.
    void readHistory(const QString &sandboxId, QObject *context,
                     std::function<void(const LedgerResult<QList<LedgerOperation>> &)> done);

private:
    AppSession *m_session;
    LedgerRecorder m_recorder;
    int m_pollFirstMs = 250;
    int m_pollLastMs = 2000;
};
