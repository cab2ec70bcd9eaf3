#include "api/apicall.h"

void ApiCall::abort()
{
    if (!m_finished)
        emit abortRequested();
}

void ApiCall::finish(int httpStatus, const QByteArray &body, const ApiError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    m_httpStatus = httpStatus;
    m_body = body;
    m_error = error;
    emit finished();
}

QByteArray ApiCall::responseHeader(const QByteArray &name) const
{
    for (const auto &[key, value] : m_responseHeaders)
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    return {};
}
