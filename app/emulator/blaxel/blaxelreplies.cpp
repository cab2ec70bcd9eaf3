#include "emulator/blaxel/blaxelreplies.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Emulator {

HttpReply BlaxelReplies::controlError(int status, const QString &message)
{
    return HttpReply::json(status,
                           QJsonObject{{u"error"_s, QString::fromLatin1(HttpReply::reasonPhrase(status))},
                                       {u"code"_s, status},
                                       {u"message"_s, message}});
}

// The notes give the body ({"code": "QUOTA_EXCEEDED", "message", "details"}) but no status: 403, since a
// quota is not cured by waiting as a 429 would suggest (and a client would hold back every call after a 429).
// The code tells it from a refused key, and the client reads it so (ApiError::isKeyProblem).
HttpReply BlaxelReplies::quotaExceeded(const QString &workspace, int quota)
{
    return HttpReply::json(
        403, QJsonObject{{u"code"_s, u"QUOTA_EXCEEDED"_s},
                         {u"message"_s, u"Sandbox quota exceeded for workspace %1"_s.arg(workspace)},
                         {u"details"_s, QJsonObject{{u"resource"_s, u"sandboxes"_s},
                                                    {u"limit"_s, quota},
                                                    {u"workspace"_s, workspace}}}});
}

HttpReply BlaxelReplies::edgeFault(const HttpReply &fault)
{
    if (fault.status < 400 || fault.neverAnswer)
        return fault;
    HttpReply reply = fault;
    const QByteArray reason = HttpReply::reasonPhrase(fault.status);
    if (fault.status == 502 || fault.status == 504) {
        reply.setHeader("Content-Type", "text/html");
        const QByteArray title = QByteArray::number(fault.status) + ' ' + reason;
        reply.body = "<html>\r\n<head><title>" + title + "</title></head>\r\n<body>\r\n<center><h1>" + title +
                     "</h1></center>\r\n</body>\r\n</html>\r\n";
        return reply;
    }
    const QString code =
        fault.status == 429 ? u"RATE_LIMITED"_s : QString::fromLatin1(reason).toUpper().replace(u' ', u'_');
    reply = HttpReply::json(
        fault.status,
        QJsonObject{{u"error"_s,
                     QJsonObject{{u"code"_s, code},
                                 {u"message"_s, QJsonDocument::fromJson(fault.body)[u"detail"_s].toString()},
                                 {u"retryable"_s, fault.status == 429 || fault.status >= 500}}}});
    reply.fault = fault.fault;
    for (const auto &[name, value] : fault.headers) {
        if (name.compare("Content-Type", Qt::CaseInsensitive) != 0)
            reply.setHeader(name, value);
    }
    reply.setHeader("X-Blaxel-Error-Code", code.toLatin1());
    reply.dropAfterBodyBytes = fault.dropAfterBodyBytes;
    return reply;
}

HttpReply BlaxelReplies::sandboxError(int status, const QString &message)
{
    return HttpReply::json(status, QJsonObject{{u"error"_s, message}});
}

} // namespace Emulator
