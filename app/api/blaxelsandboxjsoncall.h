#pragma once

#include "api/blaxelsandboxfiles.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <functional>
#include <utility>

// One request of a sandbox's own API whose answer is JSON (a search, the process list, a delete), for the
// calls that are not transfers: the body read within maxJsonBytes, an HTTP error in BlaxelSandboxReply's
// sentences, and a request the sandbox refused while starting (503; 502 and 504 too for a GET, which changes
// nothing) sent again within startupWaitMs. The caller sets the call's deadline.
class BlaxelSandboxJsonCall
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelSandboxJsonCall)

public:
    // Names and values as typed: each is percent-encoded whole ('+', '&' and '%' included).
    using Query = QList<std::pair<QString, QString>>;

    // `path` is encoded already ("/process/x%2Fy"); `what` names what was asked for in an error. `answered`
    // gets the body of a 2xx answer; every failure goes to the call's own. A non-empty `body` is sent as
    // JSON.
    static void send(BlaxelSandboxFiles *files, BlaxelSandboxCall *call, const QByteArray &verb,
                     const QString &path, const Query &query, const QString &what,
                     const std::function<void(const QByteArray &)> &answered, const QByteArray &body = {});
    // "/filesystem-find/..." and the like: `area` followed by a remote path as filesystemPath() encodes it.
    static QString areaPath(const QString &area, const QString &remotePath);
};
