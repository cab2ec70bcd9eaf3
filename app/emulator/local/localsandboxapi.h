#pragma once

#include "emulator/server/httpreply.h"

#include <QString>

namespace Emulator {

class ObjectStore;
struct EmulatorState;
struct IncomingRequest;
struct LocalSandbox;

// The /local-sandbox paths: acquire, details, list, release, reset, and the workspace transfers (upload URL,
// initialize from the uploaded archive, dump to a download URL).
class LocalSandboxApi
{
public:
    LocalSandboxApi(EmulatorState &state, ObjectStore &store);

    HttpReply list();
    HttpReply acquire(const IncomingRequest &request);
    HttpReply details(const QString &localId);
    HttpReply release(const IncomingRequest &request, const QString &localId);
    HttpReply reset(const QString &localId);
    HttpReply uploadUrl(const IncomingRequest &request, const QString &localId);
    HttpReply initialize(const IncomingRequest &request, const QString &localId);
    HttpReply dump(const IncomingRequest &request, const QString &localId);

    void releaseExpired();

private:
    LocalSandbox *find(const QString &localId);
    // A local sandbox as the list and the details answer it, with the workspace limits this emulator states.
    QJsonObject info(const LocalSandbox &sandbox) const;
    static HttpReply notFound(const QString &localId);
    // Validates ?region= (default us); answers a 422 when it is neither us nor asia.
    static std::optional<HttpReply> region(const IncomingRequest &request, QString *value);

    EmulatorState &m_state;
    ObjectStore &m_store;
};

} // namespace Emulator
