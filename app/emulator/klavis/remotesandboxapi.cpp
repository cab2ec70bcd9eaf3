#include "emulator/klavis/remotesandboxapi.h"

#include "emulator/klavis/catalog.h"
#include "emulator/klavis/sandboxjson.h"
#include "emulator/klavis/seeddata.h"
#include "emulator/klavis/serverdataapi.h"
#include "emulator/server/incomingrequest.h"
#include "emulator/server/validationerrors.h"
#include "emulator/state/emulatorstate.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Emulator {

RemoteSandboxApi::RemoteSandboxApi(EmulatorState &state) : m_state(state) {}

HttpReply RemoteSandboxApi::notFound(const QString &sandboxId)
{
    return HttpReply::detail(404, u"Sandbox %1 not found"_s.arg(sandboxId));
}

RemoteSandbox *RemoteSandboxApi::find(const QString &serverName, const QString &sandboxId)
{
    for (RemoteSandbox &sandbox : m_state.remote) {
        if (sandbox.id == sandboxId && sandbox.serverName == serverName)
            return &sandbox;
    }
    return nullptr;
}

void RemoteSandboxApi::releaseLease(RemoteSandbox &sandbox)
{
    ServerDataApi::clear(m_state, sandbox.id);
    sandbox.status = u"idle"_s;
    sandbox.benchmark.clear();
    sandbox.tags.clear();
    sandbox.expiresAt = QDateTime();
    sandbox.updatedAt = EmulatorState::now();
}

void RemoteSandboxApi::releaseExpired()
{
    const QDateTime now = EmulatorState::now();
    for (RemoteSandbox &sandbox : m_state.remote) {
        if (sandbox.status == u"occupied" && sandbox.expiresAt.isValid() && sandbox.expiresAt <= now)
            releaseLease(sandbox);
    }
}

HttpReply RemoteSandboxApi::list(const IncomingRequest &request)
{
    const std::optional<QString> serverName = request.queryValue(u"server_name"_s);
    const std::optional<QString> tag = request.queryValue(u"tag"_s);
    QList<const RemoteSandbox *> matches;
    for (const RemoteSandbox &sandbox : m_state.remote) {
        if (serverName && sandbox.serverName.compare(*serverName, Qt::CaseInsensitive) != 0)
            continue;
        if (tag && !sandbox.tags.contains(*tag))
            continue;
        matches.append(&sandbox);
    }
    // Most recently updated first, as a dashboard would want them.
    std::stable_sort(matches.begin(), matches.end(), [](const RemoteSandbox *a, const RemoteSandbox *b) {
        return a->updatedAt > b->updatedAt;
    });
    QJsonArray items;
    for (const RemoteSandbox *sandbox : matches)
        items.append(SandboxJson::sandboxListItem(*sandbox));
    return HttpReply::json(200, QJsonObject{{u"sandboxes"_s, items}, {u"total_count"_s, items.size()}});
}

HttpReply RemoteSandboxApi::prepare(const IncomingRequest &request)
{
    ValidationErrors errors;
    errors.checkQueryEnum(u"benchmark"_s, request.queryValue(u"benchmark"_s), Catalog::benchmarks());
    errors.checkQueryEnum(u"server_name"_s, request.queryValue(u"server_name"_s), Catalog::sandboxServers());
    if (!errors.isEmpty())
        return errors.reply();
    return HttpReply::json(200, QJsonObject());
}

HttpReply RemoteSandboxApi::acquire(const IncomingRequest &request, const QString &serverName,
                                    ValidationErrors errors)
{
    QJsonValue bodyValue;
    if (auto malformed = ValidationErrors::parseBody(request.body, &bodyValue))
        return *malformed;
    int ttlSeconds = 7200;
    if (errors.checkBodyObject(bodyValue, false)) {
        const QJsonObject body = bodyValue.toObject();
        errors.checkOptionalEnum(body, u"benchmark"_s, Catalog::benchmarks());
        errors.checkOptionalString(body, u"test_account_email"_s);
        errors.checkOptionalString(body, u"tag"_s);
        errors.checkOptionalInt(body, u"ttl_seconds"_s, 60, 86400, 7200, &ttlSeconds);
    }
    if (!errors.isEmpty())
        return errors.reply();
    const QJsonObject body = bodyValue.toObject();
    const QString email = body.value(u"test_account_email"_s).toString();

    RemoteSandbox *chosen = nullptr;
    int serverCount = 0;
    bool accountKnown = false;
    const bool poolEmpty = m_state.emptyPools.contains(serverName);
    for (RemoteSandbox &sandbox : m_state.remote) {
        if (sandbox.serverName != serverName)
            continue;
        ++serverCount;
        if (!email.isEmpty() && sandbox.testAccountEmail.compare(email, Qt::CaseInsensitive) != 0)
            continue;
        accountKnown = true;
        if (!chosen && !poolEmpty && sandbox.status == u"idle")
            chosen = &sandbox;
    }
    if (!email.isEmpty() && !accountKnown)
        return HttpReply::detail(404, u"Test account %1 not found for %2"_s.arg(email, serverName));
    int &handedOut = m_state.freshFromPool[serverName];
    if (!chosen && email.isEmpty() && !poolEmpty && handedOut < m_state.idlePerServer) {
        ++handedOut;
        RemoteSandbox fresh;
        fresh.id = m_state.ids.uuid();
        fresh.serverName = serverName;
        fresh.testAccountEmail = SeedData::testAccountEmail(serverName, serverCount + 1);
        fresh.status = u"idle"_s;
        m_state.remote.append(fresh);
        chosen = &m_state.remote.last();
    }
    if (!chosen) {
        return HttpReply::detail(
            503, email.isEmpty()
                     ? u"No idle sandbox available for %1"_s.arg(serverName)
                     : u"No idle sandbox available for %1 with test account %2"_s.arg(serverName, email));
    }
    const QDateTime now = EmulatorState::now();
    chosen->status = u"occupied"_s;
    chosen->instanceId = m_state.ids.uuid();
    chosen->benchmark = body.value(u"benchmark"_s).toString();
    // The acquire's own tags and nothing else: `tag`, and the list `tags` the API also takes.
    chosen->tags.clear();
    if (const QString tag = body.value(u"tag"_s).toString(); !tag.isEmpty())
        chosen->tags.append(tag);
    for (const auto &tag : body.value(u"tags"_s).toArray())
        if (tag.isString() && !tag.toString().isEmpty())
            chosen->tags.append(tag.toString());
    chosen->tags.removeDuplicates();
    chosen->updatedAt = now;
    chosen->expiresAt = now.addSecs(ttlSeconds);
    SeedData::fillSecrets(*chosen, m_state.ids, now);
    return HttpReply::json(
        201, QJsonObject{
                 {u"sandbox_id"_s, chosen->id},
                 {u"server_urls"_s,
                  QJsonObject{{chosen->serverName, SandboxJson::serverUrl(m_state.apiBase, *chosen)}}},
                 {u"server_name"_s, chosen->serverName},
                 {u"status"_s, chosen->status},
                 {u"message"_s,
                  u"Sandbox acquired successfully. Use the server_urls to connect to the MCP server."_s},
             });
}

HttpReply RemoteSandboxApi::details(const QString &serverName, const QString &sandboxId)
{
    const RemoteSandbox *sandbox = find(serverName, sandboxId);
    if (!sandbox)
        return notFound(sandboxId);
    return HttpReply::json(200, SandboxJson::sandboxInfo(m_state.apiBase, *sandbox));
}

// Releasing an idle sandbox answers 200 again (release is idempotent, so a retried DELETE is harmless); a
// sandbox in error cannot be released and answers 400.
HttpReply RemoteSandboxApi::release(const IncomingRequest &request, const QString &serverName,
                                    const QString &sandboxId, ValidationErrors errors)
{
    bool isTtl = false;
    errors.checkQueryBool(u"is_ttl"_s, request.queryValue(u"is_ttl"_s), &isTtl);
    if (!errors.isEmpty())
        return errors.reply();
    RemoteSandbox *sandbox = find(serverName, sandboxId);
    if (!sandbox)
        return notFound(sandboxId);
    const auto answer = [&](const QString &message) {
        return HttpReply::json(200, QJsonObject{{u"sandbox_id"_s, sandbox->id},
                                                {u"status"_s, sandbox->status},
                                                {u"message"_s, message}});
    };
    const std::optional<QString> instanceId = request.queryValue(u"instance_id"_s);
    if (instanceId && !instanceId->isEmpty() && *instanceId != sandbox->instanceId)
        return answer(u"Release skipped: instance_id does not match the current lease"_s);
    if (sandbox->status == u"error")
        return HttpReply::detail(400,
                                 u"Sandbox %1 is in error state and cannot be released"_s.arg(sandboxId));
    if (sandbox->status == u"idle")
        return answer(u"Sandbox was already idle"_s);
    releaseLease(*sandbox);
    return answer(isTtl ? u"Sandbox released (TTL expired)"_s : u"Sandbox released successfully"_s);
}

HttpReply RemoteSandboxApi::reset(const QString &serverName, const QString &sandboxId)
{
    RemoteSandbox *sandbox = find(serverName, sandboxId);
    if (!sandbox)
        return notFound(sandboxId);
    sandbox->updatedAt = EmulatorState::now();
    ServerDataApi::clear(m_state, sandbox->id);
    return HttpReply::json(200, QJsonObject{{u"sandbox_id"_s, sandbox->id},
                                            {u"status"_s, sandbox->status},
                                            {u"message"_s, u"Sandbox reset to initial state"_s}});
}

} // namespace Emulator
