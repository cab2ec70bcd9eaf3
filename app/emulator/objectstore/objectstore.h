#pragma once

#include "emulator/objectstore/urlsigner.h"
#include "emulator/server/httpreply.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QUrl>

#include <optional>

namespace Emulator {

struct EmulatorState;
struct IncomingRequest;

// The signed-URL bucket on the emulator's second origin: uploads land here by PUT, dumps are served by GET
// (with Range), and a URL is only good for its method, path, signed headers and lifetime.
class ObjectStore
{
public:
    static constexpr int urlLifetimeMinutes = 30;

    explicit ObjectStore(EmulatorState &state);

    QUrl issueUploadUrl(const QString &localId, const QString &region);
    // Stores `data` as a new dump object and answers a signed GET URL for it.
    QUrl storeDump(const QString &localId, const QString &region, const QByteArray &data);
    std::optional<QByteArray> latestUpload(const QString &localId, const QString &region) const;
    // An execution's archive has a path of its own, per sandbox and execution name (the last PUT wins), apart
    // from the workspace uploads; its exported artifacts are served like a dump.
    QUrl issueExecutionUploadUrl(const QString &localId, const QString &region, const QString &execution);
    std::optional<QByteArray> executionUpload(const QString &localId, const QString &region,
                                              const QString &execution) const;
    QUrl storeArtifacts(const QString &localId, const QString &region, const QString &execution,
                        const QByteArray &data);

    HttpReply handle(const IncomingRequest &request);

private:
    struct StoredObject
    {
        QByteArray data;
        quint64 sequence = 0;
    };

    QUrl issue(const QByteArray &method, const QString &path, const QByteArray &contentType);
    HttpReply get(const IncomingRequest &request, bool headOnly);
    // The store-side faults: a 5xx (or a refusal) before the signature is even looked at, as a real store
    // under load answers.
    std::optional<HttpReply> injectedFailure(const IncomingRequest &request);
    // 400 EntityTooLarge when the body passes EmulatorState::maxUploadBytes.
    std::optional<HttpReply> checkSize(const IncomingRequest &request) const;

    EmulatorState &m_state;
    UrlSigner m_signer;
    QHash<QString, StoredObject> m_objects; // path -> object
    quint64 m_sequence = 0;
};

} // namespace Emulator
