#include "api/blaxelcreaterequest.h"

#include "api/blaxelsandboxname.h"
#include "api/unsafecharacters.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

QString BlaxelCreateRequest::problem() const
{
    if (QString nameProblem = BlaxelSandboxName::problem(name); !nameProblem.isEmpty())
        return nameProblem;
    if (image.trimmed().isEmpty())
        return QCoreApplication::translate(
            "BlaxelCreateRequest", "Choose an image for the sandbox (for example blaxel/base-image:latest).");
    if (UnsafeCharacters::containsControl(image) || UnsafeCharacters::containsControl(region) ||
        UnsafeCharacters::containsControl(ttl) || UnsafeCharacters::containsControl(displayName))
        return QCoreApplication::translate(
            "BlaxelCreateRequest",
            "The display name, image, region and TTL must be single lines without control characters.");
    if (memoryMb < 0)
        return QCoreApplication::translate(
            "BlaxelCreateRequest", "The memory must be a positive number of MB, or 0 for the default.");
    QSet<int> targets;
    for (const auto &port : ports) {
        if (port.target < 1 || port.target > 65535)
            return QCoreApplication::translate("BlaxelCreateRequest",
                                               "Each port must be between 1 and 65535.");
        if (targets.contains(port.target))
            return QCoreApplication::translate("BlaxelCreateRequest", "Port %1 is listed twice.")
                .arg(port.target);
        targets.insert(port.target);
    }
    if (QString problem = environmentProblem(envs); !problem.isEmpty())
        return problem;
    for (auto it = labels.cbegin(); it != labels.cend(); ++it)
        if (it.key().trimmed().isEmpty() || UnsafeCharacters::containsControl(it.key()) ||
            UnsafeCharacters::containsControl(it.value()))
            return QCoreApplication::translate(
                "BlaxelCreateRequest",
                "Each label needs a key, and neither key nor value may hold control characters.");
    return {};
}

QString BlaxelCreateRequest::environmentProblem(const QList<BlaxelSandbox::Env> &envs)
{
    QSet<QString> names;
    for (const auto &env : envs) {
        if (env.name.isEmpty() || env.name.contains(u'=') || UnsafeCharacters::containsControl(env.name))
            return QCoreApplication::translate(
                "BlaxelCreateRequest",
                "Each environment variable needs a name without '=' or control characters.");
        if (names.contains(env.name))
            return QCoreApplication::translate("BlaxelCreateRequest",
                                               "An environment variable is named twice.");
        names.insert(env.name);
    }
    return {};
}

QByteArray BlaxelCreateRequest::toJson() const
{
    QJsonObject metadata{{u"name"_s, name}};
    if (!displayName.isEmpty())
        metadata.insert(u"displayName"_s, displayName);
    if (!labels.isEmpty()) {
        QJsonObject labelObject;
        for (auto it = labels.cbegin(); it != labels.cend(); ++it)
            labelObject.insert(it.key(), it.value());
        metadata.insert(u"labels"_s, labelObject);
    }

    QJsonObject runtime{{u"image"_s, image.trimmed()}};
    if (memoryMb > 0)
        runtime.insert(u"memory"_s, double(memoryMb));
    if (!ports.isEmpty()) {
        QJsonArray array;
        for (const auto &port : ports) {
            QJsonObject object{{u"target"_s, port.target}};
            if (!port.name.isEmpty())
                object.insert(u"name"_s, port.name);
            object.insert(u"protocol"_s, port.protocol.isEmpty() ? u"HTTP"_s : port.protocol);
            array << object;
        }
        runtime.insert(u"ports"_s, array);
    }
    if (!envs.isEmpty()) {
        QJsonArray array;
        for (const auto &env : envs) {
            QJsonObject object{{u"name"_s, env.name}, {u"value"_s, env.value}};
            if (env.secret)
                object.insert(u"secret"_s, true);
            array << object;
        }
        runtime.insert(u"envs"_s, array);
    }
    if (!ttl.isEmpty())
        runtime.insert(u"ttl"_s, ttl.trimmed());

    QJsonObject spec{{u"runtime"_s, runtime}};
    if (!region.isEmpty())
        spec.insert(u"region"_s, region.trimmed());
    if (!expirationPolicies.isEmpty()) {
        QJsonArray array;
        for (const auto &policy : expirationPolicies)
            array << QJsonObject{{u"type"_s, policy.type},
                                 {u"value"_s, policy.value},
                                 {u"action"_s, policy.action.isEmpty() ? u"delete"_s : policy.action}};
        spec.insert(u"lifecycle"_s, QJsonObject{{u"expirationPolicies"_s, array}});
    }
    return QJsonDocument(QJsonObject{{u"metadata"_s, metadata}, {u"spec"_s, spec}})
        .toJson(QJsonDocument::Compact);
}
