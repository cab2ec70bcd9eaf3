#pragma once

#include "emulator/server/httpreply.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace Emulator {

struct IncomingRequest;

// The Klavis API's key check, which the control endpoint shares and the rate limiter keys its buckets by.
class BearerAuth
{
public:
    // The token of an `Authorization: Bearer` header; empty without one.
    static QByteArray token(const IncomingRequest &request);
    // 401 without a Bearer token, 403 with the wrong one.
    static std::optional<HttpReply> check(const IncomingRequest &request, const QString &apiKey);
};

} // namespace Emulator
