#include "api/blaxelsandboxcall.h"

#include <QNetworkReply>
#include <QTimer>

BlaxelSandboxCall::BlaxelSandboxCall(QObject *context) : QObject(context) {}

BlaxelSandboxCall::~BlaxelSandboxCall()
{
    stopReply();
}

void BlaxelSandboxCall::stopReply()
{
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    reply->disconnect(this);
    reply->abort();
    reply->deleteLater();
}

void BlaxelSandboxCall::track(QNetworkReply *reply, qint64 maxBodyBytes)
{
    reply->setParent(this);
    m_reply = reply;
    if (maxBodyBytes < 0)
        return;
    connect(reply, &QNetworkReply::downloadProgress, this, [this, maxBodyBytes](qint64 received, qint64) {
        if (received > maxBodyBytes)
            fail(ApiError::tooLarge(maxBodyBytes));
    });
}

void BlaxelSandboxCall::waitThen(int delayMs, std::function<void()> next)
{
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    m_wait = timer;
    connect(timer, &QTimer::timeout, this, [this, timer, next = std::move(next)] {
        timer->deleteLater();
        if (!m_finished)
            next();
    });
    timer->start(delayMs);
}

void BlaxelSandboxCall::setDeadline(int ms)
{
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this, ms] { fail(ApiError::deadline((ms + 999) / 1000)); });
    timer->start(ms);
}

void BlaxelSandboxCall::fail(const ApiError &error)
{
    if (m_fail)
        m_fail(error);
    else
        finishWith([] {});
}

void BlaxelSandboxCall::failSoon(const QString &problem)
{
    QTimer::singleShot(0, this, [this, problem] { fail(ApiError::local(problem)); });
}

void BlaxelSandboxCall::abort()
{
    if (m_finished)
        return;
    fail(ApiError::cancelled());
}

void BlaxelSandboxCall::abortNow()
{
    if (QNetworkReply *reply = m_reply) {
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        delete reply;
    }
    abort();
}

void BlaxelSandboxCall::finishWith(const std::function<void()> &deliver)
{
    if (m_finished)
        return;
    m_finished = true;
    stopReply();
    if (m_wait)
        m_wait->stop();
    deliver();
    emit finished();
    deleteLater();
}
