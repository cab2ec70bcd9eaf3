#pragma once

#include "api/apierror.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <functional>

class QNetworkReply;
class QTimer;

// The handle of one BlaxelSandboxFiles call, which may take several requests (a download resumed after a cut,
// a command polled until it ends). It is a child of the caller's context: when the context dies, so does the
// call, its request is aborted and its handler never runs. Otherwise the handler runs exactly once (abort()
// gives it a Cancelled error at once), then finished() is emitted and the call deletes itself.
class BlaxelSandboxCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxCall)

public:
    explicit BlaxelSandboxCall(QObject *context);
    ~BlaxelSandboxCall() override;

    void abort();
    // The client that made the request is going: the reply is deleted now, before its network manager.
    void abortNow();
    bool isFinished() const { return m_finished; }

    // For the client: the reply in flight (a child of the call from now on), a wait before the next request,
    // how to fail, a deadline for the whole call, and the end. A reply whose body is an answer, not a file,
    // gets `maxBodyBytes`: past it the call fails as too large, before Qt has buffered more. The reply it
    // replaces is deleted once finished.
    void track(QNetworkReply *reply, qint64 maxBodyBytes = -1);
    void waitThen(int delayMs, std::function<void()> next);
    void setFailure(std::function<void(const ApiError &)> fail) { m_fail = std::move(fail); }
    void setDeadline(int ms);
    void fail(const ApiError &error);
    // A request refused before it went: fails on the next turn of the event loop, so that the caller's
    // handler never runs inside the call that made the request.
    void failSoon(const QString &problem);
    // Runs `deliver` (which calls the caller's handler) once, then ends the call, unless it ended.
    void finishWith(const std::function<void()> &deliver);
    // A sandbox that is deploying or waking from standby answers 502, 503 or 504 at its edge until it is up
    // (Blaxel's SDK no longer waits for DEPLOYED before using one). Within `waitMs` of the call's start, a
    // request refused so is sent again by `again`, after the server's Retry-After (at most 5 s) or a pause
    // growing from 1 to 5 s, and waiting() says so. False when `error` is anything else or the wait is over.
    bool retryWhileStarting(const ApiError &error, int waitMs, std::function<void()> again);
    static bool isStartingStatus(int httpStatus);

signals:
    void progress(qint64 done, qint64 total); // bytes sent or received, total -1 while unknown
    // The sandbox is not up yet and the request will be sent again: the sentence says why and when.
    void waiting(const QString &why);
    void finished();

private:
    void stopReply();

    QPointer<QNetworkReply> m_reply;
    QPointer<QTimer> m_wait;
    QElapsedTimer m_started;
    int m_startingRetries = 0;
    std::function<void(const ApiError &)> m_fail;
    bool m_finished = false;
};
