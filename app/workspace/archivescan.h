#pragma once

#include "api/workspacelimits.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

// What a pack would contain, for the drop confirmation ("312 files, 48 MB"). Found by the same walk as
// the pack itself, so the counts match what is archived.
struct ArchiveScan
{
    qint64 fileCount = 0;
    qint64 dirCount = 0;
    qint64 linkCount = 0;
    qint64 totalBytes = 0; // content of the regular files: the total of the pack's progress
    QStringList skipped;   // "path (reason)" for sockets, FIFOs, devices and names that are not UTF-8
    QString error;         // empty unless the walk failed

    // Why a server with these limits would refuse the pack (every file, folder and link is a tar entry),
    // or "".
    QString refusedBy(const WorkspaceLimits &limits) const
    {
        return limits.refusal(fileCount + dirCount + linkCount, totalBytes, -1);
    }
};

Q_DECLARE_METATYPE(ArchiveScan)
