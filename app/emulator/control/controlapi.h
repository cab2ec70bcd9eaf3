#pragma once

#include "emulator/server/httpreply.h"

namespace Emulator {

struct EmulatorState;
struct IncomingRequest;

// /_emulator/...: not part of the provider's API. Lets a test or a person trying the app change faults and
// the rate limit, and read what the emulator received (once recording is on). Needs the API key like
// everything else; faults never apply to it (a test must be able to switch them off), and it is not recorded.
class ControlApi
{
public:
    explicit ControlApi(EmulatorState &state);

    static bool owns(const IncomingRequest &request);
    HttpReply handle(const IncomingRequest &request);

private:
    // The most requests of each origin /_emulator/requests may be asked to keep: a bound on what a script
    // can make the emulator hold.
    static constexpr qsizetype maxKeepLast = 1'000'000;

    HttpReply requests(const IncomingRequest &request);
    HttpReply rateLimit(const IncomingRequest &request);
    HttpReply churn(const IncomingRequest &request);
    HttpReply executions(const IncomingRequest &request);

    EmulatorState &m_state;
};

} // namespace Emulator
