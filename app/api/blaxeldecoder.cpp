#include "api/blaxeldecoder.h"

#include "api/isotimestamp.h"
#include "api/jsonreply.h"
#include "api/remotetext.h"
#include "api/urlpolicy.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QString bounded(QString text)
{
    if (text.size() > BlaxelDecoder::maxTextLength)
        text.truncate(BlaxelDecoder::maxTextLength);
    return text;
}

// A string field that may be absent, null or (after a schema change) a number or a boolean.
QString text(const QJsonValue &value)
{
    if (value.isString())
        return bounded(value.toString());
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 17);
    if (value.isBool())
        return value.toBool() ? u"true"_s : u"false"_s;
    return {};
}

QString text(const QJsonObject &object, QLatin1StringView key)
{
    return text(object.value(key));
}

// A whole number within [low, high], from a JSON number or a numeric string; nothing otherwise.
std::optional<qint64> wholeNumber(const QJsonValue &value, double low, double high)
{
    double number = std::nan("");
    if (value.isDouble()) {
        number = value.toDouble();
    } else if (value.isString()) {
        bool ok = false;
        number = value.toString().trimmed().left(32).toDouble(&ok);
        if (!ok)
            return std::nullopt;
    }
    if (!std::isfinite(number) || number < low || number > high)
        return std::nullopt;
    return qint64(std::floor(number));
}

bool flag(const QJsonValue &value)
{
    if (value.isBool())
        return value.toBool();
    if (value.isString())
        return value.toString().compare(u"true"_s, Qt::CaseInsensitive) == 0;
    return value.isDouble() && value.toDouble() != 0;
}

QDateTime timestamp(const QJsonValue &value)
{
    if (!value.isString() || value.toString().size() > 64)
        return {};
    return IsoTimestamp::parse(value.toString());
}

// Up to the field cap of the items that are objects; `keepLast` keeps the newest of a long timeline.
QList<QJsonObject> objects(const QJsonValue &value, bool keepLast = false)
{
    QList<QJsonObject> out;
    const QJsonArray array = value.toArray();
    const qsizetype count = array.size();
    const qsizetype start = keepLast ? std::max<qsizetype>(0, count - BlaxelDecoder::maxEntriesPerField) : 0;
    for (qsizetype i = start; i < count && out.size() < BlaxelDecoder::maxEntriesPerField; ++i)
        if (array.at(i).isObject())
            out << array.at(i).toObject();
    return out;
}

// Only https, or plain http to this machine (the emulator): requests with the key go there.
QUrl acceptedSandboxUrl(const QString &text)
{
    if (text.isEmpty())
        return {};
    QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty() || !url.userInfo().isEmpty())
        return {};
    const QString scheme = url.scheme().toLower();
    if (scheme == u"https"_s || (scheme == u"http"_s && UrlPolicy::isLoopbackHost(url.host())))
        return url;
    return {};
}

QMap<QString, QString> readLabels(const QJsonValue &value)
{
    QMap<QString, QString> labels;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end() && labels.size() < BlaxelDecoder::maxEntriesPerField;
         ++it) {
        if (it.key().isEmpty() || it.value().isObject() || it.value().isArray())
            continue;
        labels.insert(bounded(it.key()), text(it.value()));
    }
    return labels;
}

QList<BlaxelSandbox::Env> readEnvs(const QJsonValue &value)
{
    QList<BlaxelSandbox::Env> envs;
    const QJsonArray array = value.toArray();
    for (const auto &item : array) {
        if (envs.size() >= BlaxelDecoder::maxEntriesPerField)
            break;
        BlaxelSandbox::Env env;
        if (item.isObject()) {
            const QJsonObject object = item.toObject();
            env.name = text(object, "name"_L1);
            env.value = text(object, "value"_L1);
            env.secret = flag(object.value("secret"_L1));
        } else if (item.isString()) {
            // The older shape types envs as "<any>": a "NAME=value" string is the one reading that fits.
            const QString pair = item.toString();
            const qsizetype equals = pair.indexOf(u'=');
            env.name = bounded(equals < 0 ? pair : pair.left(equals));
            env.value = equals < 0 ? QString() : bounded(pair.mid(equals + 1));
        }
        if (!env.name.isEmpty())
            envs << env;
    }
    return envs;
}

void readRuntime(const QJsonObject &runtime, BlaxelSandbox *sandbox)
{
    sandbox->image = text(runtime, "image"_L1);
    sandbox->memoryMb = wholeNumber(runtime.value("memory"_L1), 0, 1.0e9).value_or(-1);
    for (const QJsonObject &object : objects(runtime.value("ports"_L1))) {
        BlaxelSandbox::Port port;
        port.name = text(object, "name"_L1);
        port.target = int(wholeNumber(object.value("target"_L1), 1, 65535).value_or(0));
        port.protocol = text(object, "protocol"_L1);
        sandbox->ports << port;
    }
    sandbox->envs = readEnvs(runtime.value("envs"_L1));
    sandbox->ttl = text(runtime, "ttl"_L1);
    sandbox->expires = text(runtime, "expires"_L1);
}

void readSpec(const QJsonObject &spec, BlaxelSandbox *sandbox)
{
    sandbox->region = text(spec, "region"_L1);
    readRuntime(spec.value("runtime"_L1).toObject(), sandbox);
    for (const QJsonObject &object :
         objects(spec.value("lifecycle"_L1).toObject().value("expirationPolicies"_L1))) {
        BlaxelSandbox::ExpirationPolicy policy;
        policy.type = text(object, "type"_L1);
        policy.value = text(object, "value"_L1);
        policy.action = text(object, "action"_L1);
        sandbox->expirationPolicies << policy;
    }
    for (const QJsonObject &object : objects(spec.value("volumes"_L1))) {
        BlaxelSandbox::Volume volume;
        volume.name = text(object, "name"_L1);
        volume.mountPath = text(object, "mountPath"_L1);
        volume.readOnly = flag(object.value("readOnly"_L1));
        sandbox->volumes << volume;
    }
    for (const QJsonObject &object : objects(spec.value("flavors"_L1))) {
        BlaxelSandbox::Flavor flavor;
        flavor.name = text(object, "name"_L1);
        flavor.type = text(object, "type"_L1);
        sandbox->flavors << flavor;
    }
    const QJsonValue revision = spec.value("revision"_L1);
    sandbox->revision = revision.isObject() ? text(revision.toObject(), "active"_L1) : text(revision);
}

void readMetadata(const QJsonObject &metadata, BlaxelSandbox *sandbox)
{
    sandbox->name = text(metadata, "name"_L1);
    sandbox->displayName = text(metadata, "displayName"_L1);
    sandbox->labels = readLabels(metadata.value("labels"_L1));
    sandbox->workspace = text(metadata, "workspace"_L1);
    sandbox->urlText = text(metadata, "url"_L1);
    sandbox->url = acceptedSandboxUrl(sandbox->urlText);
    sandbox->createdAt = timestamp(metadata.value("createdAt"_L1));
    sandbox->updatedAt = timestamp(metadata.value("updatedAt"_L1));
    sandbox->createdBy = text(metadata, "createdBy"_L1);
    sandbox->updatedBy = text(metadata, "updatedBy"_L1);
}

QJsonValue masked(const QJsonValue &value)
{
    return value.isUndefined() || value.isNull() ? value : QJsonValue(RemoteText::mask());
}

} // namespace

QUrl BlaxelDecoder::acceptedUrl(const QString &text)
{
    return acceptedSandboxUrl(text);
}

BlaxelSandbox BlaxelDecoder::readSandbox(const QJsonObject &object)
{
    BlaxelSandbox sandbox;
    readMetadata(object.value("metadata"_L1).toObject(), &sandbox);
    readSpec(object.value("spec"_L1).toObject(), &sandbox);
    sandbox.status = text(object, "status"_L1);
    sandbox.state = text(object, "state"_L1);
    for (const QJsonObject &item : objects(object.value("events"_L1), true)) {
        BlaxelSandbox::Event event;
        event.message = text(item, "message"_L1);
        event.status = text(item, "status"_L1);
        event.type = text(item, "type"_L1);
        event.revision = text(item, "revision"_L1);
        event.time = timestamp(item.value("time"_L1));
        sandbox.events << event;
    }
    for (const QJsonObject &item : objects(object.value("errors"_L1), true)) {
        BlaxelSandbox::Error error;
        error.code = text(item, "code"_L1);
        error.message = text(item, "message"_L1);
        error.time = timestamp(item.value("time"_L1));
        error.fatal = flag(item.value("fatal"_L1));
        sandbox.errors << error;
    }
    sandbox.lastUsedAt = timestamp(object.value("lastUsedAt"_L1));
    // A century either way: anything further is no countdown a person can use.
    sandbox.expiresInSeconds = wholeNumber(object.value("expiresIn"_L1), -3.2e9, 3.2e9);
    sandbox.legacyTtl = wholeNumber(object.value("ttl"_L1), -1.0e15, 1.0e15);
    sandbox.raw = object;
    return sandbox;
}

ApiResult<BlaxelSandbox> BlaxelDecoder::sandbox(const QByteArray &body)
{
    const auto parsed = JsonReply::document(body);
    if (!parsed)
        return parsed.error();
    if (!parsed->isObject())
        return ApiError::decode(QCoreApplication::translate("BlaxelDecoder", "expected a sandbox object"),
                                body);
    return readSandbox(parsed->object());
}

ApiResult<BlaxelSandboxList> BlaxelDecoder::sandboxList(const QByteArray &body)
{
    const auto parsed = JsonReply::document(body);
    if (!parsed)
        return parsed.error();
    BlaxelSandboxList list;
    QJsonArray rows;
    if (parsed->isArray()) {
        // The shape without the version header: every row, no paging.
        rows = parsed->array();
    } else {
        const QJsonObject object = parsed->object();
        const QJsonValue data = object.value("data"_L1);
        const QJsonValue meta = object.value("meta"_L1);
        if (!data.isArray() && !(data.isUndefined() || data.isNull()))
            return ApiError::decode(QCoreApplication::translate("BlaxelDecoder", "`data` is not a list"),
                                    body);
        if (!data.isArray() && !meta.isObject())
            return ApiError::decode(
                QCoreApplication::translate("BlaxelDecoder", "neither a list nor `data` in the reply"), body);
        rows = data.toArray();
        const QJsonObject paging = meta.toObject();
        list.hasMore = flag(paging.value("hasMore"_L1));
        const QJsonValue cursor = paging.value("nextCursor"_L1);
        if (cursor.isString() && cursor.toString().size() <= maxCursorLength)
            list.nextCursor = cursor.toString();
        list.total = int(wholeNumber(paging.value("total"_L1), 0, 1.0e9).value_or(-1));
    }
    const qsizetype count = rows.size();
    list.items.reserve(std::min<qsizetype>(count, maxRowsPerList));
    for (qsizetype i = 0; i < count; ++i) {
        if (list.items.size() >= maxRowsPerList) {
            list.incompleteReason =
                QCoreApplication::translate("BlaxelDecoder",
                                            "The server sent %1 rows in one answer; the first %2 are shown.")
                    .arg(count)
                    .arg(maxRowsPerList);
            break;
        }
        BlaxelSandbox sandbox = rows.at(i).isObject() ? readSandbox(rows.at(i).toObject()) : BlaxelSandbox{};
        if (sandbox.name.isEmpty()) {
            ++list.skipped; // nothing can be asked about a sandbox without a name
            continue;
        }
        list.items << std::move(sandbox);
    }
    return list;
}

QJsonObject BlaxelDecoder::maskedSecrets(const QJsonObject &raw)
{
    QJsonObject object = raw;
    QJsonObject spec = object.value("spec"_L1).toObject();
    if (spec.isEmpty())
        return object;
    QJsonObject runtime = spec.value("runtime"_L1).toObject();
    if (runtime.value("envs"_L1).isArray()) {
        QJsonArray envs = runtime.value("envs"_L1).toArray();
        for (qsizetype i = 0; i < envs.size(); ++i) {
            QJsonObject env = envs.at(i).toObject();
            if (envs.at(i).isObject() && flag(env.value("secret"_L1)) && env.contains("value"_L1)) {
                env.insert("value"_L1, masked(env.value("value"_L1)));
                envs.replace(i, env);
            }
        }
        runtime.insert("envs"_L1, envs);
        spec.insert("runtime"_L1, runtime);
    }
    // The older shape keeps configuration values beside a `secret` flag.
    if (spec.value("configurations"_L1).isObject()) {
        QJsonObject configurations = spec.value("configurations"_L1).toObject();
        for (auto it = configurations.begin(); it != configurations.end(); ++it) {
            QJsonObject entry = it.value().toObject();
            if (it.value().isObject() && flag(entry.value("secret"_L1)) && entry.contains("value"_L1)) {
                entry.insert("value"_L1, masked(entry.value("value"_L1)));
                it.value() = entry;
            }
        }
        spec.insert("configurations"_L1, configurations);
    }
    object.insert("spec"_L1, spec);
    return object;
}
