#pragma once

#include "emulator/server/httpreply.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace Emulator {

class IdGenerator;
struct IncomingRequest;

// A sandbox's previews on the control plane, /v0/sandboxes/{name}/previews[/{preview}[/tokens[/{token}]]],
// in @blaxel/core's Preview and PreviewToken shapes (types.gen.ts): list, create (409 on a taken name
// unless ?force=true), get, update, delete (answered DELETING, gone at once), and a private preview's tokens
// (create with a future expiresAt, list, delete). A preview past its `expires` or `ttl` is gone. Its URL
// names the emulator, which serves nothing there: no server runs in an emulated sandbox.
class BlaxelPreviews
{
public:
    static constexpr int maxPreviewsPerSandbox = 16;
    static constexpr int maxTokensPerPreview = 16;

    // `segments` follow the sandbox's name: {"previews"}, {"previews", NAME}, {"previews", NAME, "tokens"} or
    // {"previews", NAME, "tokens", TOKEN}. `key` is workspace/name of a live sandbox.
    HttpReply handle(const IncomingRequest &request, const QByteArray &method, const QString &key,
                     const QString &workspace, const QString &sandbox, const QStringList &segments,
                     const QUrl &apiBase, IdGenerator &ids);
    // The sandbox is gone: so are its previews.
    void forget(const QString &key);

private:
    struct Token
    {
        QString name;
        QString value;
        QDateTime expiresAt;
    };
    struct Preview
    {
        QString name;
        QString displayName;
        QJsonObject spec; // port, public, prefixUrl, customDomain, expires, ttl, request/responseHeaders
        QDateTime createdAt;
        QDateTime updatedAt;
        QList<Token> tokens;
    };

    HttpReply previews(const IncomingRequest &request, const QByteArray &method, const QString &key,
                       const QString &workspace, const QString &sandbox, const QUrl &apiBase);
    HttpReply preview(const IncomingRequest &request, const QByteArray &method, const QString &key,
                      const QString &workspace, const QString &sandbox, const QString &name,
                      const QUrl &apiBase);
    HttpReply tokens(const IncomingRequest &request, const QByteArray &method, Preview &preview,
                     const QString &workspace, const QString &sandbox, IdGenerator &ids);
    // The preview the body describes, named `name` when given, or the refusal in `error`.
    static std::optional<Preview> parse(const IncomingRequest &request, const QString &name, QString *error);
    static QJsonObject toJson(const Preview &preview, const QString &workspace, const QString &sandbox,
                              const QUrl &apiBase, const QString &status);
    static QJsonObject toJson(const Token &token, const Preview &preview, const QString &workspace,
                              const QString &sandbox);
    Preview *find(const QString &key, const QString &name);

    QHash<QString, QList<Preview>> m_previews; // by workspace/name
};

} // namespace Emulator
