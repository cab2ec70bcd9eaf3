#pragma once

#include "api/apierror.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>

#include <utility>

// The handle of one API call. It emits finished() exactly once, whether the call succeeded, failed,
// timed out or was aborted; the transport deletes it later. Retries happen inside it.
class ApiCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApiCall)

public:
    explicit ApiCall(QObject *parent = nullptr) : QObject(parent) {}

    bool isFinished() const { return m_finished; }
    const ApiError &error() const { return m_error; }
    int httpStatus() const { return m_httpStatus; }
    const QByteArray &body() const { return m_body; }
    int attempts() const { return m_attempts; }
    // What a decoder's error must not show (the transport's key when the call was sent).
    const QString &apiKeyToRedact() const { return m_apiKey; }
    // A header of the last HTTP answer (a provider's error code travels in one), empty when absent.
    QByteArray responseHeader(const QByteArray &name) const;

    // Stops the call; finished() follows with a Cancelled error unless it already finished.
    void abort();

signals:
    void finished();
    void retryScheduled(int nextAttempt, int delayMs, const QString &reason);
    void rateLimited(int delayMs);
    void abortRequested();

private:
    friend class HttpTransport;
    void finish(int httpStatus, const QByteArray &body, const ApiError &error);

    bool m_finished = false;
    int m_httpStatus = 0;
    int m_attempts = 0;
    QString m_apiKey;
    QByteArray m_body;
    QList<std::pair<QByteArray, QByteArray>> m_responseHeaders;
    ApiError m_error;
};
