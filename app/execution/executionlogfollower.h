#pragma once

#include "api/apierror.h"
#include "api/executionlogchunk.h"
#include "api/executionstatus.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

class ApiCall;
class KlavisExecutionService;

// Follows one execution's log by byte cursor and emits its text in order, every byte exactly once.
//
// The cursor advances only on a decoded reply whose cursor matches the text that came with it (the decoder
// checks), so a dropped connection, a 5xx or a 429, retried inside the transport or here, asks for the same
// cursor again and can neither repeat nor skip a byte. Polls follow each other at once while text comes
// (still through the transport's rate limiter, which keeps them within the account's rate) and back off while
// none does. It ends when the status is final and a reply brings no more text (or, without follow, at the
// first empty reply), when an error persists, or at cancel(), which leaves the execution running on the
// server.
class ExecutionLogFollower final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExecutionLogFollower)

public:
    enum class Outcome
    {
        Running,  // not ended yet
        Ended,    // the whole log was read (follow) or all there was (no follow)
        Failed,   // error() says why
        Cancelled // cancel(): the execution goes on on the server
    };
    Q_ENUM(Outcome)

    ExecutionLogFollower(KlavisExecutionService *service, const QString &localSandboxId,
                         const QString &executionName, QObject *parent = nullptr);
    ~ExecutionLogFollower() override;

    // false: read what the log holds now and end at the first empty reply, whatever the status.
    void setFollow(bool follow) { m_follow = follow; }
    // The waits between empty polls grow from the first to the last (doubling).
    void setBackoff(int firstMs, int lastMs);
    // Failed polls in a row (after the transport's own retries) before the follower gives up.
    void setMaxFailures(int failures) { m_maxFailures = failures; }

    void start(qint64 cursor = 0);
    // Ends at once: finished() is emitted before this returns (unless it had ended).
    void cancel();

    QString executionName() const { return m_executionName; }
    Outcome outcome() const { return m_outcome; }
    const ApiError &error() const { return m_error; }
    // The status of the last reply; valid once hasStatus().
    ExecutionStatus status() const { return m_status; }
    bool hasStatus() const { return m_hasStatus; }
    qint64 cursor() const { return m_cursor; }
    qint64 bytes() const { return m_bytes; }
    qint64 lines() const { return m_lines; }
    int polls() const { return m_polls; }
    // Attempts made again: the transport's retries inside a poll, and polls repeated here after one failed.
    int retries() const { return m_retries; }

signals:
    void text(const QByteArray &bytes);
    void statusChanged(ExecutionStatus status);
    void retrying(const QString &reason);
    void finished();

private:
    void poll();
    void onChunk(const ExecutionLogChunk &chunk);
    void onError(const ApiError &error);
    void end(Outcome outcome);

    KlavisExecutionService *m_service;
    QString m_localSandboxId;
    QString m_executionName;
    QPointer<ApiCall> m_call;
    QTimer m_wait;
    bool m_follow = true;
    int m_firstDelayMs = 250;
    int m_lastDelayMs = 2000;
    int m_delayMs = 250;
    int m_maxFailures = 6;
    int m_failuresInARow = 0;
    Outcome m_outcome = Outcome::Running;
    ApiError m_error;
    ExecutionStatus m_status = ExecutionStatus::Pending;
    bool m_hasStatus = false;
    qint64 m_cursor = 0;
    qint64 m_bytes = 0;
    qint64 m_lines = 0;
    int m_polls = 0;
    int m_retries = 0;
};
