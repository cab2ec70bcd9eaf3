#include "api/blaxelsandboxjsoncall.h"

#include "api/blaxelsandboxreply.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>

using namespace Qt::StringLiterals;

QString BlaxelSandboxJsonCall::areaPath(const QString &area, const QString &remotePath)
{
    static const QString filesystem = u"/filesystem"_s;
    return u'/' + area + BlaxelSandboxFiles::filesystemPath(remotePath).mid(filesystem.size());
}

void BlaxelSandboxJsonCall::send(BlaxelSandboxFiles *files, BlaxelSandboxCall *call, const QByteArray &verb,
                                 const QString &path, const Query &query, const QString &what,
                                 const std::function<void(const QByteArray &)> &answered,
                                 const QByteArray &body)
{
    QNetworkRequest request = files->request(path);
    if (!query.isEmpty()) {
        QByteArrayList pairs;
        for (const auto &[name, value] : query)
            pairs << QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value);
        QUrl url = request.url();
        url.setQuery(QString::fromLatin1(pairs.join('&')), QUrl::StrictMode);
        request.setUrl(url);
    }
    if (!body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    QNetworkReply *reply = files->network()->sendCustomRequest(request, verb, body);
    const BlaxelSandboxFiles::Limits limits = files->limits();
    call->track(reply, limits.maxJsonBytes);
    const QPointer<BlaxelSandboxFiles> self(files);
    QObject::connect(
        reply, &QNetworkReply::finished, call,
        [self, call, reply, verb, path, query, what, answered, body, limits, key = files->apiKeyToRedact()] {
            if (call->isFinished())
                return;
            const BlaxelSandboxReply::Outcome outcome =
                BlaxelSandboxReply::read(reply, limits.maxJsonBytes, limits.transferTimeoutMs, what, key);
            if (!outcome.error) {
                answered(outcome.body);
                return;
            }
            const ApiError &error = *outcome.error;
            // A 503 is a sandbox that did nothing yet; a 502 or 504 may come after a change was made, so
            // only a GET is sent again then.
            const bool again = outcome.status == 503 || verb == "GET";
            const auto resend = [self, call, verb, path, query, what, answered, body] {
                if (self)
                    send(self, call, verb, path, query, what, answered, body);
                else
                    call->fail(ApiError::cancelled());
            };
            if (!again || !self || !call->retryWhileStarting(error, limits.startupWaitMs, resend))
                call->fail(error);
        });
}
