#include "emulator/blaxel/blaxelsandboxjson.h"

#include <QJsonArray>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace Emulator {

QString BlaxelSandboxJson::timestamp(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

qint64 BlaxelSandboxJson::durationSeconds(const QString &text)
{
    if (text.isEmpty() || text.size() > 32)
        return -1;
    qint64 total = 0;
    qint64 number = -1;
    bool anyUnit = false;
    for (const QChar c : text) {
        if (c >= u'0' && c <= u'9') {
            number = (number < 0 ? 0 : number) * 10 + (c.unicode() - u'0');
            if (number > qint64(1) << 40)
                return -1;
            continue;
        }
        qint64 unit = 0;
        switch (c.unicode()) {
        case u's':
            unit = 1;
            break;
        case u'm':
            unit = 60;
            break;
        case u'h':
            unit = 3600;
            break;
        case u'd':
            unit = 86400;
            break;
        case u'w':
            unit = qint64(7) * 86400;
            break;
        default:
            return -1;
        }
        if (number < 0)
            return -1;
        total += number * unit;
        number = -1;
        anyUnit = true;
    }
    if (number >= 0) {
        if (anyUnit)
            return -1; // "1h30" is ambiguous
        total = number;
    }
    return total;
}

QUrl BlaxelSandboxJson::sandboxUrl(const QUrl &apiBase, const QString &workspace, const QString &name)
{
    QUrl url = apiBase;
    url.setPath(u"/blaxel-sandbox/"_s + workspace + u'/' + name);
    return url;
}

QString BlaxelSandboxJson::state(const BlaxelSandbox &sandbox, const QDateTime &now, qint64 idleToStandbyMs)
{
    if (sandbox.status != u"DEPLOYED")
        return {};
    const QDateTime lastUsed = sandbox.lastUsedAt.isValid() ? sandbox.lastUsedAt : sandbox.createdAt;
    return lastUsed.msecsTo(now) >= idleToStandbyMs ? u"STANDBY"_s : u"RUNNING"_s;
}

std::optional<qint64> BlaxelSandboxJson::expiresIn(const BlaxelSandbox &sandbox, const QDateTime &now)
{
    qint64 soonest = std::numeric_limits<qint64>::max();
    const auto consider = [&](const QDateTime &at) {
        if (at.isValid())
            soonest = std::min(soonest, now.secsTo(at));
    };
    if (const qint64 ttl = durationSeconds(sandbox.ttl); ttl >= 0)
        consider(sandbox.createdAt.addSecs(ttl));
    consider(sandbox.expires);
    for (const auto &value : sandbox.expirationPolicies) {
        const QJsonObject policy = value.toObject();
        if (policy.value(u"action"_s).toString(u"delete"_s) != u"delete")
            continue;
        const QString type = policy.value(u"type"_s).toString();
        const QString text = policy.value(u"value"_s).toString();
        if (type == u"date") {
            consider(QDateTime::fromString(text, Qt::ISODate));
        } else if (const qint64 seconds = durationSeconds(text); seconds >= 0) {
            if (type == u"ttl-max-age")
                consider(sandbox.createdAt.addSecs(seconds));
            else if (type == u"ttl-idle")
                consider(
                    (sandbox.lastUsedAt.isValid() ? sandbox.lastUsedAt : sandbox.createdAt).addSecs(seconds));
        }
    }
    if (soonest == std::numeric_limits<qint64>::max())
        return std::nullopt;
    return std::max<qint64>(0, soonest);
}

QJsonObject BlaxelSandboxJson::toJson(const BlaxelSandbox &sandbox, const QUrl &apiBase, const QDateTime &now,
                                      qint64 idleToStandbyMs, Form form)
{
    const QJsonObject metadata{
        {u"name"_s, sandbox.name},
        {u"displayName"_s, sandbox.displayName},
        {u"labels"_s, sandbox.labels},
        {u"workspace"_s, sandbox.workspace},
        {u"url"_s, sandboxUrl(apiBase, sandbox.workspace, sandbox.name).toString(QUrl::FullyEncoded)},
        {u"createdAt"_s, timestamp(sandbox.createdAt)},
        {u"updatedAt"_s, timestamp(sandbox.updatedAt)},
        {u"createdBy"_s, sandbox.createdBy},
        {u"updatedBy"_s, sandbox.updatedBy},
    };
    QJsonObject runtime{
        {u"image"_s, sandbox.image},
        {u"memory"_s, sandbox.memoryMb},
        {u"ports"_s, sandbox.ports},
        {u"envs"_s, sandbox.envs},
    };
    if (!sandbox.ttl.isEmpty())
        runtime.insert(u"ttl"_s, sandbox.ttl);
    if (sandbox.expires.isValid())
        runtime.insert(u"expires"_s, timestamp(sandbox.expires));
    const QJsonObject spec{
        {u"region"_s, sandbox.region},
        {u"runtime"_s, runtime},
        {u"lifecycle"_s, QJsonObject{{u"expirationPolicies"_s, sandbox.expirationPolicies}}},
        {u"volumes"_s, QJsonArray()},
    };
    QJsonObject object{
        {u"metadata"_s, metadata},
        {u"spec"_s, spec},
        {u"status"_s, sandbox.status},
    };
    if (const QString running = state(sandbox, now, idleToStandbyMs); !running.isEmpty())
        object.insert(u"state"_s, running);
    if (sandbox.lastUsedAt.isValid())
        object.insert(u"lastUsedAt"_s, timestamp(sandbox.lastUsedAt));
    if (sandbox.status != u"TERMINATED" && sandbox.status != u"DELETING") {
        if (const std::optional<qint64> seconds = expiresIn(sandbox, now))
            object.insert(u"expiresIn"_s, double(*seconds));
    }
    if (form == Form::Full) {
        object.insert(u"events"_s, sandbox.events);
        object.insert(u"errors"_s, sandbox.errors);
    }
    return object;
}

} // namespace Emulator
