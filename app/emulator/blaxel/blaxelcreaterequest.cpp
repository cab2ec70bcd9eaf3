#include "emulator/blaxel/blaxelcreaterequest.h"

#include "emulator/blaxel/blaxelsandboxjson.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

constexpr qsizetype maxTextLength = 256;
constexpr qsizetype maxValueLength = 4096;

bool optionalString(const QJsonObject &object, const QString &key, const QString &where, qsizetype maxLength,
                    QString *value, QString *error)
{
    const QJsonValue field = object.value(key);
    if (field.isUndefined() || field.isNull())
        return true;
    if (!field.isString() || field.toString().size() > maxLength) {
        *error = u"%1%2 must be a string of at most %3 characters"_s.arg(where, key).arg(maxLength);
        return false;
    }
    *value = field.toString();
    return true;
}

bool parseLabels(const QJsonValue &value, QJsonObject *labels, QString *error)
{
    if (value.isUndefined() || value.isNull())
        return true;
    static const QRegularExpression key(u"^[A-Za-z0-9]([A-Za-z0-9._/-]{0,61}[A-Za-z0-9])?$"_s);
    const QJsonObject object = value.toObject();
    if (!value.isObject() || object.size() > BlaxelCreateRequest::maxLabels) {
        *error =
            u"metadata.labels must be an object of at most %1 labels"_s.arg(BlaxelCreateRequest::maxLabels);
        return false;
    }
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        if (!key.match(it.key()).hasMatch() || !it.value().isString() || it.value().toString().size() > 63) {
            *error = u"metadata.labels: '%1' needs a name of letters, digits, '.', '_', '/' or '-' and a "
                     "string value of at most 63 characters"_s.arg(it.key().left(64));
            return false;
        }
    }
    *labels = object;
    return true;
}

bool parsePorts(const QJsonValue &value, QJsonArray *ports, QString *error)
{
    if (value.isUndefined() || value.isNull())
        return true;
    const QJsonArray items = value.toArray();
    if (!value.isArray() || items.size() > BlaxelCreateRequest::maxPorts) {
        *error =
            u"spec.runtime.ports must be a list of at most %1 ports"_s.arg(BlaxelCreateRequest::maxPorts);
        return false;
    }
    for (const auto &item : items) {
        const QJsonObject port = item.toObject();
        const int target = port.value(u"target"_s).toInt(0);
        const QString protocol = port.value(u"protocol"_s).toString(u"HTTP"_s).toUpper();
        QString name;
        if (!item.isObject() || target < 1 || target > 65535 ||
            !(protocol == u"HTTP" || protocol == u"TCP" || protocol == u"UDP") ||
            !optionalString(port, u"name"_s, u"spec.runtime.ports[]."_s, 63, &name, error)) {
            if (error->isEmpty())
                *error =
                    u"spec.runtime.ports[] needs a target from 1 to 65535 and a protocol HTTP, TCP or UDP"_s;
            return false;
        }
        ports->append(QJsonObject{{u"name"_s, name}, {u"target"_s, target}, {u"protocol"_s, protocol}});
    }
    return true;
}

bool parseEnvs(const QJsonValue &value, QJsonArray *envs, QString *error)
{
    if (value.isUndefined() || value.isNull())
        return true;
    static const QRegularExpression name(u"^[A-Za-z_][A-Za-z0-9_]{0,127}$"_s);
    const QJsonArray items = value.toArray();
    if (!value.isArray() || items.size() > BlaxelCreateRequest::maxEnvs) {
        *error =
            u"spec.runtime.envs must be a list of at most %1 variables"_s.arg(BlaxelCreateRequest::maxEnvs);
        return false;
    }
    for (const auto &item : items) {
        const QJsonObject env = item.toObject();
        const QJsonValue envValue = env.value(u"value"_s);
        if (!item.isObject() || !name.match(env.value(u"name"_s).toString()).hasMatch() ||
            !(envValue.isUndefined() || envValue.isString()) || envValue.toString().size() > maxValueLength) {
            // The value is never quoted back: it may be a secret.
            *error = u"spec.runtime.envs[] needs a name of letters, digits and '_' and a string value of at "
                     "most %1 characters"_s.arg(maxValueLength);
            return false;
        }
        envs->append(QJsonObject{{u"name"_s, env.value(u"name"_s).toString()},
                                 {u"value"_s, envValue.toString()},
                                 {u"secret"_s, env.value(u"secret"_s).toBool(false)}});
    }
    return true;
}

bool parsePolicies(const QJsonValue &value, QJsonArray *policies, QString *error)
{
    if (value.isUndefined() || value.isNull())
        return true;
    const QJsonArray items = value.toArray();
    if (!value.isArray() || items.size() > BlaxelCreateRequest::maxPolicies) {
        *error = u"spec.lifecycle.expirationPolicies must be a list of at most %1 policies"_s.arg(
            BlaxelCreateRequest::maxPolicies);
        return false;
    }
    for (const auto &item : items) {
        const QJsonObject policy = item.toObject();
        const QString type = policy.value(u"type"_s).toString();
        const QString text = policy.value(u"value"_s).toString();
        const QString action = policy.value(u"action"_s).toString(u"delete"_s);
        const bool validValue = type == u"date" ? QDateTime::fromString(text, Qt::ISODate).isValid()
                                                : BlaxelSandboxJson::durationSeconds(text) >= 0;
        if (!(type == u"ttl-idle" || type == u"ttl-max-age" || type == u"date") || !validValue ||
            action != u"delete") {
            *error = u"spec.lifecycle.expirationPolicies[] needs a type ttl-idle, ttl-max-age or date, a "
                     "value like \"24h\" (a date for type date) and the action delete"_s;
            return false;
        }
        policies->append(QJsonObject{{u"type"_s, type}, {u"value"_s, text}, {u"action"_s, action}});
    }
    return true;
}

} // namespace

bool BlaxelCreateRequest::validName(const QString &name)
{
    static const QRegularExpression pattern(u"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$"_s);
    return pattern.match(name).hasMatch();
}

const QStringList &BlaxelCreateRequest::regions()
{
    static const QStringList list{u"us-pdx-1"_s, u"us-was-1"_s, u"eu-lon-1"_s};
    return list;
}

std::optional<BlaxelSandbox> BlaxelCreateRequest::parse(const QJsonObject &body, QString *error)
{
    BlaxelSandbox sandbox;
    const QJsonObject metadata = body.value(u"metadata"_s).toObject();
    const QJsonObject spec = body.value(u"spec"_s).toObject();
    const QJsonObject runtime = spec.value(u"runtime"_s).toObject();
    const QJsonObject lifecycle = spec.value(u"lifecycle"_s).toObject();
    sandbox.name = metadata.value(u"name"_s).toString();
    if (!validName(sandbox.name)) {
        *error = u"metadata.name is required: 1 to 63 lower-case letters, digits or '-', not starting or "
                 "ending with '-'"_s;
        return std::nullopt;
    }
    sandbox.displayName = sandbox.name;
    sandbox.region = regions().constFirst();
    sandbox.image = u"blaxel/base-image:latest"_s;
    if (!optionalString(metadata, u"displayName"_s, u"metadata."_s, maxTextLength, &sandbox.displayName,
                        error) ||
        !parseLabels(metadata.value(u"labels"_s), &sandbox.labels, error) ||
        !optionalString(spec, u"region"_s, u"spec."_s, 32, &sandbox.region, error) ||
        !optionalString(runtime, u"image"_s, u"spec.runtime."_s, maxTextLength, &sandbox.image, error) ||
        !optionalString(runtime, u"ttl"_s, u"spec.runtime."_s, 32, &sandbox.ttl, error) ||
        !parsePorts(runtime.value(u"ports"_s), &sandbox.ports, error) ||
        !parseEnvs(runtime.value(u"envs"_s), &sandbox.envs, error) ||
        !parsePolicies(lifecycle.value(u"expirationPolicies"_s), &sandbox.expirationPolicies, error))
        return std::nullopt;
    if (!regions().contains(sandbox.region)) {
        *error = u"spec.region must be one of %1"_s.arg(regions().join(u", "_s));
        return std::nullopt;
    }
    if (sandbox.image.trimmed().isEmpty()) {
        *error = u"spec.runtime.image must not be empty"_s;
        return std::nullopt;
    }
    if (!sandbox.ttl.isEmpty() && BlaxelSandboxJson::durationSeconds(sandbox.ttl) < 0) {
        *error = u"spec.runtime.ttl must be a duration like \"24h\", \"30m\" or \"1h30m\""_s;
        return std::nullopt;
    }
    const QJsonValue memory = runtime.value(u"memory"_s);
    if (!memory.isUndefined() && !memory.isNull()) {
        const double mb = memory.toDouble(-1);
        if (!memory.isDouble() || mb != double(qint64(mb)) || mb < 512 || mb > 65536) {
            *error = u"spec.runtime.memory must be a whole number of MB from 512 to 65536"_s;
            return std::nullopt;
        }
        sandbox.memoryMb = int(mb);
    }
    QString expires;
    if (!optionalString(runtime, u"expires"_s, u"spec.runtime."_s, 64, &expires, error))
        return std::nullopt;
    if (!expires.isEmpty()) {
        sandbox.expires = QDateTime::fromString(expires, Qt::ISODate);
        if (!sandbox.expires.isValid()) {
            *error = u"spec.runtime.expires must be an RFC 3339 date"_s;
            return std::nullopt;
        }
    }
    return sandbox;
}

} // namespace Emulator
