#include "emulator/blaxel/blaxelpreviews.h"

#include "emulator/blaxel/blaxelcreaterequest.h"
#include "emulator/blaxel/blaxelreplies.h"
#include "emulator/blaxel/blaxelsandboxjson.h"
#include "emulator/server/idgenerator.h"
#include "emulator/server/incomingrequest.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

constexpr int maxHeaders = 32;
constexpr int maxTextLength = 253;

bool expired(const QJsonObject &spec, const QDateTime &createdAt, const QDateTime &now)
{
    const QDateTime expires = QDateTime::fromString(spec.value(u"expires"_s).toString(), Qt::ISODate);
    if (expires.isValid() && expires <= now)
        return true;
    const qint64 ttl = BlaxelSandboxJson::durationSeconds(spec.value(u"ttl"_s).toString());
    return ttl >= 0 && spec.contains(u"ttl"_s) && createdAt.addSecs(ttl) <= now;
}

// Headers as {name: value} strings, bounded; false with `error` set otherwise.
bool copyHeaders(const QJsonObject &from, const QString &field, QJsonObject &spec, QString *error)
{
    if (!from.contains(field))
        return true;
    const QJsonValue value = from.value(field);
    const QJsonObject headers = value.toObject();
    bool valid = value.isObject() && headers.size() <= maxHeaders;
    for (auto it = headers.begin(); valid && it != headers.end(); ++it)
        valid = it.value().isString() && !it.key().isEmpty() && it.key().size() <= 128 &&
                it.value().toString().size() <= 4096;
    if (!valid) {
        *error = u"spec.%1 must map at most %2 header names to strings"_s.arg(field).arg(maxHeaders);
        return false;
    }
    spec.insert(field, headers);
    return true;
}

} // namespace

void BlaxelPreviews::forget(const QString &key)
{
    m_previews.remove(key);
}

BlaxelPreviews::Preview *BlaxelPreviews::find(const QString &key, const QString &name)
{
    auto it = m_previews.find(key);
    if (it == m_previews.end())
        return nullptr;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    it->removeIf([&now](const Preview &p) { return expired(p.spec, p.createdAt, now); });
    for (Preview &preview : *it) {
        if (preview.name == name)
            return &preview;
    }
    return nullptr;
}

HttpReply BlaxelPreviews::handle(const IncomingRequest &request, const QByteArray &method, const QString &key,
                                 const QString &workspace, const QString &sandbox,
                                 const QStringList &segments, const QUrl &apiBase, IdGenerator &ids)
{
    if (segments.size() == 1)
        return previews(request, method, key, workspace, sandbox, apiBase);
    if (segments.size() == 2)
        return preview(request, method, key, workspace, sandbox, segments.at(1), apiBase);
    if (segments.size() > 4 || segments.at(2) != u"tokens")
        return BlaxelReplies::controlError(404, u"Not Found"_s);
    Preview *found = find(key, segments.at(1));
    if (!found)
        return BlaxelReplies::controlError(404, u"Preview %1 not found"_s.arg(segments.at(1)));
    if (segments.size() == 4) {
        if (method != "DELETE")
            return BlaxelReplies::controlError(405, u"Method Not Allowed"_s);
        for (qsizetype i = 0; i < found->tokens.size(); ++i) {
            if (found->tokens.at(i).name == segments.at(3)) {
                const QJsonObject gone = toJson(found->tokens.at(i), *found, workspace, sandbox);
                found->tokens.removeAt(i);
                return HttpReply::json(200, gone);
            }
        }
        return BlaxelReplies::controlError(404, u"Token %1 not found"_s.arg(segments.at(3)));
    }
    return tokens(request, method, *found, workspace, sandbox, ids);
}

HttpReply BlaxelPreviews::previews(const IncomingRequest &request, const QByteArray &method,
                                   const QString &key, const QString &workspace, const QString &sandbox,
                                   const QUrl &apiBase)
{
    find(key, QString()); // drops the expired ones
    QList<Preview> &list = m_previews[key];
    if (method == "GET") {
        QJsonArray items;
        for (const Preview &preview : std::as_const(list))
            items.append(toJson(preview, workspace, sandbox, apiBase, u"DEPLOYED"_s));
        return HttpReply::json(200, items);
    }
    if (method != "POST")
        return BlaxelReplies::controlError(405, u"Method Not Allowed"_s);
    QString error;
    std::optional<Preview> created = parse(request, QString(), &error);
    if (!created)
        return BlaxelReplies::controlError(400, error);
    const bool force = request.queryFlag(u"force"_s, false);
    const auto existing =
        std::find_if(list.begin(), list.end(), [&](const Preview &p) { return p.name == created->name; });
    if (existing != list.end() && !force)
        return BlaxelReplies::controlError(409, u"Preview %1 already exists"_s.arg(created->name));
    if (existing != list.end())
        list.erase(existing);
    else if (list.size() >= maxPreviewsPerSandbox)
        return BlaxelReplies::controlError(
            400, u"A sandbox has at most %1 previews: delete one first"_s.arg(maxPreviewsPerSandbox));
    list.append(*created);
    return HttpReply::json(200, toJson(list.constLast(), workspace, sandbox, apiBase, u"DEPLOYED"_s));
}

HttpReply BlaxelPreviews::preview(const IncomingRequest &request, const QByteArray &method,
                                  const QString &key, const QString &workspace, const QString &sandbox,
                                  const QString &name, const QUrl &apiBase)
{
    Preview *found = find(key, name);
    if (!found)
        return BlaxelReplies::controlError(404, u"Preview %1 not found"_s.arg(name));
    if (method == "GET")
        return HttpReply::json(200, toJson(*found, workspace, sandbox, apiBase, u"DEPLOYED"_s));
    if (method == "DELETE") {
        const QJsonObject gone = toJson(*found, workspace, sandbox, apiBase, u"DELETING"_s);
        m_previews[key].removeIf([&name](const Preview &p) { return p.name == name; });
        return HttpReply::json(200, gone);
    }
    if (method != "PUT")
        return BlaxelReplies::controlError(405, u"Method Not Allowed"_s);
    QString error;
    std::optional<Preview> changed = parse(request, name, &error);
    if (!changed)
        return BlaxelReplies::controlError(400, error);
    found->displayName = changed->displayName;
    found->spec = changed->spec;
    found->updatedAt = changed->updatedAt;
    return HttpReply::json(200, toJson(*found, workspace, sandbox, apiBase, u"DEPLOYED"_s));
}

HttpReply BlaxelPreviews::tokens(const IncomingRequest &request, const QByteArray &method, Preview &preview,
                                 const QString &workspace, const QString &sandbox, IdGenerator &ids)
{
    if (method == "GET") {
        QJsonArray items;
        for (const Token &token : std::as_const(preview.tokens))
            items.append(toJson(token, preview, workspace, sandbox));
        return HttpReply::json(200, items);
    }
    if (method != "POST")
        return BlaxelReplies::controlError(405, u"Method Not Allowed"_s);
    const QJsonDocument document = QJsonDocument::fromJson(request.body);
    const QJsonObject body = document.object();
    Token token;
    token.name = body.value(u"metadata"_s).toObject().value(u"name"_s).toString();
    token.expiresAt =
        QDateTime::fromString(body.value(u"spec"_s).toObject().value(u"expiresAt"_s).toString(), Qt::ISODate);
    if (!document.isObject() || token.name.isEmpty() || token.name.size() > 128)
        return BlaxelReplies::controlError(400, u"metadata.name is required (at most 128 characters)"_s);
    if (!token.expiresAt.isValid() || token.expiresAt <= QDateTime::currentDateTimeUtc())
        return BlaxelReplies::controlError(400, u"spec.expiresAt must be an RFC 3339 date in the future"_s);
    if (preview.tokens.size() >= maxTokensPerPreview)
        return BlaxelReplies::controlError(
            400, u"A preview has at most %1 tokens: delete one first"_s.arg(maxTokensPerPreview));
    if (std::any_of(preview.tokens.cbegin(), preview.tokens.cend(),
                    [&](const Token &t) { return t.name == token.name; }))
        return BlaxelReplies::controlError(409, u"Token %1 already exists"_s.arg(token.name));
    token.value = ids.hex(24);
    preview.tokens.append(token);
    return HttpReply::json(200, toJson(preview.tokens.constLast(), preview, workspace, sandbox));
}

std::optional<BlaxelPreviews::Preview> BlaxelPreviews::parse(const IncomingRequest &request,
                                                             const QString &name, QString *error)
{
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = u"The body must be a JSON object (a Preview)"_s;
        return std::nullopt;
    }
    const QJsonObject metadata = document.object().value(u"metadata"_s).toObject();
    const QJsonObject spec = document.object().value(u"spec"_s).toObject();
    Preview preview;
    preview.name = metadata.value(u"name"_s).toString(name);
    if (!name.isEmpty() && preview.name != name) {
        *error = u"metadata.name cannot change (the preview is %1)"_s.arg(name);
        return std::nullopt;
    }
    if (!BlaxelCreateRequest::validName(preview.name)) {
        *error = u"metadata.name is required: 1 to 63 lower-case letters, digits or '-'"_s;
        return std::nullopt;
    }
    preview.displayName = metadata.value(u"displayName"_s).toString(preview.name).left(maxTextLength);
    const double port = spec.value(u"port"_s).toDouble(-1);
    if (!spec.value(u"port"_s).isDouble() || port != double(int(port)) || port < 1 || port > 65535) {
        *error = u"spec.port must be a port number from 1 to 65535"_s;
        return std::nullopt;
    }
    preview.spec.insert(u"port"_s, int(port));
    preview.spec.insert(u"public"_s, spec.value(u"public"_s).toBool(false));
    for (const QString &field : {u"prefixUrl"_s, u"customDomain"_s}) {
        if (spec.contains(field)) {
            const QString text = spec.value(field).toString();
            if (!spec.value(field).isString() || text.size() > maxTextLength) {
                *error = u"spec.%1 must be text of at most %2 characters"_s.arg(field).arg(maxTextLength);
                return std::nullopt;
            }
            preview.spec.insert(field, text);
        }
    }
    if (spec.contains(u"expires"_s)) {
        if (!QDateTime::fromString(spec.value(u"expires"_s).toString(), Qt::ISODate).isValid()) {
            *error = u"spec.expires must be an RFC 3339 date"_s;
            return std::nullopt;
        }
        preview.spec.insert(u"expires"_s, spec.value(u"expires"_s).toString());
    }
    if (spec.contains(u"ttl"_s)) {
        if (BlaxelSandboxJson::durationSeconds(spec.value(u"ttl"_s).toString()) < 0) {
            *error = u"spec.ttl must be a duration like \"1h\", \"24h\" or \"7d\""_s;
            return std::nullopt;
        }
        preview.spec.insert(u"ttl"_s, spec.value(u"ttl"_s).toString());
    }
    if (!copyHeaders(spec, u"requestHeaders"_s, preview.spec, error) ||
        !copyHeaders(spec, u"responseHeaders"_s, preview.spec, error))
        return std::nullopt;
    preview.createdAt = QDateTime::currentDateTimeUtc();
    preview.updatedAt = preview.createdAt;
    return preview;
}

QJsonObject BlaxelPreviews::toJson(const Preview &preview, const QString &workspace, const QString &sandbox,
                                   const QUrl &apiBase, const QString &status)
{
    QJsonObject spec = preview.spec;
    spec.insert(u"region"_s, u"us-pdx-1"_s);
    const QString url =
        apiBase.toString() + u"/blaxel-preview/"_s + workspace + u'/' + sandbox + u'/' + preview.name;
    spec.insert(u"url"_s, url);
    const QJsonObject metadata{{u"name"_s, preview.name},
                               {u"displayName"_s, preview.displayName},
                               {u"resourceName"_s, sandbox},
                               {u"resourceType"_s, u"sandbox"_s},
                               {u"workspace"_s, workspace},
                               {u"createdAt"_s, BlaxelSandboxJson::timestamp(preview.createdAt)},
                               {u"updatedAt"_s, BlaxelSandboxJson::timestamp(preview.updatedAt)},
                               {u"createdBy"_s, u"api-key"_s},
                               {u"updatedBy"_s, u"api-key"_s}};
    return QJsonObject{{u"metadata"_s, metadata}, {u"spec"_s, spec}, {u"status"_s, status}};
}

QJsonObject BlaxelPreviews::toJson(const Token &token, const Preview &preview, const QString &workspace,
                                   const QString &sandbox)
{
    const QJsonObject metadata{{u"name"_s, token.name},
                               {u"previewName"_s, preview.name},
                               {u"resourceName"_s, sandbox},
                               {u"resourceType"_s, u"sandbox"_s},
                               {u"workspace"_s, workspace}};
    const QJsonObject spec{{u"token"_s, token.value},
                           {u"expiresAt"_s, BlaxelSandboxJson::timestamp(token.expiresAt)},
                           {u"expired"_s, token.expiresAt <= QDateTime::currentDateTimeUtc()}};
    return QJsonObject{{u"metadata"_s, metadata}, {u"spec"_s, spec}};
}

} // namespace Emulator
