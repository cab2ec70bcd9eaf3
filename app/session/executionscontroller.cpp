#include "session/executionscontroller.h"

#include "api/klavisexecutionservice.h"
#include "execution/executionjob.h"
#include "execution/executionlogfollower.h"
#include "ledger/ledgeraccess.h"
#include "ledger/runledger.h"
#include "session/appsession.h"
#include "workspace/dumpjob.h"

#include <QPointer>

ExecutionsController::ExecutionsController(AppSession *session, QObject *parent)
    : QObject(parent), m_session(session), m_recorder(LedgerAccess(session->ledger()), this)
{}

void ExecutionsController::setPollBackoff(int firstMs, int lastMs)
{
    m_pollFirstMs = firstMs;
    m_pollLastMs = lastMs;
}

void ExecutionsController::run(const QString &sandboxId, const QString &folder, const QString &executionName,
                               QObject *context, std::function<void(ExecutionJob *job)> started)
{
    m_recorder.setProfile(m_session->profileName());
    // The intent is on disk before the upload: a crash leaves a record of what may be running.
    m_recorder.beginExecution(
        sandboxId, executionName,
        [this, sandboxId, folder, executionName, caller = QPointer<QObject>(context),
         started = std::move(started)](qint64 ledgerId) {
            if (!caller) {
                // Gone before it was sent: nothing runs, and the ledger says so.
                m_recorder.finish(ledgerId, LedgerOperationState::Failed,
                                  QStringLiteral("cancelled before it was sent"));
                return;
            }
            auto *job = new ExecutionJob(m_session->executions(), m_session->objectStoreNetwork(), sandboxId,
                                         folder, executionName, m_session->region(), caller);
            job->setFollow(true);
            job->setPollBackoff(m_pollFirstMs, m_pollLastMs);
            connect(job, &ExecutionJob::finished, this,
                    [this, ledgerId, job] { m_recorder.finishExecution(ledgerId, *job); });
            started(job);
        });
}

DumpJob *ExecutionsController::exportArtifacts(const QString &sandboxId, const QString &executionName,
                                               const QString &folder, QObject *context)
{
    auto requestUrl = [service = m_session->executions(), sandboxId, executionName,
                       region = m_session->region()](QObject *callContext, ResultHandler<SignedUrl> done) {
        return service->exportArtifacts(sandboxId, executionName, region, callContext, std::move(done));
    };
    return new DumpJob(requestUrl, m_session->objectStoreNetwork(), sandboxId, DumpJob::Mode::Extract, folder,
                       context);
}

ExecutionLogFollower *ExecutionsController::reread(const QString &sandboxId, const QString &executionName,
                                                   QObject *context)
{
    auto *follower = new ExecutionLogFollower(m_session->executions(), sandboxId, executionName, context);
    follower->setBackoff(m_pollFirstMs, m_pollLastMs);
    return follower;
}

void ExecutionsController::readHistory(const QString &sandboxId, QObject *context,
                                       std::function<void(const LedgerResult<QList<LedgerOperation>> &)> done)
{
    LedgerAccess(m_session->ledger())
        .call<QList<LedgerOperation>>(
            [sandboxId](RunLedger &ledger) {
                return ledger.executionsOf(LedgerProvider::KlavisLocal, sandboxId);
            },
            context, std::move(done));
}
