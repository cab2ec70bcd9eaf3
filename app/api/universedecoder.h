#pragma once

#include "api/apiresult.h"
#include "api/taskverdict.h"
#include "api/universe.h"
#include "api/universeinstance.h"
#include "api/universetask.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>

// Tolerant readers of the universe endpoints' replies: unknown fields are ignored, a task number sent as a
// number is read as its text, a persona value that is not a string is left out (and counted); a field the
// schema requires that is absent or of the wrong kind is a decode error naming it.
class UniverseDecoder
{
public:
    static ApiResult<QList<Universe>> universes(const QByteArray &body);
    // Any JSON value (the API answers {service: data}); a scalar is read too.
    static ApiResult<QJsonValue> initialData(const QByteArray &body);
    // The MCP URLs are checked here (UrlPolicy::checkMcpUrl): a refused one never reaches mcpServers.
    static ApiResult<UniverseInstance> instance(const QByteArray &body);
    static ApiResult<UniverseTask> task(const QByteArray &body);
    static ApiResult<TaskVerdict> verdict(const QByteArray &body);

    // One universe object; an empty string when read, else the sentence saying which field is wrong.
    static QString readUniverse(const QJsonObject &object, Universe *universe);
};
