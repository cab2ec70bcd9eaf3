#include "emulator/klavis/serverdataapi.h"

#include "emulator/klavis/sandboxjson.h"
#include "emulator/server/incomingrequest.h"
#include "emulator/server/pydanticerrors.h"
#include "emulator/server/validationerrors.h"
#include "emulator/state/emulatorstate.h"

using namespace Qt::StringLiterals;

namespace Emulator {

ServerDataApi::ServerDataApi(EmulatorState &state) : m_state(state) {}

QString ServerDataApi::key(Scope scope, const QString &server, const QString &sandboxId)
{
    return sandboxId + (scope == Scope::Sandbox ? u"/sandbox/"_s : u"/local-sandbox/"_s) + server;
}

QJsonObject &ServerDataApi::data(EmulatorState &state, Scope scope, const QString &server,
                                 const QString &sandboxId)
{
    const QString name = key(scope, server, sandboxId);
    auto it = state.serverData.find(name);
    if (it == state.serverData.end())
        it = state.serverData.insert(name, ProviderSpec::instance().emptyData(scope, server));
    return it.value();
}

void ServerDataApi::clear(EmulatorState &state, const QString &sandboxId)
{
    const QString prefix = sandboxId + u'/';
    state.serverData.removeIf([&](const auto &entry) { return entry.key().startsWith(prefix); });
}

std::optional<HttpReply> ServerDataApi::checkSandbox(Scope scope, const QString &server,
                                                     const QString &sandboxId, QString *status) const
{
    bool found = false;
    if (scope == Scope::Sandbox) {
        for (const RemoteSandbox &sandbox : m_state.remote) {
            if (sandbox.id == sandboxId && sandbox.serverName == server) {
                found = true;
                *status = sandbox.status;
                break;
            }
        }
    } else {
        for (const LocalSandbox &sandbox : m_state.local) {
            if (sandbox.id != sandboxId)
                continue;
            for (const LocalSandbox::Server &hosted : sandbox.servers)
                found = found || hosted.serverName == server;
            *status = sandbox.status;
        }
    }
    if (!found)
        return HttpReply::detail(404, u"Sandbox %1 not found"_s.arg(sandboxId));
    if (*status != u"occupied")
        return HttpReply::detail(400, u"Sandbox %1 is not occupied (status: %2)"_s.arg(sandboxId, *status));
    return std::nullopt;
}

HttpReply ServerDataApi::initialize(const IncomingRequest &request, Scope scope, const QString &server,
                                    const QString &sandboxId)
{
    const ProviderSpec &spec = ProviderSpec::instance();
    ValidationErrors errors;
    bool useDefault = false;
    errors.checkQueryBool(u"init_default_data"_s, request.queryValue(u"init_default_data"_s), &useDefault);
    QJsonValue body;
    if (auto malformed = ValidationErrors::parseBody(request.body, &body))
        return *malformed;
    if (!body.isUndefined() && !body.isNull()) {
        PydanticErrors::add(errors, spec.validator().validate(body, spec.dataSchema(scope, server)),
                            QJsonArray{u"body"_s});
    }
    if (!errors.isEmpty())
        return errors.reply();
    QString status;
    if (auto refused = checkSandbox(scope, server, sandboxId, &status))
        return *refused;
    QJsonValue data = body;
    if (useDefault) {
        data = spec.defaultData(scope, server);
        if (!data.isObject())
            return HttpReply::detail(400, u"No default data available for %1"_s.arg(server));
    } else if (!data.isObject()) {
        return HttpReply::detail(400, u"No initialization data provided: send the data in the body or set "
                                      "init_default_data=true"_s);
    }
    m_state.serverData.insert(key(scope, server, sandboxId), data.toObject());
    return HttpReply::json(
        200, QJsonObject{{u"sandbox_id"_s, sandboxId},
                         {u"status"_s, status},
                         {u"message"_s, u"Sandbox initialized successfully with %1 data%2"_s.arg(
                                            server, useDefault ? u" (default)"_s : QString())}});
}

HttpReply ServerDataApi::dump(Scope scope, const QString &server, const QString &sandboxId)
{
    QString status;
    if (auto refused = checkSandbox(scope, server, sandboxId, &status))
        return *refused;
    return HttpReply::json(200, QJsonObject{{u"sandbox_id"_s, sandboxId},
                                            {u"server_name"_s, server},
                                            {u"dumped_at"_s, SandboxJson::timestamp(EmulatorState::now())},
                                            {u"data"_s, data(m_state, scope, server, sandboxId)}});
}

} // namespace Emulator
