#pragma once

#include "emulator/server/httpreply.h"

#include <QString>

namespace Emulator {

// The error bodies of Blaxel's two faces: the control plane's {"error", "code", "message"} and quota
// {"code": "QUOTA_EXCEEDED", "message", "details"}, and a sandbox's own API's {"error"}.
class BlaxelReplies
{
public:
    static HttpReply controlError(int status, const QString &message);
    static HttpReply quotaExceeded(const QString &workspace, int quota);
    static HttpReply sandboxError(int status, const QString &message);
    // An injected fault as Blaxel's edge answers it: HTML for a 502 or 504, otherwise
    // {"error": {"code", "message", "retryable"}} with X-Blaxel-Error-Code. Other replies pass unchanged.
    static HttpReply edgeFault(const HttpReply &fault);
};

} // namespace Emulator
