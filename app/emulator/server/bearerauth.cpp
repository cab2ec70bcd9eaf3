#include "emulator/server/bearerauth.h"

#include "emulator/server/incomingrequest.h"

using namespace Qt::StringLiterals;

namespace Emulator {

QByteArray BearerAuth::token(const IncomingRequest &request)
{
    const QByteArray authorization = request.header("Authorization").trimmed();
    const qsizetype space = authorization.indexOf(' ');
    const QByteArray scheme = space < 0 ? authorization : authorization.left(space);
    if (space < 0 || scheme.compare("Bearer", Qt::CaseInsensitive) != 0)
        return {};
    return authorization.mid(space + 1).trimmed();
}

std::optional<HttpReply> BearerAuth::check(const IncomingRequest &request, const QString &apiKey)
{
    const QByteArray bearer = token(request);
    if (bearer.isEmpty()) {
        HttpReply reply = HttpReply::detail(401, u"Not authenticated"_s);
        reply.setHeader("WWW-Authenticate", "Bearer");
        return reply;
    }
    if (bearer != apiKey.toUtf8())
        return HttpReply::detail(403, u"Invalid API key"_s);
    return std::nullopt;
}

} // namespace Emulator
