#pragma once

#include "emulator/klavis/providerspec.h"
#include "emulator/server/httpreply.h"

#include <QJsonObject>
#include <QString>

namespace Emulator {

struct EmulatorState;
struct IncomingRequest;

// The per-server data paths, POST /sandbox/{server}/{id}/initialize and GET .../dump (and the same under
// /local-sandbox for the local servers the file lists): the body validated against that server's schema in
// the provider's OpenAPI file (422 as FastAPI writes it), the data kept per sandbox in EmulatorState.
class ServerDataApi
{
public:
    using Scope = ProviderSpec::Scope;

    explicit ServerDataApi(EmulatorState &state);

    HttpReply initialize(const IncomingRequest &request, Scope scope, const QString &server,
                         const QString &sandboxId);
    HttpReply dump(Scope scope, const QString &server, const QString &sandboxId);

    static QString key(Scope scope, const QString &server, const QString &sandboxId);
    // The data object of a sandbox's server, created empty (the dump schema's smallest) on first use.
    static QJsonObject &data(EmulatorState &state, Scope scope, const QString &server,
                             const QString &sandboxId);
    // Forgets every server's data of a sandbox (reset, release).
    static void clear(EmulatorState &state, const QString &sandboxId);

private:
    // 404 for an unknown sandbox, 400 for one not held; nullopt when the data may be used.
    std::optional<HttpReply> checkSandbox(Scope scope, const QString &server, const QString &sandboxId,
                                          QString *status) const;

    EmulatorState &m_state;
};

} // namespace Emulator
