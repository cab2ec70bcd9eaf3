#include "api/blaxelsandboxcall.h"

#include "api/blaxelerrordecoder.h"

#include <QNetworkReply>
#include <QTimer>

#include <algorithm>

BlaxelSandboxCall::BlaxelSandboxCall(QObject *context) : QObject(context)
{
    m_started.start();
}

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
    // A call that sends request after request (parts, polls, retries) would otherwise keep every reply it
    // is done with, and their bodies, until it ends. The one replaced is deleted once it has finished, on
    // the next turn of the event loop, since its own finished handler may be what sends the next one.
    if (QNetworkReply *replaced = m_reply; replaced && replaced != reply) {
        if (replaced->isFinished())
            replaced->deleteLater();
        else
            connect(replaced, &QNetworkReply::finished, replaced, &QObject::deleteLater);
    }
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

bool BlaxelSandboxCall::isStartingStatus(int httpStatus)
{
    return httpStatus == 502 || httpStatus == 503 || httpStatus == 504;
}

bool BlaxelSandboxCall::retryWhileStarting(const ApiError &error, int waitMs, std::function<void()> again)
{
    if (m_finished || !isStartingStatus(error.httpStatus()))
        return false;
    constexpr int longestPauseMs = 5'000;
    const int pauseMs = error.retryAfterSeconds() >= 0
                            ? std::min(error.retryAfterSeconds() * 1000, longestPauseMs)
                            : std::min(1'000 * (m_startingRetries + 1), longestPauseMs);
    const qint64 leftMs = waitMs - m_started.elapsed();
    if (leftMs < pauseMs)
        return false;
    ++m_startingRetries;
    const QString detail = error.detailText().isEmpty()
                               ? QString()
                               : u": "_qs + BlaxelErrorDecoder::oneLine(error.detailText(), 200);
    emit waiting(tr("The sandbox is not up yet (HTTP %1%2). Asking again in %3 s, for up to %4 s more.")
                     .arg(error.httpStatus())
                     .arg(detail)
                     .arg((pauseMs + 999) / 1000)
                     .arg(leftMs / 1000));
    waitThen(pauseMs, std::move(again));
    return true;
}
