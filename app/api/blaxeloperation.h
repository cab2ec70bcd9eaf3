#pragma once

#include "api/apierror.h"

#include <QObject>
#include <QPointer>

#include <functional>

class ApiCall;
class QTimer;

// The handle of one BlaxelSandboxService call, which may take several requests (a list follows its cursor
// pages, a deletion is polled until it ends). It is a child of the caller's context: when the context dies,
// so does the operation, its request is aborted and its handler never runs. Otherwise the handler runs
// exactly once, then finished() is emitted and the operation deletes itself.
class BlaxelOperation final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelOperation)

public:
    explicit BlaxelOperation(QObject *context);

    // Stops the current request or wait and starts no other: the handler gets a Cancelled error.
    void abort();
    bool isFinished() const { return m_finished; }
    bool isAborted() const { return m_aborted; }
    int requestsMade() const { return m_requestsMade; }

    // For the service: the request in flight, a wait before the next one, how to fail, and the end.
    void track(ApiCall *call);
    void waitThen(int delayMs, std::function<void()> next);
    void setFailure(std::function<void(const ApiError &)> fail) { m_fail = std::move(fail); }
    // Runs `deliver` (which calls the caller's handler) once, then ends the operation, unless it ended.
    void finishWith(const std::function<void()> &deliver);

signals:
    void progress(int requestsMade); // after each page read or poll answered
    void finished();

private:
    QPointer<ApiCall> m_call;
    QPointer<QTimer> m_wait;
    std::function<void(const ApiError &)> m_fail;
    int m_requestsMade = 0;
    bool m_aborted = false;
    bool m_finished = false;
};
