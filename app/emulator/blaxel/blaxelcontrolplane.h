#pragma once

#include "emulator/blaxel/blaxelsandbox.h"
#include "emulator/blaxel/blaxelsettings.h"
#include "emulator/server/httpreply.h"

#include <QDateTime>
#include <QMap>
#include <QStringList>
#include <QUrl>

namespace Emulator {

struct IncomingRequest;

// The control plane under /v0/sandboxes, one list of sandboxes per workspace: list (filters, search, sort,
// cursor paging, the version-dependent shape), get, create (409, quota) and delete (DELETING, then TERMINATED
// and kept a while). Time moves lazily: advance() applies what happened since the last request.
class BlaxelControlPlane
{
public:
    static constexpr int maxWorkspaces = 64;
    static constexpr int maxEvents = 50;
    static constexpr int maxLimit = 200;
    static constexpr int defaultLimit = 50;

    explicit BlaxelControlPlane(const BlaxelSettings &settings);

    void seed(const QList<BlaxelSandbox> &sandboxes);
    // Applies due transitions; answers the sandboxes (workspace, name) that became TERMINATED, whose data the
    // caller destroys.
    QList<QPair<QString, QString>> advance(const QDateTime &now);

    HttpReply list(const IncomingRequest &request, const QString &workspace, bool versioned,
                   const QUrl &apiBase);
    HttpReply get(const QString &workspace, const QString &name, const QUrl &apiBase);
    // On success `created` names the new sandbox, whose folder the caller empties.
    HttpReply create(const IncomingRequest &request, const QString &workspace, const QUrl &apiBase,
                     QString *created);
    HttpReply remove(const QString &workspace, const QString &name, const QUrl &apiBase);
    // PUT /sandboxes/{name}: the SDK sends the whole sandbox back, changed (updateMetadata, updateTtl,
    // updateLifecycle). A PUT replaces: what a live sandbox can change is taken from it, and a field the body
    // leaves out is cleared (display name, labels, TTL, expiry date, expiration policies). Image, memory,
    // ports, envs and region stay as they were.
    HttpReply update(const IncomingRequest &request, const QString &workspace, const QString &name,
                     const QUrl &apiBase);

    BlaxelSandbox *find(const QString &workspace, const QString &name);
    void touch(BlaxelSandbox &sandbox); // its own API was used: RUNNING again, idle clock restarted

private:
    static void addEvent(BlaxelSandbox &sandbox, const QString &type, const QString &status,
                         const QString &message, const QDateTime &time);
    void startDeletion(BlaxelSandbox &sandbox, const QDateTime &now, const QString &message);

    const BlaxelSettings &m_settings;
    QMap<QString, QList<BlaxelSandbox>> m_workspaces;
};

} // namespace Emulator
