#pragma once

#include "emulator/server/httpreply.h"

#include <optional>

namespace Emulator {

class IdGenerator;
struct FaultSettings;
struct IncomingRequest;

// Decides, before any routing, whether an API request meets an injected fault: no answer at all, a redirect
// to another origin, a rate limit, a queued 500 or a random one; and after routing, whether its answer is cut
// short. Counters count down as they fire.
class FaultInjector
{
public:
    // `dice`: the generator of random faults, apart from the one of the data, so that faults do not change
    // the data a seed gives.
    FaultInjector(FaultSettings &faults, IdGenerator &dice);

    std::optional<HttpReply> intercept(const IncomingRequest &request);
    // The real answer, cut halfway through its body when a dropped reply is due: the client has read part
    // of it when the connection goes.
    void cutIfDue(const IncomingRequest &request, HttpReply &reply);

private:
    bool targets(const IncomingRequest &request) const;

    FaultSettings &m_faults;
    IdGenerator &m_dice;
};

} // namespace Emulator
