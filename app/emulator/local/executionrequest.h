#pragma once

#include "emulator/server/httpreply.h"

#include <QString>

#include <optional>

namespace Emulator {

struct IncomingRequest;

// What a call on a local sandbox's executions names, checked as the provider's FastAPI checks it: its 422s
// for a missing or mistyped execution_name, region or cursor, and a 400 for a name the emulator cannot use.
struct ExecutionRequest
{
    QString name;
    QString region = QStringLiteral("us");
    qint64 cursor = 0;

    // POST {execution_name} with ?region= (upload-url, execute, export-artifacts).
    static std::optional<HttpReply> fromBody(const IncomingRequest &request, ExecutionRequest *parsed);
    // GET ?execution_name= (status), and &cursor= (logs).
    static std::optional<HttpReply> fromQuery(const IncomingRequest &request, bool withCursor,
                                              ExecutionRequest *parsed);
    // A name becomes a folder and a path in the store: 1..64 of [A-Za-z0-9_.-], never "." or "..".
    static bool validName(const QString &name);
};

} // namespace Emulator
