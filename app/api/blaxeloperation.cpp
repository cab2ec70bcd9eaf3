#include "api/blaxeloperation.h"

#include "api/apicall.h"

#include <QTimer>

BlaxelOperation::BlaxelOperation(QObject *context) : QObject(context) {}

void BlaxelOperation::abort()
{
    if (m_finished || m_aborted)
        return;
    m_aborted = true;
    if (m_call && !m_call->isFinished()) {
        m_call->abort(); // its handler reports the cancel through the service
        return;
    }
    if (m_wait)
        m_wait->stop();
    if (m_fail) {
        const auto fail = m_fail;
        finishWith([fail] { fail(ApiError::cancelled()); });
    }
}

void BlaxelOperation::track(ApiCall *call)
{
    ++m_requestsMade;
    m_call = call;
    // An abort that came while the next request was being built: it must not be lost.
    if (m_aborted)
        call->abort();
}

void BlaxelOperation::waitThen(int delayMs, std::function<void()> next)
{
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    m_wait = timer;
    connect(timer, &QTimer::timeout, this, [this, timer, next = std::move(next)] {
        timer->deleteLater();
        if (!m_aborted && !m_finished)
            next();
    });
    timer->start(delayMs);
}

void BlaxelOperation::finishWith(const std::function<void()> &deliver)
{
    if (m_finished)
        return;
    m_finished = true;
    const QPointer<BlaxelOperation> self(this);
    deliver(); // the handler may destroy the context, and this operation with it
    if (!self)
        return;
    emit finished();
    deleteLater();
}
