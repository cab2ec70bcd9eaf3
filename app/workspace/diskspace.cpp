#include "workspace/diskspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDevice>
#include <QFileInfo>
#include <QStorageInfo>

namespace DiskSpace {

bool isNearlyFull(const QString &path)
{
    const qint64 available = QStorageInfo(QFileInfo(path).absolutePath()).bytesAvailable();
    return available >= 0 && available < qint64{1024} * 1024;
}

WriteFailure writeFailure(const QFileDevice &file)
{
    if (isNearlyFull(file.fileName())) {
        return {
            QCoreApplication::translate("DiskSpace", "No space left on device: the disk holding %1 is full")
                .arg(QDir::toNativeSeparators(QFileInfo(file.fileName()).absolutePath())),
            TransferJob::FailureKind::DiskFull};
    }
    return {file.errorString(), TransferJob::FailureKind::Local};
}

} // namespace DiskSpace
