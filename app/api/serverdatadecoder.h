#pragma once

#include "api/apiresult.h"
#include "api/serverdatadump.h"

#include <QByteArray>

// Reads the per-server data endpoints' replies. The data itself is never interpreted here: each of the
// about 40 servers has its own schema, and a dump is shown, saved and compared as JSON.
class ServerDataDecoder
{
public:
    // A JSON object with a "data" member (any JSON value, null included); else a decode error.
    static ApiResult<ServerDataDump> dump(const QByteArray &body);
};
