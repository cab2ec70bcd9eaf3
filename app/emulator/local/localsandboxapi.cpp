#include "emulator/local/localsandboxapi.h"

#include "emulator/klavis/catalog.h"
#include "emulator/klavis/sandboxjson.h"
#include "emulator/klavis/serverdataapi.h"
#include "emulator/objectstore/objectstore.h"
#include "emulator/server/incomingrequest.h"
#include "emulator/server/validationerrors.h"
#include "emulator/state/emulatorstate.h"
#include "emulator/workspace/workspacearchive.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

// pydantic's errors for `Union[List[LocalSandboxMCPServer], Literal["ALL"]]`: one branch per member.
QStringList checkServerNames(const QJsonObject &body, ValidationErrors &errors)
{
    static const QString listBranch = u"list[LocalSandboxMCPServer]"_s;
    static const QString literalBranch = u"literal['ALL']"_s;
    const QJsonValue value = body.value(u"server_names"_s);
    if (value.isUndefined()) {
        errors.addMissing(QJsonArray{u"body"_s, u"server_names"_s}, body);
        return {};
    }
    if (value.isString() && value.toString() == u"ALL")
        return Catalog::localServers();
    const QJsonObject literalCtx{{u"expected"_s, u"'ALL'"_s}};
    if (!value.isArray()) {
        errors.add(QJsonArray{u"body"_s, u"server_names"_s, listBranch}, u"list_type"_s,
                   u"Input should be a valid list"_s, value);
        errors.add(QJsonArray{u"body"_s, u"server_names"_s, literalBranch}, u"literal_error"_s,
                   u"Input should be 'ALL'"_s, value, literalCtx);
        return {};
    }
    QStringList names;
    bool valid = true;
    const QJsonArray items = value.toArray();
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (errors.checkEnum(QJsonArray{u"body"_s, u"server_names"_s, listBranch, i}, items.at(i),
                             Catalog::localServers())) {
            if (!names.contains(items.at(i).toString()))
                names.append(items.at(i).toString());
        } else {
            valid = false;
        }
    }
    if (!valid) {
        errors.add(QJsonArray{u"body"_s, u"server_names"_s, literalBranch}, u"literal_error"_s,
                   u"Input should be 'ALL'"_s, value, literalCtx);
        return {};
    }
    return names;
}

} // namespace

LocalSandboxApi::LocalSandboxApi(EmulatorState &state, ObjectStore &store) : m_state(state), m_store(store) {}

HttpReply LocalSandboxApi::notFound(const QString &localId)
{
    return HttpReply::detail(404, u"Local sandbox %1 not found"_s.arg(localId));
}

LocalSandbox *LocalSandboxApi::find(const QString &localId)
{
    for (LocalSandbox &sandbox : m_state.local) {
        if (sandbox.id == localId)
            return &sandbox;
    }
    return nullptr;
}

std::optional<HttpReply> LocalSandboxApi::region(const IncomingRequest &request, QString *value)
{
    const std::optional<QString> given = request.queryValue(u"region"_s);
    ValidationErrors errors;
    if (!errors.checkQueryEnum(u"region"_s, given, Catalog::regions()))
        return errors.reply();
    *value = given.value_or(u"us"_s);
    return std::nullopt;
}

void LocalSandboxApi::releaseExpired()
{
    const QDateTime now = EmulatorState::now();
    m_state.local.removeIf([&](const LocalSandbox &sandbox) {
        const bool expired = sandbox.expiresAt.isValid() && sandbox.expiresAt <= now;
        if (expired)
            ServerDataApi::clear(m_state, sandbox.id);
        return expired;
    });
}

QJsonObject LocalSandboxApi::info(const LocalSandbox &sandbox) const
{
    QJsonObject object = SandboxJson::localSandboxInfo(m_state.apiBase, sandbox);
    // Not in the provider's schema today: limits stated up front let a client refuse a drop in its
    // confirmation, before anything is packed or sent (as max_upload_bytes in upload-url does for the PUT).
    QJsonObject limits{{u"max_entries"_s, m_state.workspaceLimits.maxEntries},
                       {u"max_unpacked_bytes"_s, double(m_state.workspaceLimits.maxTotalBytes)}};
    if (m_state.maxUploadBytes >= 0)
        limits.insert(u"max_upload_bytes"_s, double(m_state.maxUploadBytes));
    object.insert(u"workspace_limits"_s, limits);
    return object;
}

HttpReply LocalSandboxApi::list()
{
    QJsonArray items;
    for (const LocalSandbox &sandbox : m_state.local)
        items.append(info(sandbox));
    return HttpReply::json(200, QJsonObject{{u"local_sandboxes"_s, items}, {u"total_count"_s, items.size()}});
}

HttpReply LocalSandboxApi::acquire(const IncomingRequest &request)
{
    QJsonValue bodyValue;
    if (auto malformed = ValidationErrors::parseBody(request.body, &bodyValue))
        return *malformed;
    ValidationErrors errors;
    QStringList servers;
    int ttlSeconds = 7200;
    if (errors.checkBodyObject(bodyValue, true)) {
        const QJsonObject body = bodyValue.toObject();
        servers = checkServerNames(body, errors);
        errors.checkOptionalEnum(body, u"benchmark"_s, Catalog::benchmarks());
        errors.checkOptionalString(body, u"test_account_email"_s);
        errors.checkOptionalInt(body, u"ttl_seconds"_s, 60, 86400, 7200, &ttlSeconds);
    }
    if (!errors.isEmpty())
        return errors.reply();
    if (servers.isEmpty())
        return HttpReply::detail(400, u"server_names must name at least one server"_s);
    if (m_state.local.size() >= m_state.localCapacity)
        return HttpReply::detail(
            503,
            u"No local sandbox available: the account's limit of %1 is reached"_s.arg(m_state.localCapacity));
    const QJsonObject body = bodyValue.toObject();
    const QDateTime now = EmulatorState::now();
    LocalSandbox sandbox;
    sandbox.id = m_state.ids.uuid();
    sandbox.status = u"occupied"_s;
    sandbox.benchmark = body.value(u"benchmark"_s).toString();
    sandbox.testAccountEmail = body.value(u"test_account_email"_s).toString();
    sandbox.createdAt = now;
    sandbox.updatedAt = now;
    sandbox.expiresAt = now.addSecs(ttlSeconds);
    for (const QString &server : servers)
        sandbox.servers.append(LocalSandbox::Server{m_state.ids.uuid(), server});
    m_state.local.append(sandbox);
    return HttpReply::json(201, QJsonObject{
                                    {u"local_sandbox_id"_s, sandbox.id},
                                    {u"status"_s, sandbox.status},
                                    {u"benchmark"_s, SandboxJson::stringOrNull(sandbox.benchmark)},
                                    {u"servers"_s, SandboxJson::localServerItems(m_state.apiBase, sandbox)},
                                    {u"message"_s, u"Local sandbox environment acquired successfully"_s},
                                });
}

HttpReply LocalSandboxApi::details(const QString &localId)
{
    const LocalSandbox *sandbox = find(localId);
    if (!sandbox)
        return notFound(localId);
    return HttpReply::json(200, info(*sandbox));
}

HttpReply LocalSandboxApi::release(const IncomingRequest &request, const QString &localId)
{
    ValidationErrors errors;
    bool isTtl = false;
    if (!errors.checkQueryBool(u"is_ttl"_s, request.queryValue(u"is_ttl"_s), &isTtl))
        return errors.reply();
    if (!find(localId))
        return notFound(localId);
    // The provider releases in the background; the emulator has nothing to wait for, so it is gone at once.
    m_state.local.removeIf([&](const LocalSandbox &sandbox) { return sandbox.id == localId; });
    ServerDataApi::clear(m_state, localId);
    return HttpReply::json(
        200, QJsonObject{{u"message"_s, u"Local sandbox release started for %1: it will be released "
                                        "asynchronously in background."_s.arg(localId)}});
}

HttpReply LocalSandboxApi::reset(const QString &localId)
{
    LocalSandbox *sandbox = find(localId);
    if (!sandbox)
        return notFound(localId);
    sandbox->workspace.clear();
    sandbox->updatedAt = EmulatorState::now();
    ServerDataApi::clear(m_state, localId);
    return HttpReply::json(200, QJsonObject());
}

HttpReply LocalSandboxApi::uploadUrl(const IncomingRequest &request, const QString &localId)
{
    QString regionName;
    if (auto invalid = region(request, &regionName))
        return *invalid;
    if (!find(localId))
        return notFound(localId);
    const QUrl url = m_store.issueUploadUrl(localId, regionName);
    QJsonObject reply{{u"upload_url"_s, url.toString(QUrl::FullyEncoded)},
                      {u"expires_in_minutes"_s, ObjectStore::urlLifetimeMinutes}};
    // Not in the provider's schema today: a stated limit lets a client refuse before sending the bytes.
    if (m_state.maxUploadBytes >= 0)
        reply.insert(u"max_upload_bytes"_s, double(m_state.maxUploadBytes));
    return HttpReply::json(200, reply);
}

HttpReply LocalSandboxApi::initialize(const IncomingRequest &request, const QString &localId)
{
    QString regionName;
    if (auto invalid = region(request, &regionName))
        return *invalid;
    LocalSandbox *sandbox = find(localId);
    if (!sandbox)
        return notFound(localId);
    const std::optional<QByteArray> archive = m_store.latestUpload(localId, regionName);
    if (!archive) {
        return HttpReply::detail(400, u"No archive uploaded for local sandbox %1 in region %2: request an "
                                      "upload URL and PUT the archive first"_s.arg(localId, regionName));
    }
    if (const QString error =
            WorkspaceArchive::extract(*archive, sandbox->workspace, m_state.workspaceLimits);
        !error.isEmpty())
        return HttpReply::detail(400, u"Archive rejected: "_s + error);
    sandbox->updatedAt = EmulatorState::now();
    return HttpReply::json(200, QJsonObject{{u"sandbox_id"_s, localId},
                                            {u"status"_s, sandbox->status},
                                            {u"message"_s, u"Extracted archive from GCS to workspace"_s}});
}

HttpReply LocalSandboxApi::dump(const IncomingRequest &request, const QString &localId)
{
    QString regionName;
    if (auto invalid = region(request, &regionName))
        return *invalid;
    const LocalSandbox *sandbox = find(localId);
    if (!sandbox)
        return notFound(localId);
    const QByteArray archive = WorkspaceArchive::pack(sandbox->workspace, sandbox->updatedAt);
    const QUrl url = m_store.storeDump(localId, regionName, archive);
    return HttpReply::json(200, QJsonObject{{u"download_url"_s, url.toString(QUrl::FullyEncoded)},
                                            {u"expires_in_minutes"_s, ObjectStore::urlLifetimeMinutes}});
}

} // namespace Emulator
