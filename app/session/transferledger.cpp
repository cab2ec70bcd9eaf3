#include "session/transferledger.h"

#include "session/appsession.h"
#include "workspace/blaxeldumpjob.h"
#include "workspace/blaxeluploadjob.h"
#include "workspace/transferqueue.h"

#include <QPointer>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

bool isBlaxel(const TransferJob *job)
{
    return qobject_cast<const BlaxelUploadJob *>(job) || qobject_cast<const BlaxelDumpJob *>(job);
}

} // namespace

TransferLedger::TransferLedger(AppSession *session)
    : QObject(session), m_session(session), m_recorder(LedgerAccess(session->ledger()), this)
{
    session->transfers()->setStartGate(
        [this](TransferJob *job, std::function<void()> start) { open(job, std::move(start)); });
}

void TransferLedger::open(TransferJob *job, std::function<void()> start)
{
    const bool blaxel = isBlaxel(job);
    m_recorder.setProfile(blaxel ? m_session->blaxelProfileName() : m_session->profileName());
    const bool upload = job->direction() == TransferJob::Direction::Upload;
    m_recorder.begin(upload ? LedgerOperationKind::Upload : LedgerOperationKind::Dump,
                     blaxel ? LedgerProvider::Blaxel : LedgerProvider::KlavisLocal, {}, job->sandboxId(),
                     [this, guarded = QPointer<TransferJob>(job), start = std::move(start)](qint64 intent) {
                         if (!guarded || guarded->state() != TransferJob::State::Queued) {
                             // Cancelled or cleared away while the intent was written: nothing was sent.
                             m_recorder.finish(intent, LedgerOperationState::Failed,
                                               u"cancelled before it started"_s);
                             start();
                             return;
                         }
                         // Before start(): a job refused inside it (a dropped file that is no .tar.gz) ends
                         // there.
                         TransferJob *job = guarded;
                         connect(
                             job, &TransferJob::finished, this, [this, job, intent] { record(job, intent); },
                             Qt::SingleShotConnection);
                         start();
                     });
}

void TransferLedger::record(const TransferJob *job, qint64 intent)
{
    ApiError outcome;
    if (job->state() == TransferJob::State::Failed)
        outcome = ApiError::local(job->errorText());
    else if (job->state() == TransferJob::State::Cancelled)
        outcome = ApiError::cancelled(); // some of it may have reached the sandbox: ambiguous
    std::optional<LedgerTransfer> moved;
    if (!outcome.isError()) {
        // A count the walk could not finish is stored as 0: the column holds a count, not "unknown".
        moved = LedgerTransfer{job->sha256(), job->archiveBytes(), std::max<qint64>(0, job->fileCount()),
                               job->name()};
    }
    m_recorder.finish(intent, outcome, job->sandboxId(), moved);
}
