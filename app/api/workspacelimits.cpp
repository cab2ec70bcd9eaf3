#include "api/workspacelimits.h"

#include <QCoreApplication>
#include <QLocale>

namespace {

QString bytes(qint64 count)
{
    return QLocale().formattedDataSize(count, 1, QLocale::DataSizeSIFormat);
}

} // namespace

QString WorkspaceLimits::refusal(qint64 entries, qint64 unpackedBytes, qint64 uploadBytes) const
{
    if (maxEntries >= 0 && entries > maxEntries)
        return QCoreApplication::translate(
                   "WorkspaceLimits", "The server takes at most %1 files, folders and links in one upload, "
                                      "and this holds %2. Upload fewer at a time.")
            .arg(QLocale().toString(maxEntries), QLocale().toString(entries));
    if (maxUnpackedBytes >= 0 && unpackedBytes > maxUnpackedBytes)
        return QCoreApplication::translate("WorkspaceLimits",
                                           "The server unpacks at most %1 of files from one upload, and this "
                                           "holds %2. Upload less at a time.")
            .arg(bytes(maxUnpackedBytes), bytes(unpackedBytes));
    if (maxUploadBytes >= 0 && uploadBytes > maxUploadBytes)
        return QCoreApplication::translate("WorkspaceLimits",
                                           "The server takes at most %1 per upload, and this archive is %2.")
            .arg(bytes(maxUploadBytes), bytes(uploadBytes));
    return {};
}
