#pragma once

#include "api/apierror.h"
#include "api/resulthandler.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>

class ApiCall;

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

    // An operation refused before any request (a bad name, say): `done` gets `why` from the event loop, as
    // every answer comes, so that the caller can connect to the operation after this returns.
    template <typename T>
    static BlaxelOperation *refused(QObject *context, ResultHandler<T> done, const QString &why)
    {
        auto *operation = new BlaxelOperation(context);
        auto handler = std::make_shared<ResultHandler<T>>(std::move(done));
        operation->setFailure([handler](const ApiError &error) { (*handler)(ApiResult<T>(error)); });
        QTimer::singleShot(0, operation, [operation, handler, why] {
            operation->finishWith([&] { (*handler)(ApiResult<T>(ApiError::local(why))); });
        });
        return operation;
    }

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
