#include "execution/executionlogfollower.h"

#include "api/apicall.h"
#include "api/klavisexecutionservice.h"
#include "workspace/transferjob.h"

#include <QCoreApplication>

#include <algorithm>

ExecutionLogFollower::ExecutionLogFollower(KlavisExecutionService *service, const QString &localSandboxId,
                                           const QString &executionName, QObject *parent)
    : QObject(parent), m_service(service), m_localSandboxId(localSandboxId), m_executionName(executionName)
{
    m_wait.setSingleShot(true);
    connect(&m_wait, &QTimer::timeout, this, &ExecutionLogFollower::poll);
}

ExecutionLogFollower::~ExecutionLogFollower()
{
    if (m_call)
        m_call->abort();
}

void ExecutionLogFollower::setBackoff(int firstMs, int lastMs)
{
    m_firstDelayMs = std::max(0, firstMs);
    m_lastDelayMs = std::max(m_firstDelayMs, lastMs);
    m_delayMs = m_firstDelayMs;
}

void ExecutionLogFollower::start(qint64 cursor)
{
    m_cursor = std::max<qint64>(0, cursor);
    m_outcome = Outcome::Running;
    m_delayMs = m_firstDelayMs;
    poll();
}

void ExecutionLogFollower::cancel()
{
    if (m_outcome != Outcome::Running)
        return;
    m_wait.stop();
    end(Outcome::Cancelled);
}

void ExecutionLogFollower::poll()
{
    if (m_outcome != Outcome::Running)
        return;
    ++m_polls;
    const qint64 asked = m_cursor;
    m_call = m_service->logs(m_localSandboxId, m_executionName, asked, this,
                             [this, asked](const ApiResult<ExecutionLogChunk> &result) {
                                 m_call = nullptr;
                                 if (m_outcome != Outcome::Running || asked != m_cursor)
                                     return;
                                 if (result)
                                     onChunk(result.value());
                                 else
                                     onError(result.error());
                             });
    connect(m_call, &ApiCall::retryScheduled, this, [this](int, int, const QString &reason) {
        ++m_retries;
        emit retrying(reason);
    });
}

void ExecutionLogFollower::onChunk(const ExecutionLogChunk &chunk)
{
    m_failuresInARow = 0;
    if (!m_hasStatus || chunk.status != m_status) {
        m_hasStatus = true;
        m_status = chunk.status;
        emit statusChanged(m_status);
        if (m_outcome != Outcome::Running) // a handler cancelled
            return;
    }
    m_cursor = chunk.nextCursor;
    if (!chunk.text.isEmpty()) {
        m_bytes += chunk.text.size();
        m_lines += chunk.text.count('\n');
        m_delayMs = m_firstDelayMs;
        emit text(chunk.text);
        if (m_outcome != Outcome::Running)
            return;
        // More may be waiting (a reply holds at most 1 MiB): ask again at once; the rate limiter paces it.
        poll();
        return;
    }
    // Only a final status with nothing after the cursor means the whole log was read.
    if (!m_follow || ExecutionStatusWords::isFinal(chunk.status)) {
        end(Outcome::Ended);
        return;
    }
    m_wait.start(m_delayMs);
    m_delayMs = std::min(m_lastDelayMs, m_delayMs * 2);
}

void ExecutionLogFollower::onError(const ApiError &error)
{
    // What a retry may cure (a drop, a timeout, a 5xx, a 429 past the transport's own attempts) is asked
    // again from the same cursor; a refusal or a reply that cannot be trusted ends the follow.
    if (TransferJob::failureKindOf(error) == TransferJob::FailureKind::Transient &&
        ++m_failuresInARow < m_maxFailures) {
        ++m_retries;
        emit retrying(error.message());
        if (m_outcome != Outcome::Running)
            return;
        m_wait.start(m_delayMs);
        m_delayMs = std::min(m_lastDelayMs, m_delayMs * 2);
        return;
    }
    m_error = error;
    end(Outcome::Failed);
}

void ExecutionLogFollower::end(Outcome outcome)
{
    m_outcome = outcome;
    if (m_call) {
        // Its answer is no news any more; aborting it does not stop the execution.
        QPointer<ApiCall> call = m_call;
        m_call = nullptr;
        call->abort();
    }
    emit finished();
}
