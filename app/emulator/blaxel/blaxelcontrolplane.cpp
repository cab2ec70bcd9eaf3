#include "emulator/blaxel/blaxelcontrolplane.h"

#include "emulator/blaxel/blaxelcreaterequest.h"
#include "emulator/blaxel/blaxellistquery.h"
#include "emulator/blaxel/blaxelreplies.h"
#include "emulator/blaxel/blaxelsandboxjson.h"
#include "emulator/server/incomingrequest.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

HttpReply notFound(const QString &name)
{
    return BlaxelReplies::controlError(404, u"Sandbox %1 not found"_s.arg(name));
}

} // namespace

BlaxelControlPlane::BlaxelControlPlane(const BlaxelSettings &settings) : m_settings(settings) {}

void BlaxelControlPlane::seed(const QList<BlaxelSandbox> &sandboxes)
{
    for (const BlaxelSandbox &sandbox : sandboxes)
        m_workspaces[sandbox.workspace].append(sandbox);
}

BlaxelSandbox *BlaxelControlPlane::find(const QString &workspace, const QString &name)
{
    auto it = m_workspaces.find(workspace);
    if (it == m_workspaces.end())
        return nullptr;
    for (BlaxelSandbox &sandbox : *it) {
        if (sandbox.name == name)
            return &sandbox;
    }
    return nullptr;
}

void BlaxelControlPlane::touch(BlaxelSandbox &sandbox)
{
    sandbox.lastUsedAt = QDateTime::currentDateTimeUtc();
}

void BlaxelControlPlane::addEvent(BlaxelSandbox &sandbox, const QString &type, const QString &status,
                                  const QString &message, const QDateTime &time)
{
    sandbox.events.append(QJsonObject{{u"type"_s, type},
                                      {u"status"_s, status},
                                      {u"message"_s, message},
                                      {u"time"_s, BlaxelSandboxJson::timestamp(time)},
                                      {u"revision"_s, u"rev-1"_s}});
    while (sandbox.events.size() > maxEvents)
        sandbox.events.removeFirst();
}

void BlaxelControlPlane::startDeletion(BlaxelSandbox &sandbox, const QDateTime &now, const QString &message)
{
    sandbox.status = u"DELETING"_s;
    sandbox.updatedAt = now;
    sandbox.transitionAt = now.addMSecs(m_settings.transitionMs);
    addEvent(sandbox, u"DELETION"_s, sandbox.status, message, now);
}

QList<QPair<QString, QString>> BlaxelControlPlane::advance(const QDateTime &now)
{
    QList<QPair<QString, QString>> terminated;
    for (QList<BlaxelSandbox> &sandboxes : m_workspaces) {
        for (BlaxelSandbox &sandbox : sandboxes) {
            const bool due = sandbox.transitionAt.isValid() && sandbox.transitionAt <= now;
            if (sandbox.status == u"DEPLOYING" && due) {
                sandbox.status = u"DEPLOYED"_s;
                sandbox.updatedAt = sandbox.transitionAt;
                sandbox.lastUsedAt = sandbox.transitionAt;
                sandbox.transitionAt = QDateTime();
                addEvent(sandbox, u"DEPLOYMENT"_s, sandbox.status, u"Sandbox is ready"_s, sandbox.updatedAt);
            } else if (sandbox.status == u"DELETING" && due) {
                sandbox.status = u"TERMINATED"_s;
                sandbox.updatedAt = sandbox.transitionAt;
                sandbox.terminatedAt = sandbox.transitionAt;
                sandbox.transitionAt = QDateTime();
                addEvent(sandbox, u"DELETION"_s, sandbox.status, u"Sandbox deleted"_s, sandbox.updatedAt);
                terminated.append({sandbox.workspace, sandbox.name});
            } else if (sandbox.status == u"DEPLOYED" && BlaxelSandboxJson::expiresIn(sandbox, now) == 0) {
                startDeletion(sandbox, now, u"Expired: deleted by its expiration policy"_s);
            }
        }
        sandboxes.removeIf([&](const BlaxelSandbox &sandbox) {
            return sandbox.status == u"TERMINATED" && sandbox.terminatedAt.isValid() &&
                   sandbox.terminatedAt.addMSecs(m_settings.terminatedRetentionMs) <= now;
        });
    }
    return terminated;
}

HttpReply BlaxelControlPlane::list(const IncomingRequest &request, const QString &workspace, bool versioned,
                                   const QUrl &apiBase)
{
    QString error;
    const std::optional<BlaxelListQuery> query =
        BlaxelListQuery::parse(request, defaultLimit, maxLimit, &error);
    if (!query)
        return BlaxelReplies::controlError(400, error);
    static const QList<BlaxelSandbox> none;
    const auto it = m_workspaces.constFind(workspace);
    const BlaxelListQuery::Page page = query->page(it == m_workspaces.constEnd() ? none : *it, versioned);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QJsonArray items;
    for (const BlaxelSandbox *sandbox : page.items) {
        items.append(BlaxelSandboxJson::toJson(*sandbox, apiBase, now, m_settings.idleToStandbyMs,
                                               BlaxelSandboxJson::Form::ListItem));
    }
    if (!versioned)
        return HttpReply::json(200, items);
    const QJsonObject meta{
        {u"hasMore"_s, page.hasMore},
        {u"nextCursor"_s, page.hasMore ? QJsonValue(page.nextCursor) : QJsonValue(QJsonValue::Null)},
        {u"total"_s, double(page.total)},
    };
    return HttpReply::json(200, QJsonObject{{u"data"_s, items}, {u"meta"_s, meta}});
}

HttpReply BlaxelControlPlane::get(const QString &workspace, const QString &name, const QUrl &apiBase)
{
    const BlaxelSandbox *sandbox = find(workspace, name);
    if (!sandbox)
        return notFound(name);
    return HttpReply::json(200, BlaxelSandboxJson::toJson(*sandbox, apiBase, QDateTime::currentDateTimeUtc(),
                                                          m_settings.idleToStandbyMs,
                                                          BlaxelSandboxJson::Form::Full));
}

HttpReply BlaxelControlPlane::create(const IncomingRequest &request, const QString &workspace,
                                     const QUrl &apiBase, QString *created)
{
    created->clear();
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return BlaxelReplies::controlError(400, u"The body must be a JSON object (a Sandbox)"_s);
    QString error;
    std::optional<BlaxelSandbox> sandbox = BlaxelCreateRequest::parse(document.object(), &error);
    if (!sandbox)
        return BlaxelReplies::controlError(400, error);
    if (!m_workspaces.contains(workspace) && m_workspaces.size() >= maxWorkspaces)
        return BlaxelReplies::quotaExceeded(workspace, 0);
    QList<BlaxelSandbox> &sandboxes = m_workspaces[workspace];
    const BlaxelSandbox *existing = find(workspace, sandbox->name);
    if (existing && existing->status != u"TERMINATED")
        return BlaxelReplies::controlError(409, u"Sandbox %1 already exists"_s.arg(sandbox->name));
    const auto live = std::count_if(sandboxes.cbegin(), sandboxes.cend(),
                                    [](const BlaxelSandbox &s) { return s.status != u"TERMINATED"; });
    if (live >= m_settings.quotaPerWorkspace)
        return BlaxelReplies::quotaExceeded(workspace, m_settings.quotaPerWorkspace);
    // A terminated record's name is free again: the new sandbox takes its place.
    sandboxes.removeIf([&](const BlaxelSandbox &s) { return s.name == sandbox->name; });
    const QDateTime now = QDateTime::currentDateTimeUtc();
    sandbox->workspace = workspace;
    sandbox->createdAt = now;
    sandbox->updatedAt = now;
    sandbox->createdBy = u"api-key"_s;
    sandbox->updatedBy = u"api-key"_s;
    sandbox->lastUsedAt = now;
    sandbox->status = u"DEPLOYING"_s;
    sandbox->transitionAt = now.addMSecs(m_settings.transitionMs);
    addEvent(*sandbox, u"DEPLOYMENT"_s, sandbox->status, u"Deployment started"_s, now);
    sandboxes.append(*sandbox);
    *created = sandbox->name;
    return HttpReply::json(200, BlaxelSandboxJson::toJson(sandboxes.constLast(), apiBase, now,
                                                          m_settings.idleToStandbyMs,
                                                          BlaxelSandboxJson::Form::Full));
}

HttpReply BlaxelControlPlane::remove(const QString &workspace, const QString &name, const QUrl &apiBase)
{
    BlaxelSandbox *sandbox = find(workspace, name);
    if (!sandbox || sandbox->status == u"TERMINATED")
        return notFound(name);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (sandbox->status != u"DELETING")
        startDeletion(*sandbox, now, u"Deletion requested"_s);
    else if (!sandbox->transitionAt.isValid())
        sandbox->transitionAt = now.addMSecs(m_settings.transitionMs); // a seeded one, touched at last
    return HttpReply::json(200, BlaxelSandboxJson::toJson(*sandbox, apiBase, now, m_settings.idleToStandbyMs,
                                                          BlaxelSandboxJson::Form::Full));
}

HttpReply BlaxelControlPlane::update(const IncomingRequest &request, const QString &workspace,
                                     const QString &name, const QUrl &apiBase)
{
    BlaxelSandbox *sandbox = find(workspace, name);
    if (!sandbox || sandbox->status == u"TERMINATED")
        return notFound(name);
    if (sandbox->status == u"DELETING")
        return BlaxelReplies::controlError(409, u"Sandbox %1 is being deleted"_s.arg(name));
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return BlaxelReplies::controlError(400, u"The body must be a JSON object (a Sandbox)"_s);
    QJsonObject body = document.object();
    QJsonObject metadata = body.value(u"metadata"_s).toObject();
    if (!metadata.contains(u"name"_s)) {
        metadata.insert(u"name"_s, name);
        body.insert(u"metadata"_s, metadata);
    } else if (metadata.value(u"name"_s).toString() != name) {
        return BlaxelReplies::controlError(400,
                                           u"metadata.name cannot change (the sandbox is %1)"_s.arg(name));
    }
    // The body is checked as a whole, as at create: a changed sandbox must still be a valid one.
    QString error;
    const std::optional<BlaxelSandbox> changed = BlaxelCreateRequest::parse(body, &error);
    if (!changed)
        return BlaxelReplies::controlError(400, error);
    sandbox->displayName = changed->displayName;
    sandbox->labels = changed->labels;
    sandbox->ttl = changed->ttl;
    sandbox->expires = changed->expires;
    sandbox->expirationPolicies = changed->expirationPolicies;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    sandbox->updatedAt = now;
    sandbox->updatedBy = u"api-key"_s;
    addEvent(*sandbox, u"UPDATE"_s, sandbox->status, u"Sandbox updated"_s, now);
    return HttpReply::json(200, BlaxelSandboxJson::toJson(*sandbox, apiBase, now, m_settings.idleToStandbyMs,
                                                          BlaxelSandboxJson::Form::Full));
}

} // namespace Emulator
