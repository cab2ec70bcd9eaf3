#include "workspace/transferjob.h"

#include "api/apierror.h"
#include "api/blaxelsandboxcall.h"
#include "api/retrypolicy.h"
#include "workspace/diskworker.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <utility>

using namespace Qt::StringLiterals;

namespace {

bool isNetworkPhase(TransferJob::State state)
{
    return state == TransferJob::State::Uploading || state == TransferJob::State::Downloading;
}

} // namespace

TransferJob::TransferJob(Direction direction, const QString &sandboxId, const QString &name, QObject *parent)
    : QObject(parent), m_direction(direction), m_sandboxId(sandboxId), m_name(name)
{
    m_clock.start();
}

TransferJob::~TransferJob()
{
    *m_stopMeasure = true;
    // Not cleanUp(): the subclass's stopTransfer() is gone by now, it ran in the subclass's destructor.
    DiskWorker::remove(this, std::move(m_tempDir));
}

bool TransferJob::isRetryable(FailureKind kind)
{
    switch (kind) {
    case FailureKind::Transient:
    case FailureKind::UrlExpired:
        return true;
    case FailureKind::Rejected:
    case FailureKind::Policy:
    case FailureKind::HostileData:
    case FailureKind::DiskFull:
    case FailureKind::Local:
        return false;
    }
    return false;
}

bool TransferJob::canRetry() const
{
    return m_state == State::Cancelled || (m_state == State::Failed && isRetryable(m_failureKind));
}

TransferJob::FailureKind TransferJob::failureKindOf(const ApiError &error)
{
    switch (error.kind()) {
    case ApiError::Kind::Network:
    case ApiError::Kind::Timeout:
    case ApiError::Kind::Cancelled:
        return FailureKind::Transient;
    case ApiError::Kind::Http:
        // The transport's own rule: what it would have retried is what a later attempt may get through.
        return RetryPolicy::isRetryableStatus(error.httpStatus()) ? FailureKind::Transient
                                                                  : FailureKind::Rejected;
    case ApiError::Kind::Decode:
        return FailureKind::HostileData;
    case ApiError::Kind::Local:
        return FailureKind::Local;
    case ApiError::Kind::None:
        break;
    }
    return FailureKind::Transient;
}

void TransferJob::setState(State state)
{
    if (m_state == state || isFinished())
        return;
    if (!m_startedAt.isValid())
        m_startedAt = QDateTime::currentDateTime();
    endNetworkPhase();
    enterPhase(state);
    m_state = state;
    if (isNetworkPhase(state))
        m_networkPhaseStartMs = m_clock.elapsed();
    setWaitingNote({});
    emit stateChanged(state);
}

void TransferJob::setWaitingNote(const QString &note)
{
    if (m_waitingNote == note)
        return;
    m_waitingNote = note;
    emit waitingNoteChanged(note);
}

void TransferJob::reportWaitsOf(BlaxelSandboxCall *call)
{
    connect(call, &BlaxelSandboxCall::waiting, this, &TransferJob::setWaitingNote);
    connect(call, &BlaxelSandboxCall::finished, this, [this] { setWaitingNote({}); });
}

void TransferJob::setPhaseWeights(const QList<QPair<State, double>> &weights)
{
    m_phaseWeights = weights;
    if (isActive())
        enterPhase(m_state);
}

void TransferJob::enterPhase(State state)
{
    // Each phase has its own byte count (packing, then uploading): its speed starts over.
    m_phaseSpeed.reset();
    double base = 0;
    for (const auto &[phase, weight] : m_phaseWeights) {
        if (phase == state) {
            m_phaseBase = base;
            m_phaseWeight = weight;
            return;
        }
        base += weight;
    }
    // A phase without a weight (asking for a URL) holds the bar where the last one left it.
    m_phaseBase = std::max(0.0, m_overall);
    m_phaseWeight = 0;
}

void TransferJob::setProgress(qint64 done, qint64 total)
{
    m_bytesDone = done;
    m_bytesTotal = total;
    const qint64 now = m_clock.elapsed();
    m_phaseSpeed.addSample(now, double(done));
    if (isNetworkPhase(m_state))
        m_networkBytes = std::max(m_networkBytes, done);
    updateOverall();
    if (m_overall >= 0)
        m_overallSpeed.addSample(now, m_overall);
    emit progressChanged(done, total);
}

void TransferJob::updateOverall()
{
    const double phase =
        m_bytesTotal > 0 ? std::clamp(double(m_bytesDone) / double(m_bytesTotal), 0.0, 1.0) : -1;
    if (m_phaseWeights.isEmpty()) {
        m_overall = phase;
        return;
    }
    if (phase < 0 && m_phaseBase <= 0)
        return; // nothing known yet
    m_overall = std::clamp(m_phaseBase + m_phaseWeight * std::max(0.0, phase), 0.0, 1.0);
}

double TransferJob::overallFraction() const
{
    return m_state == State::Done ? 1.0 : m_overall;
}

double TransferJob::bytesPerSecond() const
{
    return isFinished() ? 0 : m_phaseSpeed.rate();
}

qint64 TransferJob::secondsLeft() const
{
    if (isFinished() || m_overall < 0)
        return -1;
    return m_overallSpeed.secondsLeft(1.0 - m_overall);
}

void TransferJob::endNetworkPhase()
{
    if (m_networkPhaseStartMs < 0)
        return;
    m_networkMs += m_clock.elapsed() - m_networkPhaseStartMs;
    m_networkPhaseStartMs = -1;
}

qint64 TransferJob::networkMilliseconds() const
{
    return m_networkMs + (m_networkPhaseStartMs >= 0 ? m_clock.elapsed() - m_networkPhaseStartMs : 0);
}

QString TransferJob::stateText() const
{
    switch (m_state) {
    case State::Queued:
        return QCoreApplication::translate("TransferJob", "Queued");
    case State::Packing:
        return QCoreApplication::translate("TransferJob", "Packing");
    case State::Uploading:
        return QCoreApplication::translate("TransferJob", "Uploading");
    case State::Initializing:
        return QCoreApplication::translate("TransferJob", "Unpacking in sandbox");
    case State::Requesting:
        return QCoreApplication::translate("TransferJob", "Preparing");
    case State::Downloading:
        return QCoreApplication::translate("TransferJob", "Downloading");
    case State::Extracting:
        return QCoreApplication::translate("TransferJob", "Extracting");
    case State::Done:
        return QCoreApplication::translate("TransferJob", "Done");
    case State::Failed:
        return QCoreApplication::translate("TransferJob", "Failed");
    case State::Cancelled:
        return QCoreApplication::translate("TransferJob", "Cancelled");
    }
    return {};
}

void TransferJob::end(State state)
{
    endNetworkPhase();
    const QDateTime now = QDateTime::currentDateTime();
    // A job refused inside start() did start; one cancelled in the queue never did.
    if (!m_startedAt.isValid() && state != State::Cancelled)
        m_startedAt = now;
    m_finishedAt = now;
    m_state = state;
    setWaitingNote({});
    emit stateChanged(m_state);
    emit finished();
}

void TransferJob::fail(const QString &errorText, FailureKind kind)
{
    if (isFinished())
        return;
    m_errorText = errorText;
    m_failureKind = kind;
    end(State::Failed);
}

void TransferJob::succeed()
{
    if (isFinished())
        return;
    if (m_measuring) {
        m_successHeld = true; // the ledger must not read a Done job's facts before they are known
        return;
    }
    end(State::Done);
}

void TransferJob::measureArchive(const QString &path, bool countFiles, std::function<void()> then)
{
    m_measuring = true;
    auto measured = std::make_shared<ArchiveFacts>();
    DiskWorker::run(
        this,
        [measured, path, countFiles, stop = m_stopMeasure] {
            *measured = ArchiveFacts::measure(path, countFiles, *stop);
            return true;
        },
        [this, measured, then = std::move(then)](bool) {
            m_measuring = false;
            if (m_facts.sha256.isEmpty() && !measured->sha256.isEmpty()) {
                m_facts.sha256 = measured->sha256;
                m_facts.bytes = measured->bytes;
            }
            if (m_facts.fileCount < 0)
                m_facts.fileCount = measured->fileCount;
            if (then)
                then();
            if (std::exchange(m_successHeld, false) && !isFinished())
                end(State::Done);
        });
}

qint64 TransferJob::durationSeconds() const
{
    if (!m_startedAt.isValid())
        return 0;
    const QDateTime end = m_finishedAt.isValid() ? m_finishedAt : QDateTime::currentDateTime();
    return std::max<qint64>(0, m_startedAt.secsTo(end));
}

bool TransferJob::beginCancel()
{
    if (isFinished() || m_finishing || m_cancelling)
        return false;
    m_cancelling = true;
    *m_stopMeasure = true; // a cancelled job's success never comes: nobody needs its measure
    return true;
}

bool TransferJob::makeTemporaryFolder(const QString &pathTemplate)
{
    m_tempDir = std::make_unique<QTemporaryDir>(pathTemplate);
    if (m_tempDir->isValid())
        return true;
    m_tempDir.reset();
    return false;
}

QString TransferJob::temporaryFilePath(const QString &fileName) const
{
    return m_tempDir ? m_tempDir->filePath(fileName) : QString();
}

void TransferJob::cleanUp()
{
    stopTransfer();
    DiskWorker::remove(this, std::move(m_tempDir));
}

void TransferJob::cleanUpThen(std::function<void()> end)
{
    stopTransfer();
    m_finishing = true;
    DiskWorker::remove(this, std::move(m_tempDir), std::move(end));
}

void TransferJob::markCancelled()
{
    if (isFinished())
        return;
    end(State::Cancelled);
}
