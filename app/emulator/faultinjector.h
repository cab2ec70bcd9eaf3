#pragma once

#include "emulator/httpreply.h"

#include <optional>

namespace Emulator {

struct EmulatorState;
struct IncomingRequest;

// Decides, before any routing, whether an API request meets an injected fault: no answer at all, a redirect
// to another origin, a rate limit, a queued 500 or a random one. Counters count down as they fire.
class FaultInjector
{
public:
    explicit FaultInjector(EmulatorState &state);

    std::optional<HttpReply> intercept(const IncomingRequest &request);

private:
    EmulatorState &m_state;
};

} // namespace Emulator
