#include "emulator/blaxel/blaxelfilesystemremove.h"

#include "emulator/blaxel/blaxelreplies.h"
#include "emulator/blaxel/blaxelsandboxpaths.h"
#include "emulator/server/incomingrequest.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Emulator {

HttpReply BlaxelFilesystemRemove::remove(const IncomingRequest &request, const QString &root,
                                         const QStringList &segments)
{
    QString error;
    const std::optional<QString> sandboxPath = BlaxelSandboxPaths::fromUrlSegments(segments, &error);
    if (!sandboxPath)
        return BlaxelReplies::sandboxError(400, error);
    if (*sandboxPath == u"/" || *sandboxPath == BlaxelSandboxPaths::workingDirectory())
        return BlaxelReplies::sandboxError(400, u"%1 cannot be removed"_s.arg(*sandboxPath));
    const std::optional<QString> real = BlaxelSandboxPaths::realPath(root, *sandboxPath, &error);
    if (!real)
        return BlaxelReplies::sandboxError(403, error);
    const QFileInfo info(*real);
    if (!info.exists() && !info.isSymLink())
        return BlaxelReplies::sandboxError(404, u"no such file or directory: %1"_s.arg(*sandboxPath));
    bool removed = false;
    // A link goes itself, never what it points to.
    if (info.isDir() && !info.isSymLink()) {
        QDir folder(*real);
        const bool empty =
            folder.isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
        if (!empty && !request.queryFlag(u"recursive"_s, false))
            return BlaxelReplies::sandboxError(
                400,
                u"%1 is a directory that is not empty: remove it with recursive=true"_s.arg(*sandboxPath));
        removed = folder.removeRecursively();
    } else {
        removed = QFile::remove(*real);
    }
    if (!removed)
        return BlaxelReplies::sandboxError(500, u"cannot remove %1"_s.arg(*sandboxPath));
    return HttpReply::json(
        200, QJsonObject{{u"message"_s, u"Path deleted successfully"_s}, {u"path"_s, *sandboxPath}});
}

} // namespace Emulator
