#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QUrlQuery>

#include <utility>

// A request to the API as a value: built by a service, sent by HttpTransport.
struct ApiRequest
{
    enum class Method
    {
        Get,
        Post,
        Delete,
        Put
    };

    Method method = Method::Get;
    QString path; // already percent-encoded, starting with '/'
    QUrlQuery query;
    QByteArray jsonBody; // empty: no body
    // Headers beyond the transport's own: a provider's workspace and API version. Like the key, they go to
    // the API's origin only; a value with a control character is refused before anything is sent.
    QList<std::pair<QByteArray, QByteArray>> headers;
    // Only idempotent calls are retried. Acquire is not: a retry could occupy a second sandbox.
    bool idempotent = true;
    // An acquire occupies a sandbox: its errors are worded for it (a 404 names what the acquire named).
    bool acquire = false;
    // The largest answer read for this call; a bigger one is abandoned as soon as it shows. Lists set a
    // large cap, details and actions keep this small one.
    qint64 maxResponseBytes = defaultMaxResponseBytes;

    static constexpr qint64 defaultMaxResponseBytes = qint64{4} * 1024 * 1024;
    static constexpr qint64 listMaxResponseBytes = qint64{256} * 1024 * 1024;

    static QString encodeSegment(const QString &segment);
    QByteArray verb() const;
};
