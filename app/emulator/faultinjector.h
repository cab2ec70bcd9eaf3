#pragma once

#include "emulator/httpreply.h"

#include <optional>

namespace Emulator {

struct EmulatorState;
struct IncomingRequest;

// Decides, before any routing, whether an API request meets an injected fault: no answer at all, a redirect
// to another origin, a rate limit, a queued 500 or a random one; and after routing, whether its answer is cut
// short. Counters count down as they fire.
class FaultInjector
{
public:
    explicit FaultInjector(EmulatorState &state);

    std::optional<HttpReply> intercept(const IncomingRequest &request);
    // The real answer, cut halfway through its body when a dropped reply is due: the client has read part
    // of it when the connection goes.
    void cutIfDue(const IncomingRequest &request, HttpReply &reply);

private:
    bool targets(const IncomingRequest &request) const;

    EmulatorState &m_state;
};

} // namespace Emulator
