#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace Emulator {

class Workspace;

// tar.gz in and out of a Workspace with libarchive: what the provider does with uploads (initialize) and for
// dumps, done here on bytes in memory.
class WorkspaceArchive
{
public:
    struct Limits
    {
        qint64 maxTotalBytes = qint64(512) * 1024 * 1024; // uncompressed file content
        int maxEntries = 20000;
        int maxPathLength = 4096;
    };

    // Unpacks a gzip-compressed tar into `workspace`, on top of what it holds. Only files, folders and
    // relative symlinks that stay inside are accepted; anything else rejects the whole archive and leaves
    // `workspace` as it was. Answers an error text, empty on success.
    static QString extract(const QByteArray &tarGz, Workspace &workspace, const Limits &limits);
    static QString extract(const QByteArray &tarGz, Workspace &workspace)
    {
        return extract(tarGz, workspace, {});
    }

    // Packs the workspace as the provider's dump does: "." first, then every entry as "./path".
    static QByteArray pack(const Workspace &workspace, const QDateTime &modified);
};

} // namespace Emulator
