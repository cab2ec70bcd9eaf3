#include "emulator/server/faultinjector.h"

#include "emulator/server/faultsettings.h"
#include "emulator/server/idgenerator.h"
#include "emulator/server/incomingrequest.h"

using namespace Qt::StringLiterals;

namespace Emulator {

FaultInjector::FaultInjector(FaultSettings &faults, IdGenerator &dice) : m_faults(faults), m_dice(dice) {}

std::optional<HttpReply> FaultInjector::intercept(const IncomingRequest &request)
{
    FaultSettings &faults = m_faults;
    if (!targets(request))
        return std::nullopt;
    if (faults.hangNextRequests > 0) {
        --faults.hangNextRequests;
        HttpReply silence;
        silence.status = 0; // recorded as "no answer"
        silence.neverAnswer = true;
        silence.fault = HttpReply::Fault::InjectedHang;
        return silence;
    }
    if (faults.redirectApiTo.isValid()) {
        QUrl target =
            faults.redirectApiTo.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment);
        QByteArray location = target.toEncoded();
        // Keep the path exactly as the client encoded it.
        QByteArray path;
        for (const QString &segment : request.segments)
            path += '/' + QUrl::toPercentEncoding(segment);
        if (request.segments.isEmpty())
            path = "/";
        location += path;
        if (!request.rawQuery.isEmpty())
            location += '?' + request.rawQuery.toLatin1();
        HttpReply reply = HttpReply::empty(307);
        reply.setHeader("Location", location);
        reply.fault = HttpReply::Fault::InjectedRedirect;
        return reply;
    }
    if (faults.rateLimitNextRequests > 0) {
        --faults.rateLimitNextRequests;
        HttpReply reply = HttpReply::detail(429, u"Rate limit exceeded: try again later"_s);
        reply.setHeader("Retry-After", QByteArray::number(faults.retryAfterSeconds));
        reply.fault = HttpReply::Fault::InjectedRateLimit;
        return reply;
    }
    if (faults.failNextRequests > 0) {
        --faults.failNextRequests;
        HttpReply reply = HttpReply::detail(faults.failStatus,
                                            QString::fromLatin1(HttpReply::reasonPhrase(faults.failStatus)) +
                                                u" (injected by the emulator)"_s);
        reply.fault = HttpReply::Fault::InjectedFailure;
        return reply;
    }
    if (faults.serverErrorRate > 0 && m_dice.unit() < faults.serverErrorRate) {
        HttpReply reply = HttpReply::detail(faults.failStatus,
                                            QString::fromLatin1(HttpReply::reasonPhrase(faults.failStatus)) +
                                                u" (injected at random by the emulator)"_s);
        reply.fault = HttpReply::Fault::InjectedRandomFailure;
        return reply;
    }
    return std::nullopt;
}

void FaultInjector::cutIfDue(const IncomingRequest &request, HttpReply &reply)
{
    FaultSettings &faults = m_faults;
    if (faults.dropNextReplies <= 0 || !targets(request) || reply.neverAnswer)
        return;
    --faults.dropNextReplies;
    reply.dropAfterBodyBytes = reply.body.size() / 2;
    reply.fault = HttpReply::Fault::InjectedDroppedReply;
}

bool FaultInjector::targets(const IncomingRequest &request) const
{
    return m_faults.onlyPath.isEmpty() || request.path.contains(m_faults.onlyPath);
}

} // namespace Emulator
