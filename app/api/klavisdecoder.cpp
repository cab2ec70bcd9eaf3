#include "api/klavisdecoder.h"

#include "api/isotimestamp.h"
#include "api/jsonreply.h"
#include "api/sandboxlistreader.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

// A string field that may be absent, null or (after a schema change) a number.
QString text(const QJsonObject &object, QLatin1StringView key)
{
    const auto value = object.value(key);
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 17);
    if (value.isBool())
        return value.toBool() ? u"true"_s : u"false"_s;
    return {};
}

// A stated count or size, read tolerantly: absent, null, negative or not a whole number means none (-1).
qint64 statedCount(const QJsonValue &value)
{
    if (value.isDouble() && value.toDouble() >= 0 && value.toDouble() == std::floor(value.toDouble()) &&
        value.toDouble() < 9.0e15)
        return qint64(value.toDouble());
    return -1;
}

QJsonObject objectField(const QJsonObject &object, QLatin1StringView key)
{
    return object.value(key).toObject();
}

QString scalarText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble() || value.isBool())
        return value.toVariant().toString();
    if (value.isNull() || value.isUndefined())
        return {};
    const auto document = value.isObject() ? QJsonDocument(value.toObject()) : QJsonDocument(value.toArray());
    return QString::fromUtf8(document.toJson(QJsonDocument::Compact));
}

LocalServer readLocalServer(const QJsonObject &object)
{
    LocalServer server;
    server.id = text(object, "id"_L1);
    server.serverName = text(object, "server_name"_L1);
    server.mcpServerUrl = text(object, "mcp_server_url"_L1);
    server.status = text(object, "status"_L1);
    server.benchmark = text(object, "benchmark"_L1);
    server.updatedAt = IsoTimestamp::parse(text(object, "updated_at"_L1));
    server.metadata = objectField(object, "metadata"_L1);
    server.authData = objectField(object, "auth_data"_L1);
    server.tags = KlavisDecoder::readTags(object.value("tags"_L1));
    return server;
}

} // namespace

QStringList KlavisDecoder::readTags(const QJsonValue &value)
{
    QStringList tags;
    if (value.isArray()) {
        const auto array = value.toArray();
        tags.reserve(array.size());
        for (const auto &tag : array)
            if (const auto name = scalarText(tag); !name.isEmpty())
                tags << name;
    } else if (value.isObject()) {
        // The older API kept tags as an object; show it as key=value chips.
        const auto object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            tags << it.key() + u'=' + scalarText(it.value());
    } else if (value.isString() && !value.toString().isEmpty()) {
        tags << value.toString();
    }
    return tags;
}

QMap<QString, QString> KlavisDecoder::readServerUrls(const QJsonObject &object, const QString &serverName)
{
    QMap<QString, QString> urls;
    const auto map = object.value("server_urls"_L1);
    if (map.isObject()) {
        const auto entries = map.toObject();
        for (auto it = entries.begin(); it != entries.end(); ++it)
            if (it.value().isString())
                urls.insert(it.key(), it.value().toString());
    }
    // Deployments before the map answered one `server_url`.
    const auto single = object.value("server_url"_L1);
    if (urls.isEmpty() && single.isString() && !single.toString().isEmpty())
        urls.insert(serverName, single.toString());
    return urls;
}

bool KlavisDecoder::readSummary(const QJsonObject &object, SandboxSummary *summary)
{
    summary->sandboxId = text(object, "sandbox_id"_L1);
    if (summary->sandboxId.isEmpty())
        return false;
    summary->serverName = text(object, "server_name"_L1);
    summary->status = text(object, "status"_L1);
    summary->benchmark = text(object, "benchmark"_L1);
    summary->tags = readTags(object.value("tags"_L1));
    summary->updatedAtText = text(object, "updated_at"_L1);
    summary->updatedAt = IsoTimestamp::parse(summary->updatedAtText);
    if (summary->updatedAt.isValid())
        summary->updatedAtText.clear();
    return true;
}

ApiResult<SandboxList> KlavisDecoder::sandboxList(const QByteArray &body)
{
    // The usual shape, straight from the bytes; everything else, errors included, is decided below.
    if (auto fast = SandboxListReader::read(body))
        return std::move(*fast);
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    const auto &object = parsed.value();
    const auto items = object.value("sandboxes"_L1);
    if (!items.isArray() && !items.isNull() && !items.isUndefined())
        return ApiError::decode(QCoreApplication::translate("KlavisDecoder", "`sandboxes` is not a list"),
                                body);
    if (!items.isArray() && !object.contains("total_count"_L1))
        return ApiError::decode(
            QCoreApplication::translate("KlavisDecoder", "no `sandboxes` list in the reply"), body);
    SandboxList list;
    const auto array = items.toArray();
    list.sandboxes.reserve(array.size());
    for (const auto &item : array) {
        SandboxSummary summary;
        // A malformed row is skipped rather than failing the whole list.
        if (item.isObject() && readSummary(item.toObject(), &summary))
            list.sandboxes.append(std::move(summary));
    }
    const auto total = object.value("total_count"_L1);
    list.totalCount = total.isDouble() ? total.toInt() : int(list.sandboxes.size());
    return list;
}

ApiResult<SandboxDetails> KlavisDecoder::sandboxDetails(const QByteArray &body)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    SandboxDetails details;
    details.raw = parsed.value();
    if (!readSummary(details.raw, &details.summary))
        return ApiError::decode(QCoreApplication::translate("KlavisDecoder", "no `sandbox_id` in the reply"),
                                body);
    details.serverUrls = readServerUrls(details.raw, details.summary.serverName);
    details.metadata = objectField(details.raw, "metadata"_L1);
    details.authData = objectField(details.raw, "auth_data"_L1);
    return details;
}

ApiResult<AcquiredSandbox> KlavisDecoder::acquiredSandbox(const QByteArray &body)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    AcquiredSandbox acquired;
    acquired.raw = parsed.value();
    acquired.sandboxId = text(acquired.raw, "sandbox_id"_L1);
    if (acquired.sandboxId.isEmpty())
        return ApiError::decode(QCoreApplication::translate("KlavisDecoder", "no `sandbox_id` in the reply"),
                                body);
    acquired.serverName = text(acquired.raw, "server_name"_L1);
    acquired.status = text(acquired.raw, "status"_L1);
    acquired.message = text(acquired.raw, "message"_L1);
    acquired.serverUrls = readServerUrls(acquired.raw, acquired.serverName);
    return acquired;
}

ApiResult<SandboxActionResult> KlavisDecoder::actionResult(const QByteArray &body)
{
    // Local release and reset answer `{}` or nothing at all; both mean done.
    if (body.trimmed().isEmpty())
        return SandboxActionResult{};
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    SandboxActionResult result;
    result.raw = parsed.value();
    result.sandboxId = text(result.raw, "sandbox_id"_L1);
    result.status = text(result.raw, "status"_L1);
    result.message = text(result.raw, "message"_L1);
    return result;
}

bool KlavisDecoder::readLocalSandbox(const QJsonObject &object, LocalSandbox *sandbox)
{
    sandbox->localSandboxId = text(object, "local_sandbox_id"_L1);
    if (sandbox->localSandboxId.isEmpty())
        return false;
    sandbox->status = text(object, "status"_L1);
    sandbox->benchmark = text(object, "benchmark"_L1);
    sandbox->createdAt = IsoTimestamp::parse(text(object, "created_at"_L1));
    sandbox->message = text(object, "message"_L1);
    sandbox->servers.clear();
    for (const auto &item : object.value("servers"_L1).toArray())
        if (item.isObject())
            sandbox->servers.append(readLocalServer(item.toObject()));
    const QJsonObject limits = object.value("workspace_limits"_L1).toObject();
    sandbox->workspaceLimits = {statedCount(limits.value("max_entries"_L1)),
                                statedCount(limits.value("max_unpacked_bytes"_L1)),
                                statedCount(limits.value("max_upload_bytes"_L1))};
    sandbox->raw = object;
    return true;
}

ApiResult<LocalSandbox> KlavisDecoder::localSandbox(const QByteArray &body)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    LocalSandbox sandbox;
    if (!readLocalSandbox(parsed.value(), &sandbox))
        return ApiError::decode(
            QCoreApplication::translate("KlavisDecoder", "no `local_sandbox_id` in the reply"), body);
    return sandbox;
}

ApiResult<LocalSandboxList> KlavisDecoder::localSandboxList(const QByteArray &body)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    const auto items = parsed.value().value("local_sandboxes"_L1);
    if (!items.isArray())
        return ApiError::decode(
            QCoreApplication::translate("KlavisDecoder", "no `local_sandboxes` list in the reply"), body);
    LocalSandboxList list;
    for (const auto &item : items.toArray()) {
        LocalSandbox sandbox;
        if (item.isObject() && readLocalSandbox(item.toObject(), &sandbox))
            list.localSandboxes.append(std::move(sandbox));
    }
    const auto total = parsed.value().value("total_count"_L1);
    list.totalCount = total.isDouble() ? total.toInt() : int(list.localSandboxes.size());
    return list;
}

ApiResult<SignedUrl> KlavisDecoder::signedUrl(const QByteArray &body, const QString &urlField)
{
    const auto parsed = JsonReply::object(body);
    if (!parsed)
        return parsed.error();
    SignedUrl signedUrl;
    signedUrl.url = QUrl(text(parsed.value(), QLatin1StringView(urlField.toLatin1())), QUrl::StrictMode);
    if (!signedUrl.url.isValid() || signedUrl.url.scheme().isEmpty())
        return ApiError::decode(
            QCoreApplication::translate("KlavisDecoder", "no usable `%1` in the reply").arg(urlField), body);
    signedUrl.expiresInMinutes = parsed.value().value("expires_in_minutes"_L1).toInt();
    signedUrl.maxUploadBytes = statedCount(parsed.value().value("max_upload_bytes"_L1));
    return signedUrl;
}
